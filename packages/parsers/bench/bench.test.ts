import { readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_PARSERS } from '../src/builtin.ts';
import { allCorpusFiles, corpusDir } from '../test/corpus.ts';
import { parseBenchArgs } from './args.ts';
import { buildInput, createInputDir, readOutputOffsets, varyNumbers } from './build-input.ts';
import { BENCH_CASES, BYTES_PER_MB } from './cases.ts';
import { jsonParseDocuments, readSplitRegex } from './operations.ts';
import { createPrng } from './prng.ts';
import { readBenchSource } from './sources.ts';
import { median, scalingRatio } from './stats.ts';

// These tests check how bench inputs are built, never how fast anything runs.

const corpusTexts = allCorpusFiles().map((file) => file.text);
const inputDir = createInputDir();
afterAll(() => inputDir.remove());

/** The text with every digit masked: what varying the numbers must not change. */
const maskDigits = (text: string) => text.replace(/\d/g, '#');

describe('createPrng', () => {
  it('gives the same sequence for the same seed', () => {
    const first = createPrng(42);
    const second = createPrng(42);
    const sequence = Array.from({ length: 100 }, () => first());
    expect(Array.from({ length: 100 }, () => second())).toEqual(sequence);
  });

  it('gives another sequence for another seed', () => {
    const first = createPrng(1);
    const second = createPrng(2);
    expect(Array.from({ length: 10 }, () => second())).not.toEqual(Array.from({ length: 10 }, () => first()));
  });

  it('gives numbers in [0, 1) that cover the range', () => {
    const random = createPrng(7);
    const values = Array.from({ length: 10_000 }, () => random());
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(Math.min(...values)).toBeLessThan(0.01);
    expect(Math.max(...values)).toBeGreaterThan(0.99);
  });
});

describe('varyNumbers', () => {
  const texts = fc.oneof(fc.constantFrom(...corpusTexts), fc.string({ unit: 'grapheme', maxLength: 200 }));

  it('keeps the length and every character that is not a digit', () => {
    fc.assert(
      fc.property(texts, fc.nat(), (text, seed) => {
        const varied = varyNumbers(text, createPrng(seed));
        expect(varied.length).toBe(text.length);
        expect(maskDigits(varied)).toBe(maskDigits(text));
      }),
      { numRuns: 200, seed: 1 },
    );
  });

  it('keeps a non-zero first digit non-zero and a zero first digit zero', () => {
    fc.assert(
      fc.property(texts, fc.nat(), (text, seed) => {
        const varied = varyNumbers(text, createPrng(seed));
        for (const match of text.matchAll(/\d+/g)) {
          const first = varied[match.index] as string;
          expect(first === '0').toBe(match[0][0] === '0');
        }
      }),
      { numRuns: 200, seed: 1 },
    );
  });

  it('keeps decimal points, units and signs in place', () => {
    expect(maskDigits(varyNumbers('bw=-1063.9KB/s, 0.57 ms', createPrng(3)))).toBe('bw=-####.#KB/s, #.## ms');
  });

  it('changes the numbers', () => {
    const text = corpusTexts.join('');
    expect(varyNumbers(text, createPrng(1))).not.toBe(text);
  });

  it('gives the same text for the same seed and another for another seed', () => {
    const [text = ''] = corpusTexts;
    expect(varyNumbers(text, createPrng(9))).toBe(varyNumbers(text, createPrng(9)));
    expect(varyNumbers(text, createPrng(9))).not.toBe(varyNumbers(text, createPrng(10)));
  });
});

describe('buildInput', () => {
  const texts = corpusTexts.slice(0, 5);
  const build = (targetBytes: number, fileName: string, seed = 1) =>
    buildInput({ texts, targetBytes, seed, dir: inputDir.path, fileName });

  it('writes whole outputs, each on its own lines, until the target size', () => {
    const targetBytes = 100_000;
    const built = build(targetBytes, 'whole.txt');
    const content = readFileSync(built.path, 'utf8');
    expect(built.sizeBytes).toBe(Buffer.byteLength(content));
    expect(built.sizeBytes).toBeGreaterThanOrEqual(targetBytes);
    const outputs = Array.from({ length: built.outputCount }, (_, i) => {
      const text = texts[i % texts.length] as string;
      return text.endsWith('\n') ? text : `${text}\n`;
    });
    // The last output is the one that reached the target.
    expect(built.sizeBytes - Buffer.byteLength(outputs.at(-1) ?? '')).toBeLessThan(targetBytes);
    expect(maskDigits(content)).toBe(maskDigits(outputs.join('')));
  });

  it('writes the same bytes for the same seed, and a prefix of them for a smaller target', () => {
    const full = readFileSync(build(200_000, 'full.txt').path, 'utf8');
    const again = readFileSync(build(200_000, 'again.txt').path, 'utf8');
    const quarter = readFileSync(build(50_000, 'quarter.txt').path, 'utf8');
    expect(again).toBe(full);
    expect(full.startsWith(quarter)).toBe(true);
    expect(readFileSync(build(200_000, 'other.txt', 2).path, 'utf8')).not.toBe(full);
  });

  it('writes at least one output for a tiny target', () => {
    expect(build(1, 'tiny.txt').outputCount).toBe(1);
  });
});

describe('bench cases', () => {
  const registered = new Set(BUILTIN_PARSERS.map((parser) => parser.tool));

  it.each(BENCH_CASES.map((benchCase) => [benchCase.name, benchCase] as const))(
    '%s names a registered tool, existing sources and a size',
    (_name, benchCase) => {
      expect(registered.has(benchCase.tool)).toBe(true);
      expect(benchCase.corpusFiles.length).toBeGreaterThan(0);
      for (const file of benchCase.corpusFiles) expect(readBenchSource(corpusDir(), file).length).toBeGreaterThan(0);
      expect(benchCase.targetBytes).toBeGreaterThan(0);
    },
  );

  it('have unique names', () => {
    const names = BENCH_CASES.map((benchCase) => benchCase.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('bench arguments and statistics', () => {
  it('reads --size-mb in decimal megabytes, fractions included', () => {
    expect(parseBenchArgs(['--size-mb', '0.5']).sizeBytes).toBe(0.5 * BYTES_PER_MB);
  });

  it('rejects a size that is not a positive number', () => {
    expect(() => parseBenchArgs(['--size-mb', '0'])).toThrow(/--size-mb/);
    expect(() => parseBenchArgs(['--size-mb', 'ten'])).toThrow(/--size-mb/);
  });

  it('takes the median of an odd and an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('gives a scaling ratio of 4 for time proportional to size, whatever the exact sizes', () => {
    expect(scalingRatio({ durationMs: 400, inputBytes: 1000 }, { durationMs: 100, inputBytes: 250 })).toBe(4);
    expect(scalingRatio({ durationMs: 400, inputBytes: 1000 }, { durationMs: 120, inputBytes: 300 })).toBeCloseTo(4);
  });
});

describe('bench baselines', () => {
  const jsonTexts = allCorpusFiles()
    .filter((file) => file.path.endsWith('.json'))
    .map((file) => file.text)
    .filter((text) => !text.startsWith('\uFEFF'));

  it('JSON.parse reads every document of an input built from JSON outputs, by the offsets index', async () => {
    const built = buildInput({ texts: jsonTexts, targetBytes: 200_000, dir: inputDir.path, fileName: 'json.txt' });
    const offsets = readOutputOffsets(built.offsetsPath);
    expect(offsets).toHaveLength(built.outputCount);
    await expect(jsonParseDocuments(offsets)(built.path)).resolves.toMatchObject({ count: expect.any(Number) });
  });

  it('read-split-regex sees every line, including one split across 1 MiB chunks', async () => {
    const line = 'read : io=1024.0MB\n';
    const text = line.repeat(Math.ceil((3 * 1024 * 1024) / line.length));
    const path = `${inputDir.path}/lines.txt`;
    writeFileSync(path, text);
    await expect(readSplitRegex(path)).resolves.toEqual({ count: text.length / line.length });
  });
});

describe('buildInput with digits to keep', () => {
  it('keeps the digits a pattern covers and varies the others', () => {
    // A fio terse v3 line opens with its terse version and the fio version: layout, not data.
    const text = '3;fio-3.1;randread;0;0;2097152;14790;3697;141787\n';
    const built = buildInput({
      texts: [text],
      targetBytes: 500,
      dir: inputDir.path,
      fileName: 'terse.txt',
      keepDigits: /^\d+;(?:fio-[^;]*;)?/gm,
    });
    const lines = readFileSync(built.path, 'utf8').trimEnd().split('\n');
    expect(lines.every((line) => line.startsWith('3;fio-3.1;randread;'))).toBe(true);
    expect(new Set(lines).size).toBeGreaterThan(1);
  });
});
