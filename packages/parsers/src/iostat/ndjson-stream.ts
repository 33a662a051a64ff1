import { JsonBytesWriter } from '../json-bytes.ts';
import type { TextBatch } from '../lines.ts';
import type { ParseWarning } from '../parser.ts';
import { IostatMachine } from './machine.ts';
import { writeOutputLine } from './ndjson.ts';
import { DeviceRowWriter } from './ndjson-rows.ts';
import type { IostatReport } from './schema.ts';
import { TextReader } from './stream.ts';

/** Output gathered up to this size is handed on: about one write per 256 KB. */
const HAND_ON_BYTES = 256 * 1024;

/**
 * The `benchfolio parse --ndjson` bytes of a streamed iostat text log (ToolParser.ndjsonStream),
 * written as the log is read, without the typed device rows: the same bytes as iostatNdjson of
 * each output of streamIostatOutputs, in the same order, and the same ParseError at the same
 * line and column (after the bytes of the reports before it). The same report machine reads the
 * lines; only its device rows go to a DeviceRowWriter, which writes a plain row's JSON from its
 * printed digits (and hands any row it does not recognise back to the machine's careful reading).
 * Each report's line is written when the machine ends the report; the bytes are handed on per
 * chunk once there are HAND_ON_BYTES of them, so the caller awaits once per write, and reading
 * waits while the caller writes (backpressure). JSON logs, and `--tidy`, take the typed path
 * (null here).
 */
export function iostatNdjsonStream(
  batches: AsyncIterable<TextBatch>,
  format: 'text' | 'json',
  file: string,
): AsyncIterable<Uint8Array> | null {
  return format === 'text' ? textNdjson(batches, file) : null;
}

async function* textNdjson(batches: AsyncIterable<TextBatch>, file: string): AsyncGenerator<Uint8Array> {
  const machine = new IostatMachine();
  const rows = new DeviceRowWriter();
  machine.rows = rows;
  const reader = new TextReader(machine, file);
  const out = new JsonBytesWriter();
  let warningCount = 0;
  /** Writes the output of one report (or of none: a cut at the end), as TextOutputs.piece makes it. */
  const write = (report: IostatReport | null, isTruncated: boolean): void => {
    let warnings: ParseWarning[] = [];
    if (machine.warnings.length !== warningCount) {
      warnings = machine.warnings.slice(warningCount);
      warningCount = machine.warnings.length;
    }
    const result = { format: 'text' as const, host: machine.host, isTruncated, summary: [] };
    const output = { tool: 'iostat' as const, format: 'text', toolVersion: null, result, warnings };
    writeOutputLine(out, file, output, report === null ? [] : [report], rows.sealed());
  };
  try {
    for await (const batch of batches) {
      reader.start(batch);
      for (let report = reader.next(); report !== undefined; report = reader.next()) write(report, false);
      if (out.size >= HAND_ON_BYTES) yield out.takeBytes();
    }
    const last = reader.finish();
    if (last !== undefined) write(last, machine.isTruncated);
    else if (machine.isTruncated || machine.warnings.length !== warningCount) write(null, machine.isTruncated);
  } catch (error) {
    // The reports read before an error are written, as the typed path writes them before it
    // throws.
    if (out.size > 0) yield out.takeBytes();
    throw error;
  }
  if (out.size > 0) yield out.takeBytes();
}
