import fc from 'fast-check';
import { PARSE_ERROR_CODES, ParseError } from '../src/errors.ts';
import { TOOL_NAMES } from '../src/tools.ts';
import { describedSample, type MutatedSample, mutatedSample, quoteExcerpt } from './mutations.ts';

/**
 * The property every parser keeps (DESIGN.md, "Bad input"): any input gives a result or a
 * ParseError that points at a real place in it. Never a TypeError, never a location outside
 * the input.
 *
 * Speed is not a property here: "linear time" is checked by the scaling column of
 * `npm run bench` (time at the full size against a quarter of it), not by timed tests, which
 * would be flaky on a shared CI machine.
 */

export type ParseFn = (input: string) => unknown;

const LINE_END = /\r\n|\r|\n/;

/**
 * Calls `parseFn(input)` and returns normally when it returns a value or throws a well-formed
 * ParseError: a known code, a message, a 1-based line within the input's line count and a
 * 1-based column within that line (one past its end at most). Anything else throws an Error
 * that shows what was thrown and the input.
 */
export function expectResultOrParseError(parseFn: ParseFn, input: string): void {
  let result: unknown;
  let thrown: unknown;
  // A flag, not `thrown === undefined`: `throw undefined` is a failure too.
  let hasThrown = false;
  try {
    result = parseFn(input);
  } catch (error) {
    thrown = error;
    hasThrown = true;
  }
  if (!hasThrown) {
    if (isThenable(result)) {
      fail(input, 'the parse function returned a Promise; the property checks synchronous parsing');
    }
    return;
  }
  if (!(thrown instanceof ParseError)) {
    fail(input, `expected a result or a ParseError, but it threw ${describeThrown(thrown)}`, thrown);
  }
  const problem = parseErrorProblem(thrown, input);
  if (problem !== undefined) {
    fail(input, `the ParseError is malformed: ${problem} (${describeThrown(thrown)})`, thrown);
  }
}

/** What is wrong with a ParseError for this input, or undefined when nothing is. */
export function parseErrorProblem(error: ParseError, input: string): string | undefined {
  if (!(PARSE_ERROR_CODES as readonly string[]).includes(error.code)) {
    return `code ${JSON.stringify(error.code)} is not in PARSE_ERROR_CODES`;
  }
  if (typeof error.message !== 'string' || error.message.trim() === '') {
    return 'the message is empty';
  }
  if (error.tool !== null && !(TOOL_NAMES as readonly string[]).includes(error.tool)) {
    return `tool ${JSON.stringify(error.tool)} is not a known tool`;
  }
  // The lines as readText counts them: an input ending with a line end has an empty last line,
  // where an error at the very end of the input points.
  const lines = input.replace(/^\uFEFF/, '').split(LINE_END);
  if (!Number.isInteger(error.line) || error.line < 1 || error.line > lines.length) {
    return `line ${error.line} is outside the input's lines 1 to ${lines.length}`;
  }
  const lineLength = lines[error.line - 1]?.length ?? 0;
  if (!Number.isInteger(error.column) || error.column < 1 || error.column > lineLength + 1) {
    return `column ${error.column} is outside line ${error.line}, whose columns run from 1 to ${lineLength + 1}`;
  }
  return undefined;
}

export interface ParserPropertyOptions {
  /** How many mutated inputs to try (fast-check's numRuns). Default 200. */
  numRuns?: number | undefined;
  /** Fixes the run: the same seed tries the same inputs. Default: a new seed each run. */
  seed?: number | undefined;
  /** With `seed`, replays one counterexample (the `path` a failure report prints). */
  path?: string | undefined;
}

/**
 * Checks `expectResultOrParseError` on each original text as is, then on `numRuns` mutated
 * ones (one to three mutations of `mutatedOutput`). Throws fast-check's report, with the seed
 * and path to replay it, when one fails.
 */
export function checkParserProperty(
  parseFn: ParseFn,
  texts: readonly string[],
  options: ParserPropertyOptions = {},
): void {
  const originals = texts.map((text, sourceIndex): [MutatedSample] => [
    describedSample({ sourceIndex, mutations: [], text }),
  ]);
  fc.assert(
    fc.property(mutatedSample(texts), (sample) => expectResultOrParseError(parseFn, sample.text)),
    {
      numRuns: options.numRuns ?? 200,
      examples: originals,
      // The problem and the input excerpt belong in the report itself, not only in its cause.
      includeErrorInReport: true,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.path === undefined ? {} : { path: options.path }),
    },
  );
}

/** Throws the problem, then the input, then where the thrown error came from. */
function fail(input: string, problem: string, thrown?: unknown): never {
  const lineCount = input.split(LINE_END).length;
  const stack = thrown instanceof Error && thrown.stack !== undefined ? `\n${thrown.stack}` : '';
  throw new Error(
    `${problem}\ninput (${input.length} chars, ${lineCount} lines): ${quoteExcerpt(input)}${stack}`,
    thrown === undefined ? undefined : { cause: thrown },
  );
}

function describeThrown(thrown: unknown): string {
  if (thrown instanceof ParseError) {
    return `ParseError ${thrown.code} at ${thrown.line}:${thrown.column}: ${JSON.stringify(thrown.message)}`;
  }
  if (thrown instanceof Error) return `${thrown.name}: ${thrown.message}`;
  return `a non-Error value: ${String(thrown)}`;
}

function isThenable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
