import { type _BonnieContext, _bonnieError, _warn } from './context.ts';
import { _isVersionedCsvStart, _layoutsForFormatVersion, CSV_LAYOUTS, type CsvLayout } from './csv-layout.ts';
import { _buildTests, type _RunDraft, type _TestCells, TEST_ORDER } from './draft.ts';
import { type _Field, _NO_FILE_SPEC, _readFileFields, _readFileSpecToken } from './file-spec.ts';
import type { TestName } from './schema.ts';
import { _readCpu, _readInteger, _readLatency, _readRate, _readSize } from './values.ts';

/** Splits a line at its commas, each field with its offset in the normalized text. */
export function _splitFields(line: string, offset: number): _Field[] {
  const fields: _Field[] = [];
  let start = 0;
  for (let comma = line.indexOf(','); comma !== -1; comma = line.indexOf(',', start)) {
    fields.push({ text: line.slice(start, comma), offset: offset + start });
    start = comma + 1;
  }
  fields.push({ text: line.slice(start), offset: offset + start });
  return fields;
}

/** The layout of a CSV line, or a COLUMN_COUNT error naming what was expected. */
function layoutOf(context: _BonnieContext, fields: _Field[], lineEnd: number): CsvLayout {
  const first = fields[0] as _Field;
  if (!_isVersionedCsvStart(`${first.text},${fields[1]?.text ?? ''},`)) return CSV_LAYOUTS['1.03'];
  const candidates = _layoutsForFormatVersion(first.text);
  const layout = candidates.find((candidate) => candidate.fieldCount === fields.length);
  if (layout !== undefined) return layout;
  const largest = Math.max(...candidates.map((candidate) => candidate.fieldCount));
  const expected = candidates.map((candidate) => candidate.fieldCount).join(' or ');
  // A format version bonnie++ prints has one field count: fewer fields is a line cut short,
  // even where the count is another layout's (a 50-field 1.98 line cut to 48 is no 1.96 line).
  if (candidates.length === 1 && fields.length < largest) {
    throw _bonnieError(
      context,
      lineEnd,
      'TRUNCATED',
      `a bonnie++ CSV line of format version ${first.text} has ${expected} fields, this one has ${fields.length}`,
    );
  }
  // A line whose version and field count disagree (edited by hand, or a version stamped on a
  // line of another layout) is read by its field count, with a warning.
  const byCount = Object.values(CSV_LAYOUTS).find(
    (candidate) => candidate.formatVersion !== null && candidate.fieldCount === fields.length,
  );
  if (byCount !== undefined) {
    _warn(
      context,
      first.offset,
      'CSV_LAYOUT_MISMATCH',
      `format version ${first.text} has ${candidates.map((c) => c.fieldCount).join(' or ')} fields; this line has ${fields.length}, read as the ${byCount.name} layout`,
    );
    return byCount;
  }
  // A line cut short is reported at its end, a line with fields too many at the first extra one.
  const extra = fields[largest];
  throw _bonnieError(
    context,
    fields.length > largest && extra !== undefined ? extra.offset : lineEnd,
    fields.length < largest ? 'TRUNCATED' : 'COLUMN_COUNT',
    `a bonnie++ CSV line of format version ${first.text} has ${expected} fields, this one has ${fields.length}`,
  );
}

/** The twelve rate, cpu pairs of a line (6 I/O tests from `io`, 6 file tests from `file`). */
function readTests(
  context: _BonnieContext,
  fields: _Field[],
  layout: CsvLayout,
): Partial<Record<TestName, _TestCells>> {
  const cells: Partial<Record<TestName, _TestCells>> = {};
  TEST_ORDER.forEach((name, index) => {
    const at = index < 6 ? layout.ioTests + 2 * index : layout.fileTests + 2 * (index - 6);
    const rate = fields[at] as _Field;
    const cpu = fields[at + 1] as _Field;
    const latency = layout.latencies === null ? undefined : fields[layout.latencies + index];
    cells[name] = {
      rate: _readRate(context, rate.text, rate.offset, index < 5 ? 'kib' : 'ops'),
      cpuPercent: _readCpu(context, cpu.text, cpu.offset),
      latencyNs: latency === undefined ? null : _readLatency(context, latency.text, latency.offset),
    };
  });
  return cells;
}

function field(fields: _Field[], index: number | null): _Field | undefined {
  return index === null ? undefined : fields[index];
}

/** One CSV line of any layout (see csv-layout.ts) as a run. */
export function _parseCsvLine(context: _BonnieContext, line: string, offset: number): _RunDraft {
  const fields = _splitFields(line, offset);
  const layout = layoutOf(context, fields, offset + line.length);
  const text = (index: number | null) => field(fields, index)?.text ?? '';
  const optional = (index: number | null) => {
    const value = text(index);
    return value === '' ? null : value;
  };
  const integer = (index: number | null) => {
    const cell = field(fields, index);
    return cell === undefined || cell.text === '' ? null : _readInteger(context, cell.text, cell.offset);
  };
  const size = field(fields, layout.size) as _Field;
  // 1.03 writes the chunk size into the size field: `1G:32k`.
  const colon = size.text.indexOf(':');
  const sizeText = colon === -1 ? size.text : size.text.slice(0, colon);
  const chunk =
    colon === -1
      ? field(fields, layout.chunkSize)
      : { text: size.text.slice(colon + 1), offset: size.offset + colon + 1 };
  const numFiles = field(fields, layout.numFiles) as _Field;
  const fileSpec =
    layout.name === '1.03'
      ? numFiles.text === ''
        ? _NO_FILE_SPEC
        : _readFileSpecToken(context, numFiles.text, numFiles.offset)
      : _readFileFields(
          context,
          numFiles,
          field(fields, layout.maxSize) as _Field,
          field(fields, layout.minSize) as _Field,
          field(fields, layout.numDirs),
          field(fields, layout.fileChunkSize),
        );
  const { tests, tolerances } = _buildTests(readTests(context, fields, layout));
  // The last field (ran_del's latency; its %CP in the 1.03 layout) is empty only when ran_del
  // did not run (bonnie++ prints a latency and a %CP for every test that ran): empty beside a
  // rate, it is a line cut just after its last comma. Not caught: a 1.03 line cut inside that
  // %CP (`98` cut to `9`: the versioned layouts end with a latency, whose unit a cut loses), and
  // a line of a format version of the 1.91a-1.95 series cut exactly at another layout's count.
  // A cut inside the line elsewhere leaves fewer fields: TRUNCATED above.
  const last = fields.at(-1) as _Field;
  if (last.text === '' && tests.ranDel.status !== 'not_run') {
    throw _bonnieError(
      context,
      last.offset,
      'TRUNCATED',
      'this bonnie++ CSV line stops after its last comma: ran_del ran, and its last field is empty',
    );
  }
  const machine = field(fields, layout.machine) as _Field;
  return {
    run: {
      name: machine.text,
      bonnieVersion: optional(layout.bonnieVersion),
      formatVersion: optional(layout.formatVersion),
      concurrency: integer(layout.concurrency) ?? 1,
      seed: optional(layout.seed),
      size: sizeText === '' ? null : sizeText,
      fileSizeBytes: sizeText === '' ? null : _readSize(context, sizeText, size.offset),
      chunkSizeBytes: chunk === undefined || chunk.text === '' ? null : _readSize(context, chunk.text, chunk.offset),
      seekCount: integer(layout.seekCount),
      seekProcesses: integer(layout.seekProcesses),
      ...fileSpec,
      tests,
      sources: ['csv'],
      line: context.source.locate(offset).line,
    },
    offset,
    tolerances,
    unreliable: new Set(),
  };
}
