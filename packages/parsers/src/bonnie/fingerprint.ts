import {
  _bytesField,
  _countField,
  _wordField,
  _workloadPhrase,
  type FingerprintField,
  type WorkloadFingerprint,
  type WorkloadKind,
} from '../fingerprint.ts';
import { type BonnieResult, type BonnieRun, CSV_TEST_NAMES, TEST_ORDER } from './schema.ts';

/**
 * bonnie++'s workload fingerprint, one per run: the file size of the I/O tests (and, when the
 * caller gives the machine's memory, its ratio to it: bonnie++ wants twice the RAM so that the
 * page cache cannot hold the file), the chunk size, the tests that ran (`-f` skips the per-char
 * ones, `-n 0` the file tests), the file-creation counts and sizes, and the concurrency. All are
 * in the CSV line and the table (source `report`); bonnie++ prints neither the RAM it assumed
 * (`-r`) nor the directory.
 */

export interface BonnieFingerprintContext {
  /** The memory of the machine the run was on, in bytes (a run.yaml's `system.memory.bytes`). */
  memoryBytes?: number | undefined;
}

export function _bonnieFingerprints(
  result: BonnieResult,
  context: BonnieFingerprintContext = {},
): WorkloadFingerprint[] {
  return result.runs.map((run, index) => fingerprintOf(run, index, context));
}

function fingerprintOf(run: BonnieRun, runIndex: number, context: BonnieFingerprintContext): WorkloadFingerprint {
  const source = 'report' as const;
  const fields: FingerprintField[] = [];
  const ran = TEST_ORDER.filter((test) => run.tests[test].status !== 'not_run').map((test) => CSV_TEST_NAMES[test]);
  fields.push(
    _wordField({ key: 'tests', label: 'tests run', source, weight: 3 }, ran.length === 0 ? 'none' : ran.join(' ')),
  );
  if (run.fileSizeBytes !== null) {
    fields.push(_bytesField({ key: 'size', label: 'file size', source, weight: 2 }, run.fileSizeBytes));
    const memory = context.memoryBytes;
    if (memory !== undefined && memory > 0) {
      const ratio = run.fileSizeBytes / memory;
      fields.push(
        _countField(
          {
            key: 'size-to-ram',
            label: 'file size / RAM',
            source: 'system',
            weight: 2,
            text: `${Number(ratio.toPrecision(3))}× RAM`,
          },
          ratio,
        ),
      );
    }
  }
  if (run.chunkSizeBytes !== null)
    fields.push(_bytesField({ key: 'chunk', label: 'chunk size', source, weight: 2 }, run.chunkSizeBytes));
  if (run.numFiles !== null)
    fields.push(_countField({ key: 'files', label: 'files created', source, weight: 2 }, run.numFiles * 1024));
  if (run.maxSizeBytes !== null)
    fields.push(_bytesField({ key: 'max-file-size', label: 'largest file', source }, run.maxSizeBytes));
  if (run.minSizeBytes !== null)
    fields.push(_bytesField({ key: 'min-file-size', label: 'smallest file', source }, run.minSizeBytes));
  if (run.numDirs !== null) fields.push(_countField({ key: 'dirs', label: 'directories', source }, run.numDirs));
  if (run.fileKind !== null && run.fileKind !== 'regular')
    fields.push(_wordField({ key: 'file-kind', label: 'file kind', source }, run.fileKind));
  fields.push(_countField({ key: 'threads', label: 'concurrency', source, weight: 2 }, run.concurrency));
  const kind: WorkloadKind = { category: 'filesystem-suite', access: null, op: null, source: null };
  return {
    tool: 'bonnie',
    workload: run.name,
    run: runIndex,
    line: run.line,
    kind,
    summary: _workloadPhrase({ kind, fields }),
    fields,
  };
}
