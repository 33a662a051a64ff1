import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@benchfolio/parsers';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers.ts';

// The runner's reading of headline numbers (scripts/lib/headline.sh) and its statistics and
// drift test (scripts/lib/stability.sh), called as the runner calls them, on real outputs: the
// parsers' fixtures and the seeds of content/results, printed by the real tools.

/** Runs a snippet of sh with the runner's libraries loaded, standard input given. */
function sh(script: string, input = ''): string {
  return execFileSync(
    'sh',
    ['-c', `. scripts/lib/common.sh; . scripts/lib/headline.sh; . scripts/lib/stability.sh; ${script}`],
    { cwd: REPO_ROOT, input, encoding: 'utf8' },
  ).trim();
}

function headline(tool: string, path: string): { value: number; unit: string } {
  const [value = '', unit = ''] = sh(`headline ${tool} ${JSON.stringify(path)}`).split('\t');
  return { value: Number(value), unit };
}

/** The value of one measurement the library parses from a file. */
function measured(path: string, metric: string): number {
  const found = parse(readFileSync(join(REPO_ROOT, path), 'utf8')).measurements.find((m) => m.metric === metric);
  if (found === undefined) throw new Error(`no ${metric} in ${path}`);
  return found.value;
}

interface DriftResult {
  n: number;
  s: number;
  p: number;
  change: number;
  flagged: boolean;
}

function drift(values: readonly number[]): DriftResult | 'untested' {
  const words = sh('drift_test', `${values.join('\n')}\n`).split(' ');
  if (words[1] === 'untested') return 'untested';
  const [n, s, p, change, , , flagged] = words.map(Number);
  return { n: n as number, s: s as number, p: p as number, change: change as number, flagged: flagged === 1 };
}

/** Mann-Kendall's S and its exact two-sided p by going through every order of the values. */
function mannKendallByPermutations(values: readonly number[]): { s: number; p: number } {
  const sOf = (order: readonly number[]) => {
    let s = 0;
    for (let i = 0; i < order.length; i++) {
      for (let j = i + 1; j < order.length; j++) s += Math.sign((order[j] as number) - (order[i] as number));
    }
    return s;
  };
  const observed = Math.abs(sOf(values));
  let extreme = 0;
  let total = 0;
  const ranks = values.map((_, index) => index);
  const permute = (prefix: number[], rest: number[]) => {
    if (rest.length === 0) {
      total++;
      if (Math.abs(sOf(prefix)) >= observed) extreme++;
      return;
    }
    for (const [index, next] of rest.entries())
      permute(
        [...prefix, next],
        rest.filter((_, other) => other !== index),
      );
  };
  permute([], ranks);
  return { s: sOf(values), p: Math.min(1, extreme / total) };
}

describe('headline.sh reads the number the library reads', () => {
  it("bonnie++ 2.00a: put_block of the CSV line, in bonnie's K/sec (KiB/s)", () => {
    for (const file of [
      'packages/parsers/fixtures/bonnie/bonnie-2.00a--table-and-csv.input.txt',
      'packages/parsers/fixtures/bonnie/bonnie-2.00a--quiet-chunk-files-max-min.input.csv',
    ]) {
      const read = headline('bonnie', file);
      expect(read.unit).toBe('KiB/s');
      expect(read.value * 1024, file).toBe(measured(file, 'put_block'));
    }
  });

  it('bonnie++ 1.03 and 1.96 seeds of content/results: put_block from their own CSV layouts', () => {
    const dir = 'content/results/2011-11-ext4-xfs-btrfs-bonnie/runs';
    const files = readdirSync(join(REPO_ROOT, dir)).flatMap((run) =>
      readdirSync(join(REPO_ROOT, dir, run))
        .filter((file) => file.startsWith('bonnie--'))
        .map((file) => `${dir}/${run}/${file}`),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const read = headline('bonnie', file);
      expect(read.value * 1024, file).toBeCloseTo(measured(file, 'put_block'), 0);
    }
  });

  it("dd: bytes copied / seconds, the library's bw", () => {
    const file = 'packages/parsers/fixtures/dd/dd-9.1--direct.input.txt';
    const read = headline('dd', file);
    expect(read.unit).toBe('B/s');
    expect(read.value).toBe(Math.round(measured(file, 'bw')));
  });

  it('an output without the number has none (exit status 1, nothing printed)', () => {
    expect(() => sh('headline dd packages/parsers/fixtures/dd/dd-9.1--noxfer.input.txt')).toThrow();
    expect(() => sh('headline iostat packages/parsers/fixtures/dd/dd-9.1--direct.input.txt')).toThrow();
  });
});

describe('stability.sh statistics', () => {
  it('series_stats: N, mean, sample sd (N - 1), RSD in percent, min and max', () => {
    // sysbench 1.0.20 memory, --report-interval 1: the MiB/sec of five successive seconds
    // (packages/parsers/fixtures/sysbench/sysbench-1.0.20--report-interval.input.txt).
    const values = [6640.21, 6574.74, 6834.44, 6828.08, 5126.98];
    const [n, mean, sd, rsd, min, max] = sh('series_stats', values.join('\n')).split(' ').map(Number);
    const expectedMean = values.reduce((a, b) => a + b) / 5;
    const expectedSd = Math.sqrt(values.reduce((a, b) => a + (b - expectedMean) ** 2, 0) / 4);
    expect([n, min, max]).toEqual([5, 5126.98, 6834.44]);
    expect(mean).toBeCloseTo(expectedMean, 9);
    expect(sd).toBeCloseTo(expectedSd, 9);
    expect(rsd).toBeCloseTo((100 * expectedSd) / expectedMean, 9);
  });

  it('yaml_number: six significant digits, never an exponent', () => {
    expect(sh('for x in 2097152000 1234.5678 0.000123456789 0 -4.2; do yaml_number "$x"; done').split('\n')).toEqual([
      '2097152000',
      '1234.57',
      '0.000123457',
      '0',
      '-4.2',
    ]);
  });
});

describe('stability.sh drift test (Mann-Kendall, exact p, Sen change over the scatter)', () => {
  it('agrees with every order of the values counted out, on real series of successive measurements', () => {
    // sysbench 1.0.20 --report-interval 1 (the parsers' fixture): cpu events/s, threads eps,
    // fileio reads MiB/s, five seconds each; and the memory seconds above.
    const series = [
      [5792.58, 4601.57, 8308.44, 9410.33, 8567.46],
      [597.31, 1770.62, 2878.53, 365.22, 805.99],
      [664.63, 576.55, 413.19, 721.63, 634.82],
      [6640.21, 6574.74, 6834.44, 6828.08, 5126.98],
    ];
    for (const values of series) {
      const result = drift(values);
      const expected = mannKendallByPermutations(values);
      if (result === 'untested') throw new Error('5 values are tested');
      expect(result.s, values.join(' ')).toBe(expected.s);
      expect(result.p, values.join(' ')).toBeCloseTo(expected.p, 5);
      // None of these seconds trends: no drift is flagged.
      expect(result.flagged, values.join(' ')).toBe(false);
    }
  });

  it('flags a steady fall over five repeats, down, with its first-to-last change', () => {
    // Made up: a series that falls by 2 each repeat (a real one cannot be made to drift on demand).
    const result = drift([100, 98, 96, 94, 92]);
    expect(result).toMatchObject({ n: 5, s: -10, flagged: true, change: -8 });
    expect((result as DriftResult).p).toBeCloseTo(2 / 120, 6);
  });

  it('does not test fewer than five repeats: no order of four is unlikely enough (p >= 1/12)', () => {
    expect(drift([100, 98, 96, 94])).toBe('untested');
    expect(mannKendallByPermutations([100, 98, 96, 94]).p).toBeCloseTo(1 / 12, 6);
  });

  it('does not flag one step within an otherwise flat series: the change is inside the scatter', () => {
    // Made up: every repeat lower than the one before, but all the fall is one step at the end.
    const result = drift([10, 9.99, 9.98, 9.97, 5]);
    expect(result).toMatchObject({ s: -10, flagged: false });
  });
});
