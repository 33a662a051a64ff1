import type { TextBatch } from '../lines.ts';
import { _withLazyMeasurements, type ParseWarning, type ToolOutput } from '../parser.ts';
import { _countLineEnds, _shiftedSource, readText } from '../text.ts';
import type { _BonnieContext, BonnieFormat } from './context.ts';
import { _bonnieMeasurements } from './measurements.ts';
import {
  _csvLineOf,
  _cutLineError,
  _isCsvHeader,
  _isCutBonnieLine,
  _isProgressLine,
  _noResultError,
  _parseBonnieSource,
  _progressOnlyError,
} from './parse.ts';
import { _parseCsvLine } from './parse-csv.ts';
import type { BonnieResult, BonnieRun } from './schema.ts';
import { type _Line, _tableHead } from './table-lines.ts';

type BonnieOutput = ToolOutput<'bonnie', BonnieResult>;

/**
 * The streaming parse of bonnie++ (`parseStream`, `benchfolio parse --ndjson`). In the `csv`
 * format, one output per CSV line (one run of bonnie++) as it is read, in memory bounded by a
 * batch of lines and the run read last: each line is read as parse's scan reads it (parse.ts),
 * with the same state carried from line to line (the lines skipped, whether a progress line was
 * seen, the last line skipped), so a cut last line, an input of progress lines only and one
 * without a CSV line fail as parse fails, after the runs before them. An output is handed out
 * when the next CSV line (or the end) is read: warnings about the lines after the last run go
 * with it, as parse's one output carries them all.
 *
 * The `table` format is read whole: a table and the CSV line of the same run become one run
 * wherever in the input that line is (merge.ts), which a stream cannot know before its end.
 */
export async function* streamBonnieOutputs(
  batches: AsyncIterable<TextBatch>,
  format: BonnieFormat,
  name: string | undefined,
): AsyncGenerator<BonnieOutput> {
  if (format === 'table') {
    yield await wholeOutput(batches, name);
    return;
  }
  const reader = new CsvStreamReader(name);
  for await (const batch of batches) yield* reader.read(batch.text);
  yield* reader.finish();
}

/** The whole input read by parse (the `table` format). */
async function wholeOutput(batches: AsyncIterable<TextBatch>, name: string | undefined): Promise<BonnieOutput> {
  const texts: string[] = [];
  let isUnterminated = false;
  for await (const batch of batches) {
    texts.push(batch.text);
    isUnterminated = batch.isUnterminated === true;
  }
  const lineEnd = texts.length > 0 && !isUnterminated ? '\n' : '';
  const source = readText(texts.join('\n') + lineEnd, { name });
  const { result, toolVersion, warnings } = _parseBonnieSource(source, 'table');
  return _withLazyMeasurements({ tool: 'bonnie', format: 'table', toolVersion, result, warnings }, () =>
    _bonnieMeasurements(result),
  );
}

/** A place in the input: the context of the batch it is in, and its offset there. */
interface Place {
  context: _BonnieContext;
  offset: number;
}

class CsvStreamReader {
  private readonly name: string | undefined;
  /** Warnings not handed out yet: they go with the next output. */
  private readonly warnings: ParseWarning[] = [];
  /** The run read last, handed out when the next one (or the end) is read. */
  private held: BonnieRun | null = null;
  private hasRuns = false;
  private toolVersion: string | null = null;
  private hasProgress = false;
  /** The lines skipped since the last line read: where the first one is, and how many. */
  private skipped: { line: number; column: number; count: number } | null = null;
  /** The last line with content when it was skipped (parse's skippedLast). */
  private skippedLast: { context: _BonnieContext; line: _Line } | null = null;
  /** For an input without runs: its first content, and where its content ends. */
  private firstContent: Place | null = null;
  private contentEnd: Place | null = null;
  /** Lines in the batches read before. */
  private lines = 0;

  constructor(name: string | undefined) {
    this.name = name;
  }

  /** Reads a batch of whole lines; yields the outputs of the runs it completes. */
  *read(text: string): Generator<BonnieOutput> {
    const source = _shiftedSource(readText(text, { name: this.name }), this.lines);
    const context: _BonnieContext = { source, format: 'csv', warnings: this.warnings };
    const normalized = source.text;
    let start = 0;
    for (;;) {
      const end = normalized.indexOf('\n', start);
      const lineEnd = end === -1 ? normalized.length : end;
      const output = this.readLine(context, { text: normalized.slice(start, lineEnd), offset: start });
      if (output !== null) yield output;
      if (end === -1) break;
      start = end + 1;
    }
    const first = /\S/.exec(normalized);
    if (first !== null && !this.hasRuns) {
      this.firstContent ??= { context, offset: first.index };
      this.contentEnd = { context, offset: normalized.trimEnd().length };
    }
    this.lines += _countLineEnds(text) + 1;
  }

  /** parse's scan of one line (parse.ts): the output of the run held before, when this line is a run's. */
  private readLine(context: _BonnieContext, line: _Line): BonnieOutput | null {
    const text = line.text;
    if (text.trim() === '') return null;
    this.skippedLast = null;
    // The `csv` format skips tables.
    if (_tableHead(text) !== null) {
      this.skip(context, line);
      return null;
    }
    const csv = _csvLineOf(line);
    if (csv !== null) {
      const before = this.held === null ? null : this.output(this.held);
      this.flushSkipped();
      const { run } = _parseCsvLine(context, csv.text, csv.offset);
      this.held = run;
      this.hasRuns = true;
      this.firstContent = null;
      this.contentEnd = null;
      this.toolVersion ??= run.bonnieVersion;
      return before;
    }
    if (_isProgressLine(text)) {
      this.hasProgress = true;
    } else if (!_isCsvHeader(text)) {
      this.skip(context, line);
      this.skippedLast = { context, line };
    }
    return null;
  }

  private skip(context: _BonnieContext, line: _Line): void {
    if (this.skipped === null) this.skipped = { ...context.source.locate(line.offset), count: 0 };
    this.skipped.count++;
  }

  /** The SKIPPED_LINES warning of the lines skipped since the last line read (parse's flushSkipped). */
  private flushSkipped(): void {
    const skipped = this.skipped;
    if (skipped === null) return;
    const what = skipped.count === 1 ? 'a line' : `${skipped.count} lines`;
    const message = `${what} that no bonnie++ output holds, skipped`;
    this.warnings.push({ code: 'SKIPPED_LINES', message, line: skipped.line, column: skipped.column });
    this.skipped = null;
  }

  /** The end of the input: the run held, or the failure parse reports there. */
  *finish(): Generator<BonnieOutput> {
    this.flushSkipped();
    const cut = this.skippedLast;
    if (this.held !== null) {
      if (cut !== null && _isCutBonnieLine(cut.line.text)) throw _cutLineError(cut.context, cut.line);
      yield this.output(this.held);
      this.held = null;
      return;
    }
    const { firstContent, contentEnd } = this;
    if (firstContent === null || contentEnd === null) {
      // No content: the registry reports an empty input before it streams; read it as parse does.
      yield wholeOutputOf('', this.name);
      return;
    }
    if (this.hasProgress) throw _progressOnlyError(contentEnd.context, contentEnd.offset);
    throw _noResultError(firstContent.context, firstContent.offset);
  }

  private output(run: BonnieRun): BonnieOutput {
    const result: BonnieResult = { runs: [run] };
    const warnings = this.warnings.splice(0);
    const toolVersion = run.bonnieVersion ?? this.toolVersion;
    return _withLazyMeasurements({ tool: 'bonnie', format: 'csv', toolVersion, result, warnings }, () =>
      _bonnieMeasurements(result),
    );
  }
}

/** parse of a whole text in the `csv` format (it throws EMPTY_INPUT for a text without content). */
function wholeOutputOf(text: string, name: string | undefined): BonnieOutput {
  const { result, toolVersion, warnings } = _parseBonnieSource(readText(text, { name }), 'csv');
  return _withLazyMeasurements({ tool: 'bonnie', format: 'csv', toolVersion, result, warnings }, () =>
    _bonnieMeasurements(result),
  );
}
