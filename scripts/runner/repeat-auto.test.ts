import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seriesStats } from '@benchfolio/parsers/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { summarizeExperiment } from '../../packages/parsers/src/node/summarize.ts';
import {
  hasCommand,
  printedHeadline,
  type RunResult,
  removeAll,
  runnerArgs,
  runRunner,
  tempDir,
  testExperimentId,
  validate,
  writeExperiment,
} from './helpers.ts';

// --repeat auto, --warmup and the run folder's README.md, with the real sysbench and fio at tiny
// sizes (1 s, 1 MiB): every number asserted is read here from the raw outputs as the tools
// printed them, never a duration. Which reason stops a workload depends on the machine's noise,
// so each run picks a target that decides it: 200% (the RSD of 3 positive values is at most
// sqrt(3) = 173%) or 0.0001%.

const HAS_TOOLS = hasCommand('sysbench') && hasCommand('fio');

interface StabilityEntry {
  workload: string;
  tool: string;
  unit: string;
  mode: string;
  target_rsd_percent: number;
  max_repeat: number;
  warmup: number;
  repeats: number;
  measured: number;
  values: number[];
  mean: number;
  sd: number;
  rsd_percent: number;
  stopped: string;
  drift?: { flagged: boolean; p_value: number };
}

interface RunYaml {
  repeat: number;
  outputs: Array<{ file: string; tool: string; workload: string; repeat: number; warmup?: boolean }>;
  stability: StabilityEntry[];
}

describe.skipIf(!HAS_TOOLS)('scripts/benchfolio-run --repeat auto --warmup 1, with real sysbench and fio', () => {
  const experiment = testExperimentId();
  let scratch: string;
  let experimentDir: string;
  const results: Record<string, RunResult> = {};

  const runDir = (run: string) => join(experimentDir, 'runs', run);
  const runYaml = async (run: string) => parseYaml(await readFile(join(runDir(run), 'run.yaml'), 'utf8')) as RunYaml;

  beforeAll(async () => {
    scratch = await tempDir('repeat-auto');
    experimentDir = join(scratch, 'results', experiment);
    const common = { experiment, threads: 1, runtime: 1, size: '1M', noDropCaches: true as const, iostatInterval: 0 };
    for (const [run, targetRsd, profile] of [
      ['settles', '200', 'sysbench-cpu,fio-seed-hoffman'],
      ['never-settles', '0.0001', 'sysbench-cpu'],
    ] as const) {
      const dir = join(scratch, run);
      await mkdir(dir);
      results[run] = await runRunner(
        runnerArgs({
          ...common,
          dir,
          run,
          profile,
          repeat: 'auto',
          maxRepeat: 3,
          targetRsd,
          warmup: 1,
          out: runDir(run),
        }),
      );
    }
    await writeExperiment(experimentDir);
  }, 120_000);
  afterAll(() => removeAll(scratch));

  it('runs the warm-up and then 3 measured repeats of each workload, and the folder validates', async () => {
    for (const run of ['settles', 'never-settles']) expect(results[run]?.code, results[run]?.stderr).toBe(0);
    expect((await validate(experimentDir)).errors).toEqual([]);
    const yaml = await runYaml('settles');
    expect(yaml.repeat).toBe(4);
    for (const entry of yaml.stability) {
      const outputs = yaml.outputs.filter((o) => o.workload === entry.workload && o.tool === entry.tool);
      expect(outputs.map((o) => [o.repeat, o.warmup ?? false])).toEqual([
        [1, true],
        [2, false],
        [3, false],
        [4, false],
      ]);
      expect(entry).toMatchObject({ mode: 'auto', warmup: 1, repeats: 4, measured: 3, max_repeat: 3 });
    }
  });

  it('records the headline of each measured repeat as the tool printed it, and their mean, sd and RSD', async () => {
    for (const run of ['settles', 'never-settles']) {
      const yaml = await runYaml(run);
      expect(yaml.stability.map((entry) => entry.workload).sort()).toEqual(
        run === 'settles' ? ['cpu-t1', 'seed-hoffman'] : ['cpu-t1'],
      );
      for (const entry of yaml.stability) {
        const measured = yaml.outputs.filter(
          (o) => o.workload === entry.workload && o.tool === entry.tool && o.warmup !== true,
        );
        const printed = await Promise.all(
          measured.map(async (o) => printedHeadline(o.tool, await readFile(join(runDir(run), o.file), 'utf8'))),
        );
        expect(entry.values).toEqual(printed);
        const stats = seriesStats(printed);
        expect(entry.mean).toBeCloseTo(stats.mean, 5 - Math.floor(Math.log10(Math.abs(stats.mean))));
        expect(entry.rsd_percent / stats.rsd_percent).toBeCloseTo(1, 4);
        expect(entry.sd / stats.sd).toBeCloseTo(1, 4);
      }
    }
  });

  it('stops at the target RSD when the repeats are under it, else at --max-repeat, and says which', async () => {
    for (const entry of (await runYaml('settles')).stability) {
      expect(entry.stopped, entry.workload).toBe('target-rsd');
      expect(entry.rsd_percent).toBeLessThan(200);
    }
    const [cpu] = (await runYaml('never-settles')).stability;
    expect(cpu).toMatchObject({ stopped: 'max-repeat', target_rsd_percent: 0.0001 });
    expect(cpu?.rsd_percent).toBeGreaterThanOrEqual(0.0001);
    expect(results['never-settles']?.stderr).toMatch(/warning: cpu-t1: RSD .* --max-repeat 3 reached/);
  });

  it("marks the warm-up outputs warmup: true, and the library's summary averages the 3 others", async () => {
    const checked = await validate(experimentDir);
    const loaded = checked.experiment;
    if (loaded === undefined) throw new Error('the experiment does not load');
    const run = loaded.runs.find((candidate) => candidate.id === 'settles');
    const warmups = run?.outputs.filter((output) => output.declared.warmup === true).map((output) => output.file);
    expect(warmups?.filter((file) => !file.includes('--seed-hoffman-1--')).sort()).toEqual([
      'fio--seed-hoffman-1.txt',
      'sysbench--cpu-t1-1.txt',
    ]);
    const summary = summarizeExperiment({ ...loaded, runs: run === undefined ? [] : [run] });
    expect(summary).toContain('(mean of 3)');
    expect(summary).not.toContain('(mean of 4)');
  });

  it("writes a README.md whose table holds each workload's N, mean, sd and RSD of the outputs", async () => {
    const readme = await readFile(join(runDir('settles'), 'README.md'), 'utf8');
    const yaml = await runYaml('settles');
    for (const entry of yaml.stability) {
      const row = readme.split('\n').find((line) => line.startsWith(`| ${entry.workload} | ${entry.tool} |`));
      const cells = row?.split('|').map((cell) => cell.trim()) ?? [];
      const stats = seriesStats(entry.values);
      expect(cells[4], entry.workload).toBe('3');
      expect(Number(cells[5]) / stats.mean).toBeCloseTo(1, 5);
      expect(Number(cells[6]) / stats.sd).toBeCloseTo(1, 4);
      expect(Number(cells[7]?.replace('%', '')) / stats.rsd_percent).toBeCloseTo(1, 4);
    }
    expect(readme).toContain('sysbench cpu --threads=1 --time=1 --events=0 run');
    expect(readme).toMatch(/\| kernel \| \S+ \|/);
    const never = await readFile(join(runDir('never-settles'), 'README.md'), 'utf8');
    expect(never).toMatch(/- \*\*cpu-t1\*\* \(sysbench\): not stable/);
  });

  it('--append adds the new workload to stability: and makes the README.md again', async () => {
    const dir = join(scratch, 'append');
    await mkdir(dir);
    const result = await runRunner(
      runnerArgs({
        dir,
        experiment,
        run: 'settles',
        profile: 'sysbench-memory',
        threads: 1,
        runtime: 1,
        repeat: 'auto',
        maxRepeat: 3,
        targetRsd: '200',
        noDropCaches: true,
        iostatInterval: 0,
        append: true,
        out: runDir('settles'),
      }),
    );
    expect(result.code, result.stderr).toBe(0);
    const yaml = await runYaml('settles');
    expect(yaml.stability.map((entry) => entry.workload)).toEqual(['cpu-t1', 'seed-hoffman', 'memory-t1']);
    const memory = yaml.stability[2] as StabilityEntry;
    expect(memory).toMatchObject({ warmup: 0, repeats: 3, measured: 3, stopped: 'target-rsd' });
    const readme = await readFile(join(runDir('settles'), 'README.md'), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| memory-t1 | sysbench |'));
    expect(Number(row?.split('|')[5]) / seriesStats(memory.values).mean).toBeCloseTo(1, 5);
    expect((await validate(experimentDir)).errors).toEqual([]);
  });
});

describe('scripts/benchfolio-run repeat options, without running a benchmark', () => {
  const base = ['--dir', '/nonexistent', '--experiment', '2026-11-x', '--run', 'a', '--profile', 'sysbench-cpu'];

  it('--help documents --repeat auto, --max-repeat, --target-rsd, --warmup, drift and README.md', async () => {
    const { stdout, code } = await runRunner(['--help']);
    expect(code).toBe(0);
    for (const text of [
      '--repeat auto',
      '--max-repeat N',
      '--target-rsd P',
      '--warmup N',
      'Mann-Kendall',
      'README.md',
    ]) {
      expect(stdout).toContain(text);
    }
  });

  it('refuses a --max-repeat under 3, a --target-rsd that is not a percentage, and either without auto', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--repeat', 'auto', '--max-repeat', '2'], /--max-repeat 2: a count from 3/],
      [['--repeat', 'auto', '--target-rsd', '0'], /--target-rsd 0: a percentage above 0/],
      [['--repeat', 'auto', '--target-rsd', '5%'], /--target-rsd 5%: a percentage above 0/],
      [['--repeat', '3', '--target-rsd', '5'], /--max-repeat and --target-rsd go with --repeat auto/],
      [['--repeat', 'often'], /--repeat often: a count from 1, or auto/],
      [['--warmup', 'one'], /--warmup one: how many warm-up repeats/],
    ];
    for (const [args, message] of cases) {
      const result = await runRunner([...base, ...args]);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
  });

  it('--ssh and --loopback pass every repeat option on to the runs they start', async () => {
    const repeatOptions = ['--repeat', 'auto', '--max-repeat', '4', '--target-rsd', '2.5', '--warmup', '1'];
    const ssh = await runRunner([
      ...runnerArgs({ dryRun: true, ssh: 'db1', dir: '/mnt/test', experiment: '2026-11-x', profile: 'sysbench-cpu' }),
      ...repeatOptions,
    ]);
    expect(ssh.stderr).toBe('');
    const hostRun = ssh.stdout.split('\n').find((line) => line.includes('exec sh scripts/benchfolio-run'));
    expect(hostRun).toContain(' --repeat auto --max-repeat 4 --target-rsd 2.5 --warmup 1 ');
    const scratch = await tempDir('repeat-loopback');
    try {
      const loop = await runRunner([
        ...runnerArgs({
          dryRun: true,
          loopback: 'ext4',
          dir: scratch,
          experiment: '2026-11-x',
          profile: 'sysbench-cpu',
          out: join(scratch, 'out'),
        }),
        '--repeat',
        '2',
        '--warmup',
        '1',
      ]);
      expect(loop.stderr).toBe('');
      // The filesystem's run prints the commands of its warm-up and its two repeats.
      const oneThread = loop.stdout.split('\n').filter((line) => /^sysbench cpu --threads=1 .* run > /.test(line));
      expect(oneThread.map((line) => line.replace(/.*-(\d+)\.txt$/, '$1'))).toEqual(['1', '2', '3']);
    } finally {
      await removeAll(scratch);
    }
  });
});
