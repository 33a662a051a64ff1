import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { formatValue } from '../lib/format-value.ts';
import { experimentView } from './experiment-view.ts';
import { runPageView } from './run-page.ts';
import { stabilityRows } from './run-stability.ts';
import { type FixtureRun, fixtureExperiment, repoPath } from './test-content.ts';

// A run made by the runner with two repeats of dd (content/results/2026-11-ext4-xfs-btrfs-loopback,
// ext4), arranged as --warmup 1 would have written it: the first repeat a warm-up, the second
// the one measured, with the stability entry the runner writes for it.

const DIR = 'content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4';
const COMMAND = 'dd if=/dev/zero of=/mnt/benchfolio-work/dd-seq-write.img bs=1M count=128 oflag=direct';

/** dd's bytes and seconds, as it printed them: the rate the runner and the library read. */
async function ddRate(file: string): Promise<number> {
  const text = await readFile(repoPath(`${DIR}/${file}`), 'utf8');
  const match = /^(\d+) bytes .* copied, ([\d.]+) s,/m.exec(text);
  if (match === null) throw new Error(`no dd statement in ${file}`);
  return Number(match[1]) / Number(match[2]);
}

function ddRun(warmup: boolean, stability?: readonly string[]): FixtureRun {
  return {
    id: 'ext4',
    value: 'ext4',
    repeat: 2,
    outputs: [1, 2].map((repeat) => ({
      file: `dd--seq-write-${repeat}.txt`,
      from: `${DIR}/dd--seq-write-${repeat}.txt`,
      tool: 'dd' as const,
      workload: 'dd-seq-write',
      repeat,
      ...(warmup && repeat === 1 ? { warmup: true } : {}),
      command: COMMAND,
    })),
    ...(stability === undefined ? {} : { stability }),
  };
}

function bwCell(view: ReturnType<typeof experimentView>) {
  const section = view.sections.find((candidate) => candidate.tool === 'dd');
  return section?.metrics.find((metric) => metric.metric === 'bw')?.cells[0];
}

describe('warm-up repeats on the site', () => {
  it("are in no chart: the run's dd bar is the measured repeat alone, not the mean of both", async () => {
    const measured = await ddRate('dd--seq-write-2.txt');
    const both = bwCell(experimentView(await fixtureExperiment('2026-11-warmup-test', [ddRun(false)])));
    expect(both?.repeats).toBe(2);
    const withWarmup = bwCell(experimentView(await fixtureExperiment('2026-11-warmup-test', [ddRun(true)])));
    expect(withWarmup?.repeats).toBeUndefined();
    expect(withWarmup?.value).toBeCloseTo(measured, 0);
  });

  it("stay on the run page's list of outputs, marked", async () => {
    // The page reads the raw outputs (the lint's lines): it is made while the fixture is there.
    let view: ReturnType<typeof runPageView> | undefined;
    await fixtureExperiment('2026-11-warmup-test', [ddRun(true)], async (loaded) => {
      view = runPageView(loaded, loaded.runs[0] as (typeof loaded.runs)[number]);
    });
    expect(view?.outputs.map((output) => [output.file, output.warmup ?? false])).toEqual([
      ['dd--seq-write-1.txt', true],
      ['dd--seq-write-2.txt', false],
    ]);
  });
});

describe("a run page's repeats and spread (run.yaml stability:)", () => {
  it('shows N, warm-up, mean, sd, RSD and range of the values, why it stopped, and the drift test', async () => {
    const rates = [await ddRate('dd--seq-write-1.txt'), await ddRate('dd--seq-write-2.txt')].map(Math.round);
    const mean = (rates[0] as number) / 2 + (rates[1] as number) / 2;
    const sd = Math.abs((rates[0] as number) - (rates[1] as number)) / Math.SQRT2;
    const stability = [
      "  - workload: 'dd-seq-write'",
      '    tool: dd',
      "    metric: 'bytes copied / seconds'",
      "    unit: 'B/s'",
      '    mode: fixed',
      '    warmup: 0',
      '    repeats: 2',
      '    measured: 2',
      `    values: [${rates.join(', ')}]`,
      `    mean: ${mean}`,
      `    sd: ${sd}`,
      `    rsd_percent: ${(100 * sd) / mean}`,
      '    stopped: repeat-count',
    ];
    let rows: ReturnType<typeof runPageView>['stability'] = [];
    await fixtureExperiment('2026-11-warmup-test', [ddRun(false, stability)], async (loaded) => {
      rows = runPageView(loaded, loaded.runs[0] as (typeof loaded.runs)[number]).stability;
    });
    const [row] = rows;
    expect(row).toMatchObject({
      workload: 'dd-seq-write',
      measured: 2,
      warmup: 0,
      mean: formatValue(mean, 'B/s'),
      sd: formatValue(sd, 'B/s'),
      rsd: `${Number(((100 * sd) / mean).toPrecision(3))}%`,
      range: `${formatValue(Math.min(...rates), 'B/s')}–${formatValue(Math.max(...rates), 'B/s')}`,
      stopped: 'repeat-count',
      driftText: 'not tested (fewer than 5 repeats)',
      isDrifting: false,
    });
  });

  it('says a flagged drift with its direction, size and p, and an unsettled workload', () => {
    const [row] = stabilityRows({
      stability: [
        {
          workload: 'cpu-t1',
          tool: 'sysbench',
          metric: 'events per second',
          unit: 'events/s',
          mode: 'auto',
          target_rsd_percent: 1,
          min_repeat: 3,
          max_repeat: 5,
          warmup: 1,
          repeats: 6,
          measured: 5,
          values: [100, 98, 96, 94, 92],
          mean: 96,
          sd: 3.16228,
          rsd_percent: 3.29404,
          stopped: 'max-repeat',
          drift: {
            flagged: true,
            direction: 'down',
            change: -8,
            change_percent: -8.33333,
            mann_kendall_s: -10,
            p_value: 0.0166667,
          },
        },
      ],
    });
    expect(row?.isDrifting).toBe(true);
    expect(row?.driftText).toBe('down 8.3% from first to last repeat (Mann-Kendall p = 0.017)');
    expect(row?.stoppedText).toBe('not stable: RSD over 1% at the most repeats allowed (5)');
    expect(row?.target).toBe('1%');
    expect([row?.headline, row?.printedUnit]).toEqual(['events per second', 'events/s']);
    expect(row?.mean).toBe('96 op/s');
  });
});
