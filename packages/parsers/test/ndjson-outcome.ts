import fc from 'fast-check';
import { expect } from 'vitest';
import { ParseError } from '../src/errors.ts';
import type { ToolParser } from '../src/parser.ts';
import { createRegistry } from '../src/registry.ts';

/**
 * Helpers of the tests that hold a tool's `--ndjson` stream (ToolParser.ndjsonStream) to the
 * typed path it replaces: the text each writes for the same chunks, and the error after it.
 */

/** The text written, and the ParseError it ended with (null when it ended well). */
export interface NdjsonOutcome {
  text: string;
  error: { code: string; line: number | null; column: number | null; message: string; snippet: string } | null;
}

/** A text as chunks cut at the given offsets (sorted; duplicates and 0 give no empty chunk). */
export async function* chunksAt(text: string, cuts: readonly number[]): AsyncGenerator<string> {
  let start = 0;
  for (const cut of cuts) {
    if (cut > start) yield text.slice(start, cut);
    start = Math.max(start, cut);
  }
  if (start < text.length) yield text.slice(start);
}

/** Everything the pieces say, decoded, up to the ParseError they may end with. */
export async function ndjsonOutcome(pieces: () => AsyncIterable<string | Uint8Array>): Promise<NdjsonOutcome> {
  const decoder = new TextDecoder();
  let text = '';
  try {
    for await (const piece of pieces()) text += typeof piece === 'string' ? piece : decoder.decode(piece);
    return { text, error: null };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    const { code, line, column, message, snippet } = error;
    return { text, error: { code, line, column, message, snippet } };
  }
}

/** Sorted cut offsets in a text: anywhere, including inside a CRLF pair or a number. */
export const cutsIn = (text: string): fc.Arbitrary<number[]> =>
  fc.uniqueArray(fc.nat({ max: text.length }), { maxLength: 12 }).map((cuts) => cuts.sort((a, b) => a - b));

/**
 * Checks a registry of one parser on a long text (longer than the head detection reads, so that
 * the registry streams rather than parses whole), cut at `cuts`: `ndjsonStream` hands out bytes
 * only (the parser's own stream, not the typed path), the same text and error as `parseStream` and
 * the parser's `ndjson` of each output, and more than `minLines` lines.
 */
export async function expectRegistryNdjson(parser: ToolParser, text: string, file: string, minLines: number) {
  const registry = createRegistry([parser]);
  const cuts = [1000, 70000, 150000];
  const decoder = new TextDecoder();
  const options = { tool: parser.tool, name: file };
  const typed = await ndjsonOutcome(async function* () {
    for await (const output of registry.parseStream(chunksAt(text, cuts), options)) {
      const line = parser.ndjson?.(output, file, false) ?? '';
      yield typeof line === 'string' ? line : decoder.decode(line);
    }
  });
  let isAllBytes = true;
  const direct = await ndjsonOutcome(async function* () {
    for await (const piece of registry.ndjsonStream(chunksAt(text, cuts), { ...options, file })) {
      if (!(piece instanceof Uint8Array)) isAllBytes = false;
      yield piece as Uint8Array;
    }
  });
  expect(isAllBytes).toBe(true);
  expect(direct).toEqual(typed);
  expect(typed.text.split('\n').length).toBeGreaterThan(minLines);
}

/** The typed path's outcome, once the direct stream's is checked to be the same: text, then error. */
export async function expectSameNdjson(
  typed: () => AsyncIterable<string | Uint8Array>,
  direct: () => AsyncIterable<string | Uint8Array>,
): Promise<NdjsonOutcome> {
  const expected = await ndjsonOutcome(typed);
  const actual = await ndjsonOutcome(direct);
  expect(actual.error).toEqual(expected.error);
  expect(actual.text).toBe(expected.text);
  return expected;
}
