import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { ParseError } from '../errors.ts';
import { parseSysbench } from './index.ts';

/**
 * Issue 34: sysbench's numbers are read strictly, and a run cut inside its last line is no
 * smaller figure. Each case is a real output with one field changed or one cut made, and the
 * code, line and column it must be reported at.
 */

function corpus(name: string): string {
  return readCorpusFile(corpusDir(), `sysbench/${name}`).text;
}

function positionOf(text: string, needle: string, shift = 0): { line: number; column: number } {
  const offset = text.indexOf(needle) + shift;
  expect(offset - shift, `"${needle}" in the text`).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1) as string).length + 1 };
}

function errorOf(text: string): ParseError {
  try {
    parseSysbench(text);
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}

// line 15: "    events per second:  9093.38"; line 30: "    execution time (avg/stddev):   9.9921/0.01"
const CPU = corpus('gvisor__v1.0.11-cpu.txt');

describe('sysbench numbers', () => {
  it('a copy cut inside the last number (9.9921/0.0 for 9.9921/0.01) is BAD_NUMBER at that number', () => {
    const text = CPU.slice(0, CPU.indexOf('9.9921/0.01') + '9.9921/0.0'.length);
    expect(errorOf(text)).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '9.9921/0.0', 7) });
  });

  it('a copy cut before the last line end reads the whole run', () => {
    const text = CPU.trimEnd();
    expect(parseSysbench(text).measurements).toEqual(parseSysbench(CPU).measurements);
  });

  it('a negative rate is BAD_NUMBER at its column', () => {
    const text = CPU.replace('9093.38', '-9093.38');
    expect(errorOf(text)).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '-9093.38') });
  });

  it('trailing junk after a number (9093.38x) is BAD_NUMBER at its column', () => {
    const text = CPU.replace('9093.38', '9093.38x');
    expect(errorOf(text)).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '9093.38x') });
  });

  it('a negative memory transfer rate is BAD_NUMBER at its column', () => {
    // "46874.07 MiB transferred (9372.49 MiB/sec)"
    const memory = corpus('gvisor__v1.0.11-memory-write.txt');
    const text = memory.replace('(9372.49 MiB/sec)', '(-9372.49 MiB/sec)');
    expect(errorOf(text)).toMatchObject({ code: 'BAD_NUMBER', line: positionOf(text, '-9372.49').line });
  });

  it('a negative --report-interval rate is BAD_NUMBER at its column', () => {
    const interval = readFileSync(
      new URL('../../fixtures/sysbench/sysbench-1.0.20--report-interval.input.txt', import.meta.url),
      'utf8',
    );
    const text = interval.replace('eps: 5792.58', 'eps: -5792.58');
    expect(errorOf(text)).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '-5792.58') });
  });

  it("a log of runs cut inside the next run's header line is TRUNCATED at that line", () => {
    const interval = readFileSync(
      new URL('../../fixtures/sysbench/sysbench-1.0.20--report-interval.input.txt', import.meta.url),
      'utf8',
    );
    const second = interval.indexOf('sysbench 1.0.20', 10);
    for (const cut of ['sysbe', 'sysbench 1.0.2', 'sysbench 1.0.20 (using sys']) {
      const text = interval.slice(0, second + cut.length);
      expect(parseSysbench(text).warnings, cut).toContainEqual(
        expect.objectContaining({ code: 'TRUNCATED', line: text.split('\n').length, column: 1 }),
      );
    }
  });

  it('a --report-interval line cut as the last line leaves its run TRUNCATED', () => {
    const interval = readFileSync(
      new URL('../../fixtures/sysbench/sysbench-1.0.20--report-interval.input.txt', import.meta.url),
      'utf8',
    );
    const text = interval.slice(0, interval.indexOf('eps: 4601.57') + 'eps: 46'.length);
    const output = parseSysbench(text);
    expect(output.warnings).toContainEqual(expect.objectContaining({ code: 'TRUNCATED', line: 1, column: 1 }));
  });
});
