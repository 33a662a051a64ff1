import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadedExperiment } from '../../content/loaded.ts';
import { loadContent } from '../load-content.ts';
import { measurementRows } from './rows.ts';

const RESULTS = fileURLToPath(new URL('../../../../../content/results', import.meta.url));

let experiments: LoadedExperiment[];
beforeAll(async () => {
  experiments = (await loadContent(RESULTS)).experiments;
});

function experiment(id: string): LoadedExperiment {
  const loaded = experiments.find((candidate) => candidate.id === id);
  if (loaded === undefined) throw new Error(`${id} does not load`);
  return loaded;
}

describe('the warmup column of the measurement rows', () => {
  it("is true for a warm-up output's measurements (run.yaml `warmup: true`), and only those", () => {
    const loaded = experiment('2026-11-ext4-xfs-btrfs-loopback');
    // The runner's --warmup writes `warmup: true` on the first repeat's outputs; this experiment
    // was run without it, so its first output is taken as one, in memory.
    const [run] = loaded.runs;
    const [first, ...others] = run?.outputs ?? [];
    if (run === undefined || first === undefined) throw new Error('the loopback experiment has no output');
    const warm = { ...first, declared: { ...first.declared, warmup: true } };
    const rows = [...measurementRows({ ...loaded, runs: [{ ...run, outputs: [warm, ...others] }] })];
    const warmRows = rows.filter((row) => row.warmup === true);
    expect(warmRows.length).toBe(first.parsed.measurements.length);
    expect(new Set(warmRows.map((row) => row.source))).toEqual(new Set([`${loaded.id}/runs/${run.id}/${first.file}`]));
    expect(rows.filter((row) => row.warmup === false).length).toBe(
      others.reduce((sum, output) => sum + output.parsed.measurements.length, 0),
    );
  });

  it('is false for every parsed measurement of content/results (none is a warm-up) and null for published ones', () => {
    const rows = experiments.flatMap((loaded) => [...measurementRows(loaded)]);
    expect(rows.filter((row) => row.origin === 'parsed').every((row) => row.warmup === false)).toBe(true);
    const published = rows.filter((row) => row.origin === 'published');
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((row) => row.warmup === null)).toBe(true);
  });
});
