import { z } from 'zod';

/**
 * The one typed shape every dd output parses into. dd (GNU coreutils, and BusyBox) prints its
 * statistics on standard error when it ends (coreutils src/dd.c print_stats, print_xfer_stats):
 *
 *   8+0 records in
 *   8+0 records out
 *   8388608 bytes (8.4 MB, 8.0 MiB) copied, 0.0199349 s, 421 MB/s
 *
 * Values are in base units with the unit in the name: bytes, nanoseconds, bytes per second,
 * counts. dd's own rate is rounded to two or three figures; the exact rate (bytes over the
 * printed seconds) is kept beside it.
 */

export const DD_LANGUAGES = ['en', 'de', 'fr'] as const;
export const DdLanguageSchema = z
  .enum(DD_LANGUAGES)
  .describe('The language of the words dd printed: en (C and English locales), de, fr (coreutils po/de.po, po/fr.po).');

export const DdRecordsSchema = z
  .object({
    // Whole numbers, not z.int(): dd counts to 2^63, past the safe integers zod's int() checks.
    full: z
      .number()
      .nonnegative()
      .describe('Whole records (blocks of ibs bytes in, obs bytes out), in count: the number before "+".'),
    partial: z
      .number()
      .nonnegative()
      .describe('Partial records (short reads or writes), in count: the number after "+".'),
  })
  .describe('A `N+M records in` or `N+M records out` line (`Datensätze ein/aus`, `enregistrements lus/écrits`).');

export const TRANSFER_STYLES = ['coreutils', 'busybox', 'bsd'] as const;
export const TIME_UNITS = ['s', 'second', 'seconds', 'secs'] as const;

export const DdTransferSchema = z
  .object({
    bytesCopied: z
      .number()
      .nonnegative()
      .describe(
        'Bytes written, in B: the count dd prints first on the line (`1073741824 bytes`), exact up to 2^53 (9 PB).',
      ),
    elapsedNs: z
      .number()
      .nonnegative()
      .describe(
        'Time since dd started, in ns, from the seconds it printed: printf %g in coreutils (six significant digits), whole seconds in status=progress lines of coreutils 8.28 and later, %f in BusyBox.',
      ),
    elapsedText: z
      .string()
      .describe('The seconds as printed, such as "2.34", "4.1979e-05", "0,0124003" (decimal comma in de and fr).'),
    timeUnit: z
      .enum(TIME_UNITS)
      .describe(
        'The time unit printed: "s" (coreutils 6.1 and later, BSD status=progress), "second(s)" (coreutils 5.3 to 6.0, BusyBox; "seconds" in the BSD-style sentence of coreutils before 5.3), "secs" (FreeBSD and macOS dd).',
      ),
    bytesPerSec: z
      .number()
      .nonnegative()
      .nullable()
      .describe(
        'The exact rate in B/s: bytesCopied over the printed seconds (computed here; dd rounds its own). Null when dd printed 0 s and the rate "Infinity".',
      ),
    printedBytesPerSec: z
      .number()
      .nonnegative()
      .nullable()
      .describe(
        "dd's own rate in B/s (`459 MB/s` is 459000000), rounded by dd to two or three significant figures from the exact time: powers of 1000 in coreutils, of 1024 in BusyBox. Null for `Infinity B/s`.",
      ),
    printedRate: z.string().describe('The rate as printed: "459 MB/s", "Infinity B/s", "Unendlich B/s", "2.4GB/s".'),
    isRateInfinite: z.boolean().describe('True when dd printed an infinite rate (no time had passed: `0 s`).'),
    sizeSi: z
      .string()
      .nullable()
      .describe(
        'The size in powers of 1000 dd printed in parentheses ("1.1 GB"); null when it printed none (coreutils 8.25 and later, under 1000 bytes). BusyBox prints powers of 1024 here ("16.0MB").',
      ),
    sizeIec: z
      .string()
      .nullable()
      .describe('The size in powers of 1024 ("1.0 GiB"), coreutils 8.25 and later, from 1024 bytes up; else null.'),
    style: z
      .enum(TRANSFER_STYLES)
      .describe(
        'coreutils: a space before each unit ("1.1 GB", "459 MB/s"); busybox: none ("16.0MB", "2.4GB/s"), powers of 1024; bsd: FreeBSD and macOS dd ("N bytes transferred in S secs (R bytes/sec)", whole bytes per second; status=progress "N bytes (SI, IEC) transferred S.SSSs, R/s").',
      ),
    line: z.number().int().positive().describe('1-based line of the input where the statement starts.'),
  })
  .describe(
    "One transfer statement: `1073741824 bytes (1.1 GB, 1.0 GiB) copied, 2.34 s, 459 MB/s`, and every variant since coreutils 5.3 (`(1.1 GB) copied, 2.34 seconds`), in English, German or French; and the BSD dd's `1073741824 bytes transferred in 2.340000 secs (458864882 bytes/sec)` (FreeBSD, macOS).",
  );

export const DD_SEVERITIES = ['error', 'warning'] as const;

export const DdDiagnosticSchema = z
  .object({
    message: z
      .string()
      .describe('The message after "dd: ", as printed: "error writing \'/dev/sdb\': No space left on device".'),
    severity: z
      .enum(DD_SEVERITIES)
      .describe('warning when dd prefixed it so ("warning:", "Warnung:", "avertissement :"); error otherwise.'),
    line: z.number().int().positive().describe('1-based line of the input.'),
  })
  .describe('A message dd printed about a failure or an oddity (`dd: ...`).');

export const DdRunSchema = z
  .object({
    index: z.number().int().nonnegative().describe('0-based position of the run in the input.'),
    line: z
      .number()
      .int()
      .positive()
      .describe('1-based line where the run starts (its first progress or message line).'),
    toolVersion: z
      .string()
      .nullable()
      .describe('The coreutils version of a `dd (coreutils) 9.1` line above the run (dd --version); null when none.'),
    language: DdLanguageSchema.nullable().describe(
      'The language of the records lines (else of the transfer line); null for words of another language.',
    ),
    recordsIn: DdRecordsSchema.nullable().describe(
      'Records read; null only for a transfer line quoted without its records lines.',
    ),
    recordsOut: DdRecordsSchema.nullable().describe(
      'Records written; null only for a transfer line quoted without its records lines.',
    ),
    truncatedRecords: z
      .number()
      .nonnegative()
      .describe(
        'Records cut to cbs by conv=block, in count (`1 truncated record`, `ein abgeschnittener Datensatz`); 0 when dd printed no such line (it prints it only when there are some).',
      ),
    transfer: DdTransferSchema.nullable().describe(
      'The final transfer line; null when dd printed none (status=noxfer, or coreutils before 5.3).',
    ),
    progress: z
      .array(DdTransferSchema)
      .describe(
        'The status=progress lines before the summary, in order (dd rewrites them on one line with a carriage return), and the line coreutils 9.1 and later prints before it syncs with conv=fdatasync or fsync. Their seconds are whole in coreutils 8.28 and later, so their printedBytesPerSec (from the exact time) is the better rate.',
      ),
    errors: z
      .array(DdDiagnosticSchema)
      .describe("dd's messages printed before this run's statistics (an error before the summary leaves it valid)."),
  })
  .describe(
    'One dd statistics report: its records lines, its transfer line, and the progress and messages before them. dd prints the same report when it gets SIGUSR1 (SIGINFO) mid-copy: each report is a run.',
  );

export const DdResultSchema = z
  .object({
    runs: z
      .array(DdRunSchema)
      .describe('Every report in the input, in input order (a script that loops dd gives several).'),
    errors: z
      .array(DdDiagnosticSchema)
      .describe('Messages after the last report: a dd that stopped before printing statistics (`failed to open`).'),
  })
  .describe('A dd output: its statistics reports.');

export type DdLanguage = z.output<typeof DdLanguageSchema>;
export type DdRecords = z.output<typeof DdRecordsSchema>;
export type DdTransfer = z.output<typeof DdTransferSchema>;
export type DdDiagnostic = z.output<typeof DdDiagnosticSchema>;
export type DdRun = z.output<typeof DdRunSchema>;
export type DdResult = z.output<typeof DdResultSchema>;
