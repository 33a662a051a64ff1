import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../src/errors.ts';
import { readTextBatches } from '../src/lines.ts';
import type { Measurement } from '../src/measurement.ts';
import { DETECT_HEAD_CHARS, type ToolOutput, type ToolParser } from '../src/parser.ts';
import { createRegistry } from '../src/registry.ts';
import { readText } from '../src/text.ts';
import { TOOLS } from '../src/tools.ts';
import { type MutatedSample, mutatedSample } from './mutations.ts';
import { chunksAt, cutsIn, type NdjsonOutcome, ndjsonOutcome } from './ndjson-outcome.ts';
import { truncationInputs } from './truncation.ts';

/**
 * `parse` and the streaming reads give the same measurements on every input (issue 34): for each
 * tool with a streaming parse (ToolParser.parseTextStream), every real output of it, mutated as
 * outputs are on their way to a parser (test/mutations.ts) and cut into chunks anywhere, gives
 *
 * - the same measurements from `parse` as from `parseStream` (all its outputs' together), and
 *   from the tool's own stream over the text's batches (what the registry hands a log longer than
 *   its head: a short text is parsed whole by the registry, so the stream is also read directly),
 *   or the same error code at the same line and column;
 * - where the tool writes `--ndjson` itself (ToolParser.ndjsonStream), the same bytes as its
 *   `ndjson()` of each typed output, and the same error after them.
 *
 * fast-check with a fixed seed and a bounded number of runs per tool: the same inputs every run.
 *
 * fio's stream hands out a `--status-interval` series a report at a time (fio/stream.ts), so its
 * measurements come in report order where parse's come job by job, and carry no `run` label (a
 * stream cannot know that another run follows): fio's are compared sorted, without `run`.
 */

const FILE = 'output.log';
const RUNS_PER_TOOL = Number(process.env.EQ_RUNS ?? 60);
const SEED = Number(process.env.EQ_SEED ?? 3434);

const STREAMED = TOOLS.map((tool) => tool.parser as ToolParser<unknown, string & ToolOutput['tool']>).filter(
  (parser) => parser.parseTextStream !== undefined,
);

/** What a read gives: its measurements and warning codes, or the error's code and position. */
type Outcome =
  | { measurements: string[]; warnings: string[] }
  | { error: { code: string; line: number | null; column: number | null } };

function outcomeOfError(error: unknown): Outcome {
  if (!(error instanceof ParseError)) throw error;
  return { error: { code: error.code, line: error.line, column: error.column } };
}

function rowsOf(measurements: readonly Measurement[]): string[] {
  const rows = measurements.map((m) => {
    const labels = Object.entries(m.labels).filter(([key]) => !(m.tool === 'fio' && key === 'run'));
    return JSON.stringify([m.metric, m.unit, m.value, labels.sort()]);
  });
  return measurements[0]?.tool === 'fio' ? rows.sort() : rows;
}

/** The codes of the warnings, sorted: which outputs of a stream carry them differs from parse's one output. */
function codesOf(outputs: readonly ToolOutput[]): string[] {
  return outputs.flatMap((output) => output.warnings.map((warning) => warning.code)).sort();
}

async function outcomeOfStream(outputs: () => AsyncIterable<ToolOutput>): Promise<Outcome> {
  const read: ToolOutput[] = [];
  try {
    for await (const output of outputs()) read.push(output);
  } catch (error) {
    return outcomeOfError(error);
  }
  return { measurements: rowsOf(read.flatMap((output) => output.measurements)), warnings: codesOf(read) };
}

/** The format the registry would stream `text` in for this parser, as it detects it from the head. */
function streamFormat(parser: ToolParser, text: string): string | null {
  return parser.detect(readText(text.slice(0, DETECT_HEAD_CHARS)).text)?.format ?? null;
}

async function ndjsonOfTyped(parser: ToolParser, outputs: () => AsyncIterable<ToolOutput>): Promise<NdjsonOutcome> {
  const decoder = new TextDecoder();
  return ndjsonOutcome(async function* () {
    for await (const output of outputs()) {
      const line = (parser.ndjson as NonNullable<ToolParser['ndjson']>)(output, FILE, false);
      yield typeof line === 'string' ? line : decoder.decode(line);
    }
  });
}

describe.each(STREAMED.map((parser) => [parser.tool, parser]))('streaming %s', (tool, parser) => {
  const registry = createRegistry([parser]);
  const texts = truncationInputs(tool as Parameters<typeof truncationInputs>[0]).map((input) => input.text);
  const samples = fc.sample(
    mutatedSample(texts).chain((sample) => fc.tuple(fc.constant(sample), cutsIn(sample.text))),
    { numRuns: RUNS_PER_TOOL, seed: SEED },
  );

  it('has real outputs to mutate', () => {
    expect(texts.length).toBeGreaterThan(0);
  });

  it.each(
    samples.map(([sample, cuts], index) => [
      index,
      `#${sample.sourceIndex} ${sample.mutations.join('+')}`,
      sample,
      cuts,
    ]),
  )(
    'gives parse the same measurements, or the same error, as parseStream: sample %i (%s)',
    async (_index, _name, sample, cuts) => {
      const { text } = sample as MutatedSample;
      const chunkCuts = cuts as number[];
      let whole: Outcome;
      try {
        const output = registry.parse(text, { tool: parser.tool, name: FILE });
        whole = { measurements: rowsOf(output.measurements), warnings: codesOf([output]) };
      } catch (error) {
        whole = outcomeOfError(error);
      }
      const options = { tool: parser.tool, name: FILE };
      // Known gap, skipped: `parse` decodes an HTML-escaped copy (`&gt;`, text.ts) when an entity
      // anywhere in it gives the escaping away, which a stream cannot know before its end; streams
      // read the entities as printed. The registry parses a text no longer than its head whole, so
      // only there does it agree.
      const isComparable = !readText(text).wasHtmlEscaped;
      const streamed = await outcomeOfStream(() => registry.parseStream(chunksAt(text, chunkCuts), options));
      if (isComparable || text.length < DETECT_HEAD_CHARS) expect(streamed, 'parseStream').toEqual(whole);

      const format = streamFormat(parser, text);
      if (format === null) return; // Not this tool's output: the registry says so before streaming.
      const stream = parser.parseTextStream as NonNullable<ToolParser['parseTextStream']>;
      const direct = () => stream(readTextBatches(chunksAt(text, chunkCuts)), format, FILE);
      // The registry streams only past its head; the tool's stream itself over any text.
      if ('error' in whole && whole.error.code === 'EMPTY_INPUT') return;
      if (isComparable) expect(await outcomeOfStream(direct), 'the tool stream').toEqual(whole);

      const ndjsonStream = parser.ndjsonStream;
      if (ndjsonStream === undefined || parser.ndjson === undefined) return;
      const bytes = ndjsonStream(readTextBatches(chunksAt(text, chunkCuts)), format, FILE);
      if (bytes === null) return; // A format the tool writes through its typed outputs.
      const written = await ndjsonOutcome(() => bytes);
      const typed = await ndjsonOfTyped(parser, direct);
      expect(written, '--ndjson bytes').toEqual(typed);
    },
  );
});
