import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RAW_TOOLS, rawOutputs } from '../../test/raw-outputs.ts';
import { builtinRegistry } from '../builtin.ts';
import { jsonPieces, writeJson } from './json-stream.ts';

const parsed = RAW_TOOLS.flatMap((tool) =>
  rawOutputs(tool).flatMap(({ label, text }) => {
    const result = builtinRegistry.safeParse(text, { name: label });
    return result.success ? [{ label, output: { file: label, ...result.data } }] : [];
  }),
);

/** A real dd output (8 MiB copied with oflag=direct) written `times` times over: `times` runs. */
function repeatedDdOutput(times: number): string {
  const real = readFileSync(new URL('../../fixtures/dd/dd-9.1--direct.input.txt', import.meta.url), 'utf8');
  return real.repeat(times);
}

describe('jsonPieces', () => {
  it('writes the text of JSON.stringify(value, null, 2) for every parsed real output, whole and tidy', () => {
    // Most outputs of every tool parse; each is written as `parse` writes one file and `--tidy`.
    expect(parsed.length).toBeGreaterThan(100);
    for (const { label, output } of parsed) {
      expect([...jsonPieces(output)].join(''), label).toBe(`${JSON.stringify(output, null, 2)}\n`);
      const tidy = output.measurements;
      expect([...jsonPieces(tidy)].join(''), label).toBe(`${JSON.stringify(tidy, null, 2)}\n`);
    }
  });

  it('writes the array `parse` prints for several files as JSON.stringify does', () => {
    const all = parsed.map(({ output }) => output);
    expect([...jsonPieces(all)].join('')).toBe(`${JSON.stringify(all, null, 2)}\n`);
  });

  it('writes a large result in pieces of about 64 KiB, each of them JSON.stringify text', () => {
    const output = builtinRegistry.parse(repeatedDdOutput(5000), { name: 'dd.txt' });
    expect(output.measurements).toHaveLength(5000 * 8);
    const pieces = [...jsonPieces(output)];
    expect(pieces.length).toBeGreaterThan(100);
    // The largest piece: 64 KiB gathered and one small value (a run) over it.
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(80 * 1024);
    expect(pieces.join('')).toBe(`${JSON.stringify(output, null, 2)}\n`);
  });

  it('writes what JSON.stringify writes of undefined, functions, toJSON and non-finite numbers', () => {
    // Not shapes a parse gives, but what JSON.stringify's text is made of, in a large array.
    const odd = Array.from({ length: 3000 }, (_, index) => ({
      index,
      missing: undefined,
      call: () => index,
      when: new Date(Date.UTC(2026, 10, 28, 0, 0, index % 60)),
      ratio: index % 2 === 0 ? Number.NaN : Number.POSITIVE_INFINITY,
      list: [undefined, () => 1, index, {}, []],
      empty: {},
      note: 'a "quoted"\nline',
    }));
    expect([...jsonPieces(odd)].join('')).toBe(`${JSON.stringify(odd, null, 2)}\n`);
  });
});

describe('writeJson', () => {
  it('waits for the stream to drain when a write is queued', async () => {
    const output = builtinRegistry.parse(repeatedDdOutput(2000), { name: 'dd.txt' });
    const written: string[] = [];
    let onDrain: (() => void) | undefined;
    let isQueued = false;
    let writesWhileQueued = 0;
    // A pipe whose reader is slow: every write is queued, and drains on the next turn.
    const stdout = {
      write(data: string | Uint8Array) {
        if (isQueued) writesWhileQueued++;
        written.push(String(data));
        isQueued = true;
        setImmediate(() => {
          isQueued = false;
          onDrain?.();
        });
        return false;
      },
      once(_event: 'drain', listener: () => void) {
        onDrain = listener;
      },
    };
    await writeJson(stdout, output);
    expect(writesWhileQueued).toBe(0);
    expect(written.length).toBeGreaterThan(10);
    expect(written.join('')).toBe(`${JSON.stringify(output, null, 2)}\n`);
  });
});
