import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseStream } from '../../index.ts';
import { fioLogNdjson } from './ndjson.ts';
import type { FioLogResult } from './schema.ts';
import { MAX_PIECE_ROWS } from './stream.ts';

/** Real logs of fio 3.33 made here (fixtures/fio-log/make-fixtures.sh), named as fio named them. */
const FIXTURES = fileURLToPath(new URL('../../../fixtures/fio-log/', import.meta.url));
const logNames = readdirSync(FIXTURES).filter((name) => name.endsWith('.log'));
const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const decoder = new TextDecoder();

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

/** The streamed pieces of a log, read in chunks of `size` characters. */
async function streamed(text: string, name: string, size: number) {
  const pieces = [];
  for await (const piece of parseStream(chunksOf(text, size), { name })) pieces.push(piece);
  return pieces;
}

/** Pieces' rows (or intervals) put back together, each column concatenated. */
function concatenated(results: FioLogResult[]): Record<string, unknown> {
  const columns: Record<string, unknown[]> = {};
  for (const result of results) {
    const table: Record<string, unknown> = result.type === 'samples' ? result.rows : result.intervals;
    for (const [key, column] of Object.entries(table)) {
      if (column === null) columns[key] = null as unknown as unknown[];
      else columns[key] = [...(columns[key] ?? []), ...(column as unknown[])];
    }
  }
  return columns;
}

describe('fio log streaming on every fixture', () => {
  it.each(logNames)('%s: the pieces put together are the whole parse', async (name) => {
    const text = read(name);
    const whole = parse(text, { name });
    for (const size of [97, 64 * 1024]) {
      const pieces = await streamed(text, name, size);
      const results = pieces.map((piece) => piece.result as FioLogResult);
      const wholeResult = whole.result as FioLogResult;
      const table = wholeResult.type === 'samples' ? wholeResult.rows : wholeResult.intervals;
      expect(concatenated(results)).toEqual(table);
      const last = results.at(-1) as FioLogResult;
      expect(last.summary).toEqual(wholeResult.summary);
      expect(pieces.flatMap((piece) => piece.measurements)).toEqual(whole.measurements);
      // Each piece starts where the one before ended.
      let next = 0;
      for (const result of results) {
        expect(result.firstSample).toBe(next);
        next += result.type === 'samples' ? result.rows.timeMs.length : result.intervals.timeMs.length;
      }
    }
  });

  it(`cuts a batch of more than ${MAX_PIECE_ROWS} rows into pieces of at most that many`, async () => {
    const name = 'fio-3.33--perio-offset-prio_clat.1.log';
    const lines = read(name).trimEnd().split('\n');
    const text = `${Array.from({ length: Math.ceil((MAX_PIECE_ROWS * 2.5) / lines.length) }, () => lines.join('\n')).join('\n')}\n`;
    const pieces = await streamed(text, name, text.length);
    const sizes = pieces.map((piece) => (piece.result as { rows: { timeMs: number[] } }).rows.timeMs.length);
    expect(Math.max(...sizes)).toBe(MAX_PIECE_ROWS);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(text.trimEnd().split('\n').length);
    expect(concatenated(pieces.map((piece) => piece.result as FioLogResult))).toEqual(
      (parse(text, { name }).result as { rows: unknown }).rows,
    );
  });
});

describe('fioLogNdjson', () => {
  it.each(logNames)('%s: each line is JSON.stringify of the piece, or of each measurement with tidy', async (name) => {
    for (const piece of await streamed(read(name), name, 4096)) {
      if (piece.tool !== 'fio-log') throw new Error(`${name} was read as ${piece.tool}`);
      const { tool, format, toolVersion, result, warnings } = piece;
      const file = `dir/${name}`;
      expect(decoder.decode(fioLogNdjson(piece, file, false))).toBe(
        `${JSON.stringify({ file, tool, format, toolVersion, result, warnings })}\n`,
      );
      expect(decoder.decode(fioLogNdjson(piece, file, true))).toBe(
        piece.measurements.map((measurement) => `${JSON.stringify(measurement)}\n`).join(''),
      );
    }
  });
});
