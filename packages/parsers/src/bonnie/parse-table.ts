import { type _BonnieContext, _bonnieError, _warn } from './context.ts';
import { _buildTests, type _RunDraft, type _TestCells } from './draft.ts';
import { type _FileSpec, _NO_FILE_SPEC, _readFileSpecToken } from './file-spec.ts';
import type { TestName } from './schema.ts';
import {
  _body,
  type _Cell,
  _endsOnColumnEdge,
  type _Line,
  _labelEnd,
  _readCells,
  type _TableHead,
  _tableHead,
  _tokens,
  LATENCY_LABEL_WIDTH,
  LATENCY_WIDTHS,
  STAT_WIDTHS,
} from './table-lines.ts';
import { _readCpu, _readInteger, _readLatency, _readRate, _readSize, type RateSpelling } from './values.ts';

/**
 * The human-readable table of bonnie++ 1.03, 1.9x and 2.x, and the same table as bon_csv2txt
 * prints it (several rows under one header). A block is a head line, two header lines and one
 * or more rows, each row optionally followed by its `Latency` row (1.9x and later):
 *
 *   Version  1.96       ------Sequential Output------ --Sequential Input- --Random-
 *   Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
 *   Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP
 *   version          8G   332  99 54570  12 23512   5  1615  98 62905   6 131.8   3
 *   Latency             24224us     471ms     370ms   13739us     110ms    5257ms
 *   Version  1.96       ------Sequential Create------ --------Random Create--------
 *   version             -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--
 *                 files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
 *                   512 24764  69 267757  98  2359   6 25084  67 388005  98  1403   3
 *   Latency              1258ms    1402us   11767ms    1187ms      66us   11682ms
 *
 * bonnie++ 1.98 and 2.x head the I/O block `Name:Size etc  /sec %CP` and print rates with a
 * k/m/g suffix (KiB/s, MiB/s, GiB/s).
 */

const IO_TEST_NAMES: readonly TestName[] = ['putc', 'putBlock', 'rewrite', 'getc', 'getBlock', 'seeks'];
const FILE_TEST_NAMES: readonly TestName[] = ['seqCreate', 'seqStat', 'seqDel', 'ranCreate', 'ranStat', 'ranDel'];

interface IoRow {
  offset: number;
  name: string;
  size: string;
  fileSizeBytes: number;
  chunkSizeBytes: number | null;
  seekCount: number | null;
  seekProcesses: number | null;
  cells: Partial<Record<TestName, _TestCells>>;
}

interface FileRow {
  offset: number;
  name: string;
  spec: _FileSpec;
  cells: Partial<Record<TestName, _TestCells>>;
  unreliable: Set<TestName>;
}

interface Block<Row> {
  head: _TableHead;
  offset: number;
  /** Concurrency (I/O block's second line, 1.9x and later); null when not printed. */
  concurrency: number | null;
  /** The machine name the file block's second line carries (1.9x and later), else ''. */
  name: string;
  rows: Row[];
}

/**
 * True for a line that ends the rows of a block: blank, a new block (or its head cut short), or
 * a CSV line (or its version field cut short: `1.9` at the line start, where a row has its
 * right-aligned first column).
 */
function endsRows(text: string): boolean {
  return (
    text.trim() === '' ||
    text.includes(',') ||
    /^[ \t>]*Version /.test(text) ||
    /^\d+(?:\.\d*)?[a-z]?$/.test(text) ||
    _tableHead(text) !== null
  );
}

/** The next line of the block (prefix removed), or a TRUNCATED / UNEXPECTED_LINE error. */
function expectLine(
  context: _BonnieContext,
  lines: readonly _Line[],
  index: number,
  prefix: string,
  what: string,
  test: (body: string) => boolean,
): { body: string; offset: number } {
  const line = lines[index];
  const previous = lines[index - 1] as _Line;
  if (line === undefined) {
    throw _bonnieError(
      context,
      previous.offset + previous.text.length,
      'TRUNCATED',
      `the bonnie++ table stops here; expected ${what}`,
    );
  }
  const body = _body(line, prefix);
  if (body === null || !test(body.body)) {
    throw _bonnieError(context, line.offset, 'UNEXPECTED_LINE', `expected ${what} in the bonnie++ table`);
  }
  return body;
}

/** True when no line from `index` on holds anything: the input ends there. */
function isEndOfInput(lines: readonly _Line[], index: number): boolean {
  for (let i = index; i < lines.length; i++) if ((lines[i] as _Line).text.trim() !== '') return false;
  return true;
}

/** bonnie++ 1.9x and later print a `Latency` row under every row (bon_time.cpp DoReportIO/DoReportFile). */
function hasLatencyRows(head: _TableHead): boolean {
  return head.version !== null && Number.parseFloat(head.version) >= 1.9;
}

function cutError(context: _BonnieContext, line: _Line, what: string) {
  return _bonnieError(context, line.offset + line.text.trimEnd().length, 'TRUNCATED', `the input stops ${what}`);
}

/**
 * The end of a table that ends the input (only blank lines after it): the place a cut copy
 * stops. Its last line must be whole: its last value on its column's edge; under a row, for
 * 1.9x and later, the `Latency` row; every test with a rate has its %CP and (in the Latency
 * row) its latency, as bonnie++ prints them together; a file row has all six tests (bonnie++
 * runs all of them or prints no file block). Each failure is a TRUNCATED error.
 */
function checkLastRow(
  context: _BonnieContext,
  head: _TableHead,
  row: { line: _Line; body: string; start: number; cells: Partial<Record<TestName, _TestCells>>; isFile: boolean },
  latency: { line: _Line; body: string } | null,
): void {
  const last = latency ?? row;
  const start = latency === null ? row.start : LATENCY_LABEL_WIDTH;
  const widths = latency === null ? STAT_WIDTHS : LATENCY_WIDTHS;
  if (!_endsOnColumnEdge(last.body, start, widths)) {
    throw cutError(context, last.line, 'inside the last value of this bonnie++ table row');
  }
  const texts = _readCells(context, row.body, 0, row.start, STAT_WIDTHS).map((cell) => cell.text);
  if (texts.some((text, i) => i % 2 === 0 && text !== '' && texts[i + 1] === '')) {
    throw cutError(context, row.line, 'inside this bonnie++ table row: a rate without its %CP');
  }
  const tests = Object.values(row.cells) as _TestCells[];
  if (row.isFile && tests.some((test) => test.rate.status === 'not_run')) {
    throw cutError(context, row.line, 'inside this bonnie++ file-test row: bonnie++ prints all six tests');
  }
  if (latency === null) {
    if (hasLatencyRows(head))
      throw cutError(context, row.line, 'after this row, before the Latency row bonnie++ prints under it');
    return;
  }
  if (tests.some((test) => test.rate.status !== 'not_run' && test.latencyNs === null)) {
    throw cutError(context, latency.line, 'inside this Latency row: a test that ran has no latency');
  }
}

/** Reads the `Latency` row after a row, when there is one, into the row's cells. */
function readLatencyRow(
  context: _BonnieContext,
  lines: readonly _Line[],
  index: number,
  prefix: string,
  names: readonly TestName[],
  cells: Partial<Record<TestName, _TestCells>>,
): { next: number; latency: { line: _Line; body: string } | null } {
  const line = lines[index];
  if (line === undefined) return { next: index, latency: null };
  const body = _body(line, prefix);
  if (body === null || !body.body.startsWith('Latency')) return { next: index, latency: null };
  const latencies = _readCells(context, body.body, body.offset, LATENCY_LABEL_WIDTH, LATENCY_WIDTHS);
  names.forEach((name, i) => {
    const cell = latencies[i] as _Cell;
    const test = cells[name];
    if (test !== undefined) test.latencyNs = _readLatency(context, cell.text, cell.offset);
  });
  return { next: index + 1, latency: { line, body: body.body } };
}

/** The six rate, %CP pairs of a row. */
function readStats(
  context: _BonnieContext,
  body: string,
  offset: number,
  start: number,
  names: readonly TestName[],
  spellingOf: (index: number) => RateSpelling,
): Partial<Record<TestName, _TestCells>> {
  const cells = _readCells(context, body, offset, start, STAT_WIDTHS);
  const result: Partial<Record<TestName, _TestCells>> = {};
  names.forEach((name, i) => {
    const rate = cells[2 * i] as _Cell;
    const cpu = cells[2 * i + 1] as _Cell;
    result[name] = {
      rate: _readRate(context, rate.text, rate.offset, spellingOf(i)),
      cpuPercent: _readCpu(context, cpu.text, cpu.offset),
      latencyNs: null,
    };
  });
  return result;
}

/** The first column's tokens: the name (what comes before the last token) and the last token. */
function splitLabel(body: string): { name: string; last: string; lastAt: number; end: number } | null {
  const end = _labelEnd(body);
  const tokens = _tokens(body.slice(0, end), 0);
  const last = tokens.at(-1);
  if (last === undefined) return null;
  const name = tokens
    .slice(0, -1)
    .map((token) => token.text)
    .join(' ');
  return { name, last: last.text, lastAt: last.at, end };
}

function readIoBlock(
  context: _BonnieContext,
  lines: readonly _Line[],
  index: number,
  head: _TableHead,
): { block: Block<IoRow>; next: number } {
  const headLine = lines[index] as _Line;
  const second = expectLine(context, lines, index + 1, head.prefix, 'the "-Per Chr- --Block--" line', (body) =>
    body.includes('-Per Chr-'),
  );
  const concurrencyMatch = /^Concurrency +(\d+)/.exec(second.body);
  const concurrency =
    concurrencyMatch === null
      ? null
      : _readInteger(
          context,
          concurrencyMatch[1] as string,
          second.offset + concurrencyMatch[0].length - (concurrencyMatch[1] as string).length,
        );
  const units = expectLine(context, lines, index + 2, head.prefix, 'the "Machine  Size K/sec %CP" line', (body) =>
    body.includes('%CP'),
  );
  // "Machine        Size K/sec" (1.x): KiB/s integers; "Name:Size etc        /sec" (1.98, 2.x): k/m/g.
  const rateSpelling: RateSpelling = units.body.includes('K/sec') ? 'kib' : 'suffixed';
  const rows: IoRow[] = [];
  let next = index + 3;
  for (let line = lines[next]; line !== undefined && !endsRows(line.text); line = lines[next]) {
    const row = _body(line, head.prefix);
    if (row === null || row.body.startsWith('Latency')) break;
    const label = splitLabel(row.body);
    if (label === null) break;
    const parts = label.last.split(':');
    const sizeOffset = row.offset + label.lastAt;
    const [size = '', chunk, seeks, procs] = parts;
    const partOffset = (i: number) => sizeOffset + parts.slice(0, i).reduce((sum, part) => sum + part.length + 1, 0);
    const optionalInteger = (text: string | undefined, i: number) =>
      text === undefined || text === '' ? null : _readInteger(context, text, partOffset(i));
    const cells = readStats(context, row.body, row.offset, label.end, IO_TEST_NAMES, (i) =>
      i === 5 ? 'ops' : rateSpelling,
    );
    rows.push({
      offset: line.offset,
      name: label.name,
      size,
      fileSizeBytes: _readSize(context, size, sizeOffset),
      chunkSizeBytes: chunk === undefined || chunk === '' ? null : _readSize(context, chunk, partOffset(1)),
      seekCount: optionalInteger(seeks, 2),
      seekProcesses: optionalInteger(procs, 3),
      cells,
    });
    const after = readLatencyRow(context, lines, next + 1, head.prefix, IO_TEST_NAMES, cells);
    if (isEndOfInput(lines, after.next)) {
      checkLastRow(context, head, { line, body: row.body, start: label.end, cells, isFile: false }, after.latency);
    }
    next = after.next;
  }
  if (rows.length === 0) {
    const last = lines[next - 1] as _Line;
    throw lines[next] === undefined
      ? _bonnieError(
          context,
          last.offset + last.text.length,
          'TRUNCATED',
          'the bonnie++ table stops before its first row',
        )
      : _bonnieError(context, (lines[next] as _Line).offset, 'UNEXPECTED_LINE', 'expected a row of the bonnie++ table');
  }
  return { block: { head, offset: headLine.offset, concurrency, name: '', rows }, next };
}

/**
 * bonnie++ 1.98 to 2.00a print, in the table's file block, the number of files (num_files x 1024)
 * where the rate belongs; the CSV line of the same run has the rate (seen with 2.00a: `-n 64`
 * gives `65536` in the table and `11375` in the CSV). Such cells are not rates.
 */
function isFileCountNotRate(version: string | null, spec: _FileSpec, value: number | null): boolean {
  if (version === null || spec.numFiles === null || value === null) return false;
  return Number.parseFloat(version) >= 1.98 && value === spec.numFiles * 1024;
}

function readFileBlock(
  context: _BonnieContext,
  lines: readonly _Line[],
  index: number,
  head: _TableHead,
): { block: Block<FileRow>; next: number } {
  const headLine = lines[index] as _Line;
  const second = expectLine(context, lines, index + 1, head.prefix, 'the "-Create-- --Read---" line', (body) =>
    body.includes('-Create--'),
  );
  const name = second.body.slice(0, second.body.indexOf('-Create--')).trim();
  expectLine(context, lines, index + 2, head.prefix, 'the "files  /sec %CP" line', (body) => body.includes('files'));
  const rows: FileRow[] = [];
  let next = index + 3;
  for (let line = lines[next]; line !== undefined && !endsRows(line.text); line = lines[next]) {
    const row = _body(line, head.prefix);
    if (row === null || row.body.startsWith('Latency')) break;
    const label = splitLabel(row.body);
    if (label === null) break;
    const spec = _readFileSpecToken(context, label.last, row.offset + label.lastAt);
    const cells = readStats(context, row.body, row.offset, label.end, FILE_TEST_NAMES, () => 'ops');
    const unreliable = new Set<TestName>();
    for (const test of FILE_TEST_NAMES) {
      const cell = cells[test] as _TestCells;
      if (isFileCountNotRate(head.version, spec, cell.rate.value)) {
        unreliable.add(test);
        cell.rate = { ...cell.rate, value: null };
      }
    }
    rows.push({ offset: line.offset, name: label.name, spec, cells, unreliable });
    const after = readLatencyRow(context, lines, next + 1, head.prefix, FILE_TEST_NAMES, cells);
    if (isEndOfInput(lines, after.next)) {
      checkLastRow(context, head, { line, body: row.body, start: label.end, cells, isFile: true }, after.latency);
    }
    next = after.next;
  }
  if (rows.length === 0) {
    const last = lines[next - 1] as _Line;
    throw lines[next] === undefined
      ? _bonnieError(
          context,
          last.offset + last.text.length,
          'TRUNCATED',
          'the bonnie++ table stops before its first row',
        )
      : _bonnieError(context, (lines[next] as _Line).offset, 'UNEXPECTED_LINE', 'expected a row of the bonnie++ table');
  }
  return { block: { head, offset: headLine.offset, concurrency: null, name, rows }, next };
}

function longest(...names: string[]): string {
  return names.reduce((best, name) => (name.length > best.length ? name : best), '');
}

function draftOf(
  context: _BonnieContext,
  io: { block: Block<IoRow>; row: IoRow } | null,
  file: { block: Block<FileRow>; row: FileRow } | null,
): _RunDraft {
  const cells = { ...io?.row.cells, ...file?.row.cells };
  const { tests, tolerances } = _buildTests(cells);
  const offset = io?.block.offset ?? (file?.block.offset as number);
  return {
    run: {
      // 1.9x cuts the name in the I/O row to make room for the size; the file block's second
      // line has it whole (up to 19 characters).
      name: longest(io?.row.name ?? '', file?.block.name ?? '', file?.row.name ?? ''),
      bonnieVersion: io?.block.head.version ?? file?.block.head.version ?? null,
      formatVersion: null,
      concurrency: io?.block.concurrency ?? 1,
      seed: null,
      size: io?.row.size ?? null,
      fileSizeBytes: io?.row.fileSizeBytes ?? null,
      chunkSizeBytes: io?.row.chunkSizeBytes ?? null,
      seekCount: io?.row.seekCount ?? null,
      seekProcesses: io?.row.seekProcesses ?? null,
      ...(file?.row.spec ?? _NO_FILE_SPEC),
      tests,
      sources: ['table'],
      line: context.source.locate(offset).line,
    },
    offset,
    tolerances,
    unreliable: file?.row.unreliable ?? new Set(),
  };
}

/**
 * An I/O block with no file block after it. bonnie++ prints the file block right after the I/O
 * block unless run with -n 0, and then (1.9x and later) an empty line in its place: DoReportFile
 * always ends with a newline. A CSV line after the block is the run's own (-n 0, printed after
 * the table). Anything else (the end of the input, another line) is a table cut after its I/O
 * half: a TRUNCATED warning, its rates kept. bonnie++ 1.03 prints nothing in the file block's
 * place with -n 0, so its -n 0 table alone cannot be told from a cut one, and warns too.
 */
function warnIfFileBlockMissing(
  context: _BonnieContext,
  lines: readonly _Line[],
  next: number,
  head: _TableHead,
): void {
  const following = lines[next];
  const isEmptyLine = following !== undefined && following.text.trim() === '' && lines[next + 1] !== undefined;
  if (isEmptyLine && hasLatencyRows(head)) return;
  let index = next;
  while (index < lines.length && (lines[index] as _Line).text.trim() === '') index++;
  const content = lines[index];
  if (content?.text.includes(',')) return;
  const last = lines[next - 1] as _Line;
  const where = content === undefined ? last.offset + last.text.trimEnd().length : content.offset;
  const n0 = hasLatencyRows(head)
    ? 'a -n 0 run ends it with an empty line, which is not here'
    : 'bonnie++ 1.03 prints the same with -n 0: if this run skipped the file tests, accept the warning in run.yaml';
  _warn(
    context,
    where,
    'TRUNCATED',
    `the bonnie++ table stops after its I/O block, without the file-creation block and the CSV line printed after it (${n0})`,
  );
}

/**
 * Reads the table that starts at `lines[index]` (a head line): an I/O block, a file block, or an
 * I/O block followed by its file block. Rows pair up by position when both blocks have as many
 * (one per run: bonnie++ prints one, bon_csv2txt one per CSV line).
 */
export function _parseTableAt(
  context: _BonnieContext,
  lines: readonly _Line[],
  index: number,
): { drafts: _RunDraft[]; next: number } {
  const head = _tableHead((lines[index] as _Line).text) as _TableHead;
  if (head.kind === 'file') {
    const { block, next } = readFileBlock(context, lines, index, head);
    return { drafts: block.rows.map((row) => draftOf(context, null, { block, row })), next };
  }
  const io = readIoBlock(context, lines, index, head);
  const following = lines[io.next];
  const fileHead = following === undefined ? null : _tableHead(following.text);
  if (fileHead === null || fileHead.kind !== 'file') {
    warnIfFileBlockMissing(context, lines, io.next, head);
    return { drafts: io.block.rows.map((row) => draftOf(context, { block: io.block, row }, null)), next: io.next };
  }
  // The 1.03 file head has no Version label: its prefix is the I/O block's.
  const fileBlockHead =
    fileHead.version === null ? { ...fileHead, prefix: head.prefix, version: head.version } : fileHead;
  const file = readFileBlock(context, lines, io.next, fileBlockHead);
  const ioRows = io.block.rows;
  const fileRows = file.block.rows;
  if (ioRows.length === fileRows.length) {
    return {
      drafts: ioRows.map((row, i) =>
        draftOf(context, { block: io.block, row }, { block: file.block, row: fileRows[i] as FileRow }),
      ),
      next: file.next,
    };
  }
  return {
    drafts: [
      ...ioRows.map((row) => draftOf(context, { block: io.block, row }, null)),
      ...fileRows.map((row) => draftOf(context, null, { block: file.block, row })),
    ],
    next: file.next,
  };
}
