import type { Measurement, MeasurementUnit } from '../measurement.ts';
import { DD } from './context.ts';
import type { DdResult, DdRun, DdTransfer } from './schema.ts';

/**
 * The tidy view of a dd result, per run (label `run`, 0-based):
 *   bytes (B), elapsed (s), bw (B/s)                   from the transfer line
 *   records.in.full, records.in.partial, records.out.full, records.out.partial,
 *   records.truncated (count)                          from the records lines
 * and per status=progress line (labels `run` and `sample`, 0-based): bytes, elapsed, bw.
 *
 * `bw` of a run is bytes over the printed seconds, computed here: dd's own rate is rounded to two
 * or three figures (`459 MB/s`), while its seconds have six (`2.34567 s`). A progress line is the
 * other way round: its seconds are whole (coreutils 8.28 and later print `%.0f s`) while its rate
 * comes from the exact time, so the progress `bw` is dd's printed rate. An infinite rate (`0 s`)
 * gives no `bw`.
 */
export function _ddMeasurements(result: DdResult): Measurement[] {
  const measurements: Measurement[] = [];
  for (const run of result.runs) addRun(measurements, run);
  return measurements;
}

function addRun(out: Measurement[], run: DdRun): void {
  const labels = { run: String(run.index) };
  const add = (metric: string, unit: MeasurementUnit, value: number | null, extra: Record<string, string> = labels) => {
    if (value !== null && Number.isFinite(value)) out.push({ tool: DD, metric, unit, value, labels: extra });
  };
  if (run.transfer !== null) addTransfer(add, run.transfer, run.transfer.bytesPerSec, labels);
  if (run.recordsIn !== null && run.recordsOut !== null) {
    add('records.in.full', 'count', run.recordsIn.full);
    add('records.in.partial', 'count', run.recordsIn.partial);
    add('records.out.full', 'count', run.recordsOut.full);
    add('records.out.partial', 'count', run.recordsOut.partial);
    add('records.truncated', 'count', run.truncatedRecords);
  }
  run.progress.forEach((point, sample) => {
    addTransfer(add, point, point.printedBytesPerSec, { ...labels, sample: String(sample) });
  });
}

function addTransfer(
  add: (metric: string, unit: MeasurementUnit, value: number | null, labels: Record<string, string>) => void,
  transfer: DdTransfer,
  bytesPerSec: number | null,
  labels: Record<string, string>,
): void {
  add('bytes', 'B', transfer.bytesCopied, labels);
  add('elapsed', 's', transfer.elapsedNs / 1e9, labels);
  add('bw', 'B/s', bytesPerSec, labels);
}
