import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catchParseError } from '../../../test/catch-parse-error.ts';
import { type ParseOutput, parse, parseStream } from '../../index.ts';
import type { FioHistogramLog, FioSampleLog } from './schema.ts';

/**
 * A log whose last line has no line end is cut inside that line (fio ends every line it logs
 * with one: iolog.c flush_samples, flush_hist_samples). `1000, 2345, 0, 40` cut to `1000, 23`
 * still reads as a sample, so the line is left out and a TRUNCATED warning names it, in `parse`
 * and in `parseStream` (`--ndjson`) alike. Real logs made here, cut at one field.
 */

const read = (name: string) => readFileSync(new URL(`../../../fixtures/fio-log/${name}`, import.meta.url), 'utf8');

/** The log's first `count` lines as fio wrote them, each field a number (the raw text's values). */
const rawLines = (text: string, count: number) =>
  text
    .split('\n')
    .slice(0, count)
    .map((line) => line.split(', ').map((field) => Number(field)));

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

async function streamed(text: string, name: string, size: number): Promise<ParseOutput[]> {
  const pieces: ParseOutput[] = [];
  for await (const piece of parseStream(chunksOf(text, size), { name, tool: 'fio-log' })) pieces.push(piece);
  return pieces;
}

const PER_IO = 'fio-3.33--perio-offset-prio_clat.1.log';
// 48 lines of `time, clat ns, direction, bs, offset, 0xprio`; line 48 is `230, 203822, 0, 4096, 356352, 0x0000`.
const perIo = read(PER_IO);
const LINES = 48;

describe('a fio log cut inside its last line', () => {
  it.each([
    ['inside the value', '230, 2038'],
    ['at a field boundary', '230, 203822'],
    ['after a comma', '230, 203822, 0,'],
    ['one field short', '230, 203822, 0, 4096, 356352'],
  ])('leaves the line out and warns TRUNCATED at it when cut %s', (_how, lastLine) => {
    const whole = perIo.slice(0, perIo.lastIndexOf('230, 203822, 0, 4096, 356352, 0x0000'));
    const output = parse(whole + lastLine, { name: PER_IO });
    expect(output.warnings.filter((w) => w.code === 'TRUNCATED')).toEqual([
      expect.objectContaining({ code: 'TRUNCATED', line: LINES, column: 1 }),
    ]);
    const rows = (output.result as FioSampleLog).rows;
    const lines = rawLines(perIo, LINES - 1);
    expect(rows.values).toEqual(lines.map((fields) => fields[1]));
    expect(rows.offsetBytes).toEqual(lines.map((fields) => fields[4]));
    // Line 47: `230, 26870, 1, 4096, 499712, 0x0000`, the last sample kept.
    expect(rows.values.at(-1)).toBe(26_870);
  });

  it('gives the same rows, warning and measurements through parseStream, in any chunk size', async () => {
    const cut = perIo.slice(0, perIo.length - ', 0x0000\n'.length);
    const whole = parse(cut, { name: PER_IO });
    for (const size of [5, 64, 4096]) {
      const pieces = await streamed(cut, PER_IO, size);
      expect(pieces.flatMap((piece) => (piece.result as FioSampleLog).rows.values)).toEqual(
        (whole.result as FioSampleLog).rows.values,
      );
      expect(pieces.flatMap((piece) => piece.measurements)).toEqual(whole.measurements);
      expect(pieces.flatMap((piece) => piece.warnings).filter((w) => w.code === 'TRUNCATED')).toEqual([
        expect.objectContaining({ code: 'TRUNCATED', line: LINES, column: 1 }),
      ]);
    }
  });

  it('keeps every line of a log that ends with its line end, without a warning', async () => {
    const output = parse(perIo, { name: PER_IO });
    expect((output.result as FioSampleLog).rows.values).toHaveLength(LINES);
    expect(output.warnings.map((w) => w.code)).not.toContain('TRUNCATED');
    const pieces = await streamed(perIo, PER_IO, 64);
    expect(pieces.flatMap((piece) => piece.warnings).map((w) => w.code)).not.toContain('TRUNCATED');
  });

  it('is TRUNCATED at line 1 when the only line is cut, in parse and parseStream', async () => {
    const first = '0, 21350, 0, 40';
    expect(perIo.startsWith(first)).toBe(true);
    expect(catchParseError(() => parse(first, { name: PER_IO }))).toMatchObject({
      code: 'TRUNCATED',
      line: 1,
      column: 1,
    });
    await expect(streamed(first, PER_IO, 4)).rejects.toMatchObject({ code: 'TRUNCATED', line: 1, column: 1 });
  });

  it('leaves out a histogram log line cut among its bins', async () => {
    const name = 'fio-3.33--hist500_clat_hist.1.log';
    const text = read(name);
    const lines = text.split('\n');
    // Line 3 cut after its first 40 fields (1859 in a whole line).
    const cut = `${lines.slice(0, 2).join('\n')}\n${lines[2]?.split(', ').slice(0, 40).join(', ')}`;
    const output = parse(cut, { name });
    expect(output.warnings).toContainEqual(expect.objectContaining({ code: 'TRUNCATED', line: 3, column: 1 }));
    const intervals = (output.result as FioHistogramLog).intervals;
    expect(intervals.timeMs).toEqual(rawLines(text, 2).map((fields) => fields[0]));
    const pieces = await streamed(cut, name, 1000);
    expect(pieces.flatMap((piece) => piece.measurements)).toEqual(output.measurements);
    expect(pieces.flatMap((piece) => piece.warnings)).toContainEqual(
      expect.objectContaining({ code: 'TRUNCATED', line: 3, column: 1 }),
    );
  });
});
