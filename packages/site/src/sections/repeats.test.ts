import { readFileSync } from 'node:fs';
import { parseDd } from '@benchfolio/parsers';
import { describe, expect, it } from 'vitest';
import { barCell, type Observation } from './repeats.ts';

// The rates of real dd reports (coreutils 9.1, made here: the fixtures of the parsers' dd tests),
// taken as the samples of one run, 200,000 of them: more than a spread of arguments holds.
const fixture = (name: string) =>
  readFileSync(new URL(`../../../parsers/fixtures/dd/${name}.input.txt`, import.meta.url), 'utf8');
const rates = ['dd-9.1--direct', 'dd-9.1--fdatasync', 'dd-9.1--noxfer', 'dd-9.1--progress']
  .flatMap((name) => parseDd(fixture(name)).result.runs)
  .flatMap((run) => (run.transfer?.bytesPerSec == null ? [] : [run.transfer.bytesPerSec]));

describe('barCell', () => {
  it('gives the min and max of 200,000 samples (no Math.min spread, which overflows the stack)', () => {
    expect(rates.length).toBeGreaterThanOrEqual(3);
    const observations: Observation[] = Array.from({ length: 200_000 }, (_, index) => ({
      run: 'yours',
      group: 'dd',
      sample: String(index),
      value: rates[index % rates.length] as number,
    }));
    const cell = barCell('yours', 'dd', 'B/s', observations);
    expect(cell).toMatchObject({
      spread: 'min-max',
      repeats: 200_000,
      low: Math.min(...rates),
      high: Math.max(...rates),
    });
  });
});
