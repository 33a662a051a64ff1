import type { BenchCase } from '../cases.ts';
import { BYTES_PER_MB as MB } from '../sizes.ts';

/**
 * The dd bench cases (see BenchCase in ../cases.ts): a 1 GB log of dd runs, as a script that
 * loops dd over a day writes it, built from real coreutils 9.1 outputs made here (status=progress
 * copies, one with conv=fdatasync, an oflag=direct copy, a loop of runs with dd's version line)
 * and a French status=progress log of the corpus, repeated with varied numbers. `parse` refuses a
 * dd output past 1 MiB (MAX_DD_INPUT_CHARS); the stream reads one of any length, a run at a time
 * (dd/stream.ts): `dd-log-stream-result` (`parseStream` to typed results) and `dd-log-cli-ndjson`
 * (`benchfolio parse --ndjson`). Issue 39 asks of every format's `--ndjson` under 256 MiB at 1 GB;
 * the peak at a quarter of the size against the whole shows the memory does not grow with it.
 */
const DD_LOGS = [
  'fixtures/dd/dd-9.1--progress.input.txt',
  'fixtures/dd/dd-9.1--progress-fdatasync.input.txt',
  'fixtures/dd/dd-9.1--direct.input.txt',
  'fixtures/dd/dd-9.1--loop-with-version.input.txt',
  'dd/unidentified-fr-lvm-notes__dd-coreutils-fr-progress-3runs.txt',
];
const LOG_BYTES = 1000 * MB;
const ISSUE_39_TARGETS = { maxPeakRssBytes: 256 * 1024 * 1024 };

export const DD_BENCH_CASES: readonly BenchCase[] = [
  {
    name: 'dd-log-stream-result',
    tool: 'dd',
    corpusFiles: DD_LOGS,
    targetBytes: LOG_BYTES,
    mode: 'stream-result',
    targets: ISSUE_39_TARGETS,
  },
  {
    name: 'dd-log-cli-ndjson',
    tool: 'dd',
    corpusFiles: DD_LOGS,
    targetBytes: LOG_BYTES,
    mode: 'cli-ndjson',
    targets: ISSUE_39_TARGETS,
  },
];
