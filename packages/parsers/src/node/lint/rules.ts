/**
 * The lint rules, each declared once: its id (`BF` and three digits, stable, never reused), the
 * title, the severity, the family and one sentence of why, with the sources that say so.
 * docs/05-lint-rules.md has one entry per rule, checked against this list by rules.test.ts.
 *
 * Severities: `error`, the number is not a measurement of what it is labelled; `warning`, it is
 * doubtful; `note`, worth knowing when reading it. Ids are numbered by family: BF0xx cache,
 * BF1xx errors and incomplete runs, BF2xx method.
 */

export type LintSeverity = 'error' | 'warning' | 'note';
export type LintFamily = 'cache' | 'errors' | 'method';

export interface LintRule {
  id: string;
  title: string;
  severity: LintSeverity;
  family: LintFamily;
  why: string;
  sources: string[];
}

const FIO_HOWTO = 'https://fio.readthedocs.io/en/latest/fio_doc.html';
const BONNIE_MAN = 'bonnie++(8), https://manpages.debian.org/bookworm/bonnie++/bonnie++.8.en.html';
const BONNIE_SOURCE = 'bonnie++.cpp (bonnie++ 1.9x-2.00a): "File size should be double RAM for good results"';
const BONNIE_README = 'bonnie++ readme.html (/usr/share/doc/bonnie++/readme.html)';
const BONNIE_1 = 'Bonnie (Tim Bray), bonnie(1), https://man.freebsd.org/cgi/man.cgi?query=bonnie';
const SYSBENCH_HELP =
  '`sysbench fileio help` (sysbench 1.0.20): --file-total-size, --file-extra-flags {sync,dsync,direct}';
const DD_MAN = 'https://www.gnu.org/software/coreutils/manual/html_node/dd-invocation.html';
const MLPERF_STORAGE =
  'MLPerf Storage rules, https://github.com/mlcommons/storage (the data set checked against client memory)';

export const LINT_RULES = [
  {
    id: 'BF001',
    title: 'fio buffered I/O on a data set smaller than twice the memory',
    severity: 'error',
    family: 'cache',
    why: 'Without direct=1 fio reads and writes through the page cache, and a data set (size × numjobs) under twice the memory can be served by it: the number measures memory, not the device.',
    sources: [
      `${FIO_HOWTO} (direct: "If value is true, use non-buffered I/O ... Default: false"; size; numjobs)`,
      MLPERF_STORAGE,
    ],
  },
  {
    id: 'BF002',
    title: 'bonnie++ file size smaller than twice the memory',
    severity: 'error',
    family: 'cache',
    why: "bonnie++'s I/O tests are buffered; it refuses a file under twice the RAM it finds (unless -r tells it a smaller RAM), because a smaller file is read and written in the page cache.",
    sources: [
      BONNIE_SOURCE,
      `${BONNIE_MAN} (-s; -r: "checked to ensure they make sense for a machine of that much RAM")`,
      `${BONNIE_1} (BUGS: a file "at least twice" the available RAM "to protect against artificially high results")`,
    ],
  },
  {
    id: 'BF003',
    title: 'sysbench fileio without O_DIRECT on files smaller than twice the memory',
    severity: 'error',
    family: 'cache',
    why: "sysbench fileio opens its files buffered unless --file-extra-flags=direct, so files under twice the memory are read and written in the page cache (the threshold is bonnie++'s: sysbench states none).",
    sources: [SYSBENCH_HELP, BONNIE_SOURCE, MLPERF_STORAGE],
  },
  {
    id: 'BF004',
    title: 'dd without oflag=direct or conv=fdatasync on less than twice the memory',
    severity: 'error',
    family: 'cache',
    why: 'dd writes into the page cache and reports when the last write() returns: without oflag=direct, a sync flag or conv=fdatasync, a transfer under twice the memory is timed mostly in memory.',
    sources: [
      `${DD_MAN} (oflag=direct, oflag=dsync/sync, conv=fdatasync: "physically write output file data before finishing")`,
    ],
  },
  {
    id: 'BF005',
    title: 'reads the device did not see',
    severity: 'error',
    family: 'cache',
    why: "When the device under the filesystem read under a tenth of what the tool reports it read, over the tool's own seconds (iostat or sadf of the same run), the rest was served from memory: the read rate is the page cache's, not the device's.",
    sources: [
      'iostat(1), https://man7.org/linux/man-pages/man1/iostat.1.html (rsec/s, rkB/s, rMB/s: "The number of sectors (kilobytes, megabytes) read from the device per second"; -t)',
      'sadf(1), https://man7.org/linux/man-pages/man1/sadf.1.html (-j; sar -d -p: rkB/s)',
      `${FIO_HOWTO} (direct; invalidate: "Invalidate the buffer/page cache parts of the files to be used prior to starting I/O")`,
      'https://www.brendangregg.com/activebenchmarking.html (check what the benchmark really tests with other tools while it runs)',
    ],
  },
  {
    id: 'BF006',
    title: 'the device wrote far more than the tool',
    severity: 'note',
    family: 'cache',
    why: "When the device under the filesystem wrote more than twice what the tool wrote over the same seconds, the filesystem (journal, copy-on-write, metadata) or the device layer multiplied the writes: the tool's rate is not the device's.",
    sources: [
      'iostat(1), https://man7.org/linux/man-pages/man1/iostat.1.html (wsec/s, wkB/s, wMB/s: "The number of sectors (kilobytes, megabytes) written to the device per second"; -t)',
      'sadf(1), https://man7.org/linux/man-pages/man1/sadf.1.html (-j; sar -d -p: wkB/s)',
      'https://www.brendangregg.com/activebenchmarking.html',
    ],
  },
  {
    id: 'BF101',
    title: 'fio job ended with an error',
    severity: 'error',
    family: 'errors',
    why: "fio reports err≠0 when an I/O or a setup step failed; the job's numbers cover only what ran before the failure.",
    sources: [`${FIO_HOWTO} (Interpreting the output: err=; continue_on_error)`],
  },
  {
    id: 'BF102',
    title: 'fio job runtime far from its siblings',
    severity: 'warning',
    family: 'errors',
    why: 'A job that ran more than three times as long as the median of the other jobs of the same fio run (and past any runtime it was given) stalled or did something the others did not: its rate is an average over that.',
    sources: [
      `${FIO_HOWTO} (runtime, time_based; Interpreting the output: runt=)`,
      'https://www.brendangregg.com/activebenchmarking.html',
    ],
  },
  {
    id: 'BF103',
    title: 'one fio I/O took a large share of the job',
    severity: 'warning',
    family: 'errors',
    why: "When the slowest single I/O (clat max) lasts more than a quarter of the job's runtime, the job's rate is mostly that one wait (a flush, a stall, a device reset), not the device's steady rate.",
    sources: [
      `${FIO_HOWTO} (Interpreting the output: clat min/max/avg)`,
      'https://www.brendangregg.com/activebenchmarking.html',
    ],
  },
  {
    id: 'BF104',
    title: 'bonnie++ test too fast to measure (+++++)',
    severity: 'warning',
    family: 'errors',
    why: 'bonnie++ prints +++++ when a test ended in under 500 ms, too soon for its timer to give a rate: there is no measurement, and the data set is too small for the machine.',
    sources: [`${BONNIE_MAN} ("If a test completes in less than 500ms then the output will be displayed as ++++")`],
  },
  {
    id: 'BF105',
    title: 'fio short or dropped I/Os',
    severity: 'warning',
    family: 'errors',
    why: 'A short I/O moved less than the block size asked (fio issues the rest again) and a dropped one was lost: the job did not do I/Os of the size it reports, so its IOPS and latencies are not of that size.',
    sources: [
      `${FIO_HOWTO} (Interpreting the output, "IO issued rwt": "The number of read/write/trim requests issued, and how many of them were short or dropped")`,
      'fio stat.c (show_thread_status_normal: `issued rwts: total=... short=... dropped=...`; json: short_ios, drop_ios) and io_u.c (io_completed: a residual requeues the rest of the I/O)',
    ],
  },
  {
    id: 'BF106',
    title: 'fio time_based job ended well before its runtime',
    severity: 'warning',
    family: 'errors',
    why: 'With time_based fio loops over its files until runtime is over; a job that ran under 90 % of it was stopped (a signal, exitall, a full device) and its numbers cover only that part.',
    sources: [
      `${FIO_HOWTO} (time_based: "fio will run for the duration of the runtime specified even if the file(s) are completely read or written"; runtime)`,
    ],
  },
  {
    id: 'BF107',
    title: 'sysbench ignored errors or reconnects',
    severity: 'warning',
    family: 'errors',
    why: 'sysbench counts the queries that failed with an error it was told to ignore (the transaction is retried) and the connections it opened again; its rates count only what went through, so they describe a database that was failing part of the time.',
    sources: [
      '`sysbench --help` (sysbench 1.0.20): --mysql-ignore-errors=[LIST,...], list of errors to ignore, or "all", default [1213,1020,1205]; "ignored errors" and "reconnects" in SQL statistics, https://github.com/akopytov/sysbench',
    ],
  },
  {
    id: 'BF108',
    title: 'dd partial records',
    severity: 'warning',
    family: 'errors',
    why: 'dd counts whole and partial blocks as N+M: a partial record is a read or write that moved less than the block size (a short read from a pipe, a device or the end of a file), so the copy was not made of the blocks its command says.',
    sources: [
      'dd(1), https://man.openbsd.org/OpenBSD-5.9/dd.1 ("dd displays the number of complete and partial input and output blocks")',
      `${DD_MAN} (iflag=fullblock: accumulate full blocks from short reads)`,
    ],
  },
  {
    id: 'BF109',
    title: 'dd printed an error',
    severity: 'error',
    family: 'errors',
    why: 'A `dd: error writing ...` or `dd: error reading ...` line means the copy did not go as its command says (a full device, a bad block): its bytes, time and rate cover only what dd copied.',
    sources: [`${DD_MAN} (conv=noerror; the statistics dd prints when it stops)`],
  },
  {
    id: 'BF201',
    title: 'fio iodepth above 1 with a synchronous engine',
    severity: 'warning',
    family: 'method',
    why: 'A synchronous ioengine (sync, psync, vsync, pvsync, pvsync2, mmap) has one I/O in flight per job whatever iodepth says: the depth the page reports was not tested.',
    sources: [`${FIO_HOWTO} (iodepth: "increasing iodepth beyond 1 will not affect synchronous ioengines"; ioengine)`],
  },
  {
    id: 'BF202',
    title: 'bonnie++ per-character test bound by the CPU',
    severity: 'warning',
    family: 'method',
    why: "bonnie++'s per-character tests call putc()/getc() once a byte; at 95 % CPU or more the rate is the CPU's speed at those calls, not the storage's.",
    sources: [
      `${BONNIE_README} (Per-Character: "written using the putc() stdio macro")`,
      `${BONNIE_1} ("The per character read and write tests are generally limited by CPU speed only")`,
    ],
  },
] as const satisfies readonly LintRule[];

export type LintRuleId = (typeof LINT_RULES)[number]['id'];

/** The rule of an id. */
export function lintRule(id: LintRuleId): LintRule {
  const rule = LINT_RULES.find((candidate) => candidate.id === id);
  if (rule === undefined) throw new Error(`no lint rule ${id}`);
  return rule;
}
