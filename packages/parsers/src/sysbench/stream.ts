import { _errorAt } from '../errors.ts';
import type { TextBatch } from '../lines.ts';
import { _withLazyMeasurements, type ParseWarning, type ToolOutput } from '../parser.ts';
import { _countLineEnds, _shiftedSource, readText, type TextSource } from '../text.ts';
import { _sysbenchMeasurements } from './measurements.ts';
import { _cutWarnings, _hasStatistics, _noRunError, _noStatisticsError, _SysbenchTextReader } from './parse-text.ts';
import { _finishRun, type RunDraft } from './run.ts';
import type { SysbenchResult } from './schema.ts';
import { SYSBENCH_FORMAT } from './values.ts';

type SysbenchOutput = ToolOutput<'sysbench', SysbenchResult>;

/**
 * The streaming parse of sysbench's text (`parseStream`, `benchfolio parse --ndjson`): one
 * output per run, handed out once the next run has started (or the input ended), so a log of
 * appended runs (a `cat` of runs at --threads=1..64, a night of repeats) is held a run at a
 * time. The lines go through parse's own reader (parse-text.ts) in the same order, so the runs,
 * their measurements, warnings and errors are parse's: a run cut short among others warns
 * `TRUNCATED` on its own output, the header of a next run cut on the last line warns on the last
 * output, the JSON report warnings go with the next output; an input of no run, or of runs that
 * never got to their statistics, fails at the end as parse fails (after the runs read).
 *
 * A run's `--report-interval` lines stay in its output: one run of them is held whole.
 */
export async function* streamSysbenchOutputs(
  batches: AsyncIterable<TextBatch>,
  name: string | undefined,
): AsyncGenerator<SysbenchOutput> {
  const reader = new _SysbenchTextReader();
  const state = new StreamState();
  let lines = 0;
  for await (const batch of batches) {
    const source = _shiftedSource(readText(batch.text, { name }), lines);
    reader.readLines(source);
    state.sawText(source);
    lines += _countLineEnds(batch.text) + 1;
    for (const draft of reader.takeDone()) yield state.output(draft, reader.jsonWarnings.splice(0));
  }
  reader.endInput();
  const [last] = reader.drafts;
  if (last === undefined) {
    // No run: parse's errors, at the input's first content or its end.
    if (state.first === null) {
      const message = 'the input is empty';
      throw _errorAt(readText('', { name }), 0, {
        tool: 'sysbench',
        format: SYSBENCH_FORMAT,
        code: 'EMPTY_INPUT',
        message,
      });
    }
    throw _noRunError(state.first.source, state.first.offset);
  }
  if (!state.hasStatistics && !_hasStatistics(last)) {
    const end = state.end as TextSource;
    throw _noStatisticsError(end, end.text.length);
  }
  const warnings = [..._cutWarnings([], reader.cutHeaderLine), ...reader.jsonWarnings.splice(0)];
  yield state.output(last, warnings);
}

/** What the stream keeps of the runs handed out and of the text read, for parse's checks at the end. */
class StreamState {
  /** The input's first content: the batch it is in, and its offset there. */
  first: { source: TextSource; offset: number } | null = null;
  /** The last batch read: the input ends after it. */
  end: TextSource | null = null;
  /** Whether a run handed out got to its statistics. */
  hasStatistics = false;
  private toolVersion: string | null = null;

  sawText(source: TextSource): void {
    this.end = source;
    if (this.first !== null) return;
    const content = /\S/.exec(source.text);
    if (content !== null) this.first = { source, offset: content.index };
  }

  /** A run's output, with the warning parse gives it when it was cut, and `warnings` besides. */
  output(draft: RunDraft, warnings: ParseWarning[]): SysbenchOutput {
    this.hasStatistics ||= _hasStatistics(draft);
    const own = _cutWarnings([draft], 0);
    const run = _finishRun(draft);
    this.toolVersion ??= run.version;
    const result: SysbenchResult = { runs: [run] };
    const toolVersion = run.version ?? this.toolVersion;
    return _withLazyMeasurements(
      { tool: 'sysbench', format: SYSBENCH_FORMAT, toolVersion, result, warnings: [...own, ...warnings] },
      () => _sysbenchMeasurements(result.runs),
    );
  }
}
