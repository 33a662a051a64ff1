import { ParseError } from '../errors.ts';
import type { TextBatch } from '../lines.ts';
import { _withLazyMeasurements, type ParseWarning, type ToolOutput } from '../parser.ts';
import { _countLineEnds, _shiftedSource, readText, type TextSource } from '../text.ts';
import {
  type _Assembly,
  type _DdCarry,
  _isSettled,
  _NO_CARRY,
  _newAssembly,
  _readItem,
  _warnNoTransferLine,
} from './assemble.ts';
import { _classifyLines, type _Item } from './classify.ts';
import { _newContext, DD_FORMAT } from './context.ts';
import { _ddMeasurements } from './measurements.ts';
import { _readDdText } from './parse.ts';
import type { DdDiagnostic, DdResult, DdRun } from './schema.ts';

type DdOutput = ToolOutput<'dd', DdResult>;

/**
 * The streaming parse of dd (`parseStream`, `benchfolio parse --ndjson`): one output per run
 * (a report with its status=progress lines), `{ runs: [run], errors }`, handed out once the next
 * run is read or the input ends. Unlike parse's, a stream has no length limit (parse.ts,
 * MAX_DD_INPUT_CHARS): it holds the text of the run being read and of a batch, never the runs
 * before it.
 *
 * The text is read by parse's own steps (classify.ts, assemble.ts) a piece at a time: the text
 * held is classified and assembled up to where the lines still to come could change what is read
 * (the five lines a report looks ahead to, past blank lines), and cut after the last report with
 * its transfer line that leaves nothing pending (no progress line or message waiting for its
 * records lines, no skipped lines not warned about): the runs before the cut are what parse makes
 * of them, and the rest is read again with the next batches, from the runs' count and the version
 * line before it. A text with no such place (a run's long progress, status=noxfer reports, other
 * text) is held until there is one or the input ends, and searched again once it has doubled.
 *
 * Errors are parse's: a line classify.ts refuses anywhere is the error, else the first error of
 * assembling (kept, while the rest of the input is classified line by line, as parse classifies
 * every line before assembling). Outputs come in input order; warnings and the messages of dd
 * before no run (`errors`) go with the next output handed out. `minTryChars`: see MIN_TRY_CHARS
 * (a test cuts at every batch with 1).
 */
export async function* streamDdOutputs(
  batches: AsyncIterable<TextBatch>,
  name: string | undefined,
  minTryChars = MIN_TRY_CHARS,
): AsyncGenerator<DdOutput> {
  const reader = new DdStreamReader(name, minTryChars);
  let isUnterminated = false;
  for await (const batch of batches) {
    isUnterminated = batch.isUnterminated === true;
    yield* reader.push(batch.text);
  }
  yield* reader.end(isUnterminated);
}

/** A buffer shorter than this is not searched for a cut: a piece holds a few runs at least. */
const MIN_TRY_CHARS = 64 * 1024;

/**
 * The content lines (not blank) a line needs after it to be assembled as parse would: a records
 * line looks ahead to its records-out line, a swab line, a truncated line, the transfer line,
 * and whether anything follows that.
 */
const LOOKAHEAD_LINES = 5;

/** Where the runs read so far are final: after the item before `index`. */
interface SettledPoint {
  index: number;
  runCount: number;
  warningCount: number;
  errorCount: number;
  version: string | null;
}

class DdStreamReader {
  private readonly name: string | undefined;
  private readonly minTryChars: number;
  private buffer = '';
  private hasText = false;
  private nextTry: number;
  /** Line ends before the buffer. */
  private lines = 0;
  private carry: _DdCarry = _NO_CARRY;
  /** The last run read, handed out with the next one (or at the end, with the warnings about it). */
  private held: DdRun | null = null;
  private warnings: ParseWarning[] = [];
  private errors: DdDiagnostic[] = [];
  private toolVersion: string | null = null;
  /** The first error of assembling: thrown at the end, unless a line is refused before then. */
  private failure: ParseError | null = null;

  constructor(name: string | undefined, minTryChars: number) {
    this.name = name;
    this.minTryChars = minTryChars;
    this.nextTry = minTryChars;
  }

  *push(text: string): Generator<DdOutput> {
    if (this.failure !== null) {
      // Only a refused line can still come before the error kept: classify, and forget.
      _classifyLines(_newContext(this.source(text)));
      this.lines += _countLineEnds(text) + 1;
      return;
    }
    this.buffer = this.hasText ? `${this.buffer}\n${text}` : text;
    this.hasText = true;
    if (this.buffer.length < this.nextTry) return;
    yield* this.cut();
  }

  /** Reads the buffer up to its last settled point, and hands out the runs before it. */
  private *cut(): Generator<DdOutput> {
    const buffer = this.buffer;
    const context = _newContext(this.source(buffer));
    const items = _classifyLines(context);
    const assembly = _newAssembly(context, items, this.carry);
    const settled = this.settledPoint(assembly, items);
    if (settled === null) {
      this.nextTry = Math.max(buffer.length * 2, this.minTryChars);
      if (this.failure !== null) this.forgetBuffer();
      return;
    }
    const runs = assembly.runs.slice(0, settled.runCount);
    const warnings = context.warnings.splice(0).slice(0, settled.warningCount);
    for (const run of runs) _warnNoTransferLine(assembly, run);
    this.warnings.push(...warnings, ...context.warnings.splice(0));
    this.errors.push(...assembly.unattached.slice(0, settled.errorCount));
    this.carry = { runCount: this.carry.runCount + runs.length, version: settled.version, hadTransfer: true };
    const next = items[settled.index] as _Item;
    const cutAt = buffer.lastIndexOf('\n', next.offset - 1) + 1;
    this.lines += _countLineEnds(buffer.slice(0, cutAt));
    // Copied, not sliced: a slice would keep the whole buffer alive (lines.ts TextSplitter).
    this.buffer = ` ${buffer.slice(cutAt)}`.slice(1);
    this.nextTry = this.buffer.length + this.minTryChars;
    for (const run of runs) yield* this.take(run);
    if (this.failure !== null) this.forgetBuffer();
  }

  /**
   * Assembles the items that have their lookahead, and returns the last point where the runs
   * read are final: after a report with its transfer line, with nothing pending. An error of
   * assembling is kept (this.failure), and the runs before it are not handed out.
   */
  private settledPoint(assembly: _Assembly, items: readonly _Item[]): SettledPoint | null {
    const content = contentIndexes(items);
    const stop = content.length <= LOOKAHEAD_LINES ? 0 : (content[content.length - LOOKAHEAD_LINES] as number);
    let settled: SettledPoint | null = null;
    try {
      for (let index = 0; index < stop; ) {
        const runCount = assembly.runs.length;
        index = _readItem(assembly, index);
        const run = assembly.runs.at(-1);
        if (assembly.runs.length === runCount || run === undefined || run.transfer === null) continue;
        if (!_isSettled(assembly)) continue;
        settled = {
          index,
          runCount: assembly.runs.length,
          warningCount: assembly.context.warnings.length,
          errorCount: assembly.unattached.length,
          version: assembly.version,
        };
      }
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      this.failure = error;
      return null;
    }
    return settled;
  }

  /** After an error of assembling: the buffer is classified already, only the lines to come are. */
  private forgetBuffer(): void {
    this.lines += _countLineEnds(this.buffer) + 1;
    this.buffer = '';
  }

  /** The end of the input: the rest of the text read on from the runs before it. */
  *end(isUnterminated: boolean): Generator<DdOutput> {
    if (this.failure !== null) throw this.failure;
    const text = this.hasText && !isUnterminated ? `${this.buffer}\n` : this.buffer;
    this.buffer = '';
    const isWhole = this.held === null;
    const { result, warnings } = _readDdText(this.source(text), isWhole ? null : this.carry);
    this.warnings.push(...warnings);
    this.errors.push(...result.errors);
    for (const run of result.runs) yield* this.take(run);
    const last = this.held;
    this.held = null;
    // Parse's result of messages alone, without a run: theirs is the one output.
    yield last === null ? this.output([]) : this.output([last]);
  }

  /** Hands out the run held, and holds this one. */
  private *take(run: DdRun): Generator<DdOutput> {
    const held = this.held;
    this.held = run;
    this.toolVersion ??= run.toolVersion;
    if (held !== null) yield this.output([held]);
  }

  private output(runs: DdRun[]): DdOutput {
    const result: DdResult = { runs, errors: this.errors };
    const warnings = this.warnings;
    this.errors = [];
    this.warnings = [];
    const toolVersion = runs[0]?.toolVersion ?? this.toolVersion;
    return _withLazyMeasurements({ tool: 'dd', format: DD_FORMAT, toolVersion, result, warnings }, () =>
      _ddMeasurements(result),
    );
  }

  /** The source of text that starts after the lines read before. */
  private source(text: string): TextSource {
    return _shiftedSource(readText(text, { name: this.name }), this.lines);
  }
}

/** The indexes of the items that are not blank lines. */
function contentIndexes(items: readonly _Item[]): number[] {
  const indexes: number[] = [];
  items.forEach((item, index) => {
    if (item.kind !== 'blank') indexes.push(index);
  });
  return indexes;
}
