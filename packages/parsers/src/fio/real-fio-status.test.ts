import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFio } from './index.ts';
import type { DirectionStats, FioJob, FioRun } from './schema.ts';

/**
 * Runs the real fio (Debian's 3.33 here) with the options of issue 19 on a temporary directory
 * and checks that every format of one run parses to the same numbers, report by report:
 * `--status-interval=1` in normal, json and terse, `--steadystate`, unified_rw_reporting=1 and
 * per-priority latencies (libaio, O_DIRECT). All runs start at once; the file takes about 4 s.
 */

const run = promisify(execFile);
const hasFio = spawnSync('fio', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasFio && process.env.CI) throw new Error('fio is not installed, and CI must run the real-fio tests');

const BASE = ['--size=4m', '--bs=4k', '--ioengine=psync', '--rw=randread'];
const SHAPES = {
  statusNormalJson: ['--name=si', '--time_based', '--runtime=3', '--status-interval=1', '--output-format=normal,json'],
  statusTerseJson: ['--name=si', '--time_based', '--runtime=3', '--status-interval=1', '--output-format=terse,json'],
  steadyState: [
    '--name=ss',
    '--time_based',
    '--runtime=3',
    '--steadystate=iops:50%',
    '--ss_dur=2',
    '--output-format=normal,json',
  ],
  mixed: [
    '--name=mixed',
    '--rw=randrw',
    '--time_based',
    '--runtime=300ms',
    '--unified_rw_reporting=1',
    '--output-format=normal,json,terse',
  ],
} as const;
type ShapeName = keyof typeof SHAPES;

const outputs = new Map<string, string>();
let dir = '';
/** Why the priority run gave no output (no libaio, no O_DIRECT on this filesystem), if it did not. */
let prioSkipReason = '';

beforeAll(async () => {
  if (!hasFio) return;
  dir = mkdtempSync(join(tmpdir(), 'benchfolio-fio-status-'));
  const runs = Object.entries(SHAPES).map(async ([name, args], index) => {
    const shapeDir = join(dir, String(index));
    mkdirSync(shapeDir);
    const { stdout } = await run('fio', [`--directory=${shapeDir}`, ...BASE, ...args], { maxBuffer: 1 << 24 });
    outputs.set(name, stdout);
  });
  const prio = (async () => {
    const prioDir = join(dir, 'prio');
    mkdirSync(prioDir);
    try {
      const args = ['--name=prio', '--size=16m', '--bs=4k', '--rw=randread', '--ioengine=libaio', '--direct=1'];
      const more = ['--iodepth=8', '--time_based', '--runtime=1', '--cmdprio_percentage=30', '--cmdprio_class=1'];
      const { stdout } = await run('fio', [`--directory=${prioDir}`, ...args, ...more, '--output-format=normal,json'], {
        maxBuffer: 1 << 24,
      });
      outputs.set('prio', stdout);
    } catch (error) {
      prioSkipReason = `fio could not run libaio with O_DIRECT in ${tmpdir()}: ${String(error).split('\n')[0]}`;
    }
  })();
  await Promise.all([...runs, prio]);
}, 30_000);

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

const output = (name: ShapeName | 'prio') => outputs.get(name) as string;
const onlyRun = (text: string, format: 'normal' | 'json' | 'terse'): FioRun => {
  const runs = parseFio(text, { format }).result.runs;
  expect(runs, format).toHaveLength(1);
  return runs[0] as FioRun;
};
const reportJobs = (run: FioRun): FioJob[] => [
  ...run.statusReports.map((r) => r.jobs[0] as FioJob),
  run.jobs[0] as FioJob,
];

describe.skipIf(!hasFio)('the real fio with --status-interval=1', () => {
  it('prints reports that fold into one run in normal and json, agreeing report by report', () => {
    const text = output('statusNormalJson');
    const documents = text.split('\n').filter((line) => line === '{').length;
    const json = onlyRun(text, 'json');
    const normal = onlyRun(text, 'normal');
    expect(documents).toBeGreaterThanOrEqual(3);
    expect(json.statusReports).toHaveLength(documents - 1);
    expect(normal.statusReports).toHaveLength(documents - 1);
    const normalReads = reportJobs(normal).map((job) => job.read as DirectionStats);
    reportJobs(json).forEach((job, k) => {
      const read = job.read as DirectionStats;
      expect(normalReads[k]?.totalIos, `report ${k} ios`).toBe(read.totalIos);
      expect(normalReads[k]?.runtimeMs, `report ${k} runtime`).toBe(read.runtimeMs);
      const io = Math.abs((normalReads[k]?.ioBytes ?? 0) - (read.ioBytes ?? 0)) / (read.ioBytes ?? 1);
      expect(io, `report ${k} io`).toBeLessThan(0.005);
    });
  });

  it('prints terse reports that fold into one run and agree with the json ones', () => {
    const text = output('statusTerseJson');
    const terse = onlyRun(text, 'terse');
    const json = onlyRun(text, 'json');
    expect(terse.statusReports.length).toBeGreaterThanOrEqual(2);
    expect(terse.statusReports).toHaveLength(json.statusReports.length);
    const jsonReads = reportJobs(json).map((job) => job.read as DirectionStats);
    reportJobs(terse).forEach((job, k) => {
      const other = jsonReads[k] as DirectionStats;
      expect(job.read?.ioBytes, `report ${k} io`).toBe(Math.floor((other.ioBytes ?? 0) / 1024) * 1024);
      expect(job.read?.runtimeMs, `report ${k} runtime`).toBe(other.runtimeMs);
    });
  });
});

describe.skipIf(!hasFio)('the real fio with --steadystate and unified_rw_reporting', () => {
  it('prints steady state in normal and json that agree', () => {
    const text = output('steadyState');
    const normal = onlyRun(text, 'normal').jobs[0]?.steadyState;
    const json = onlyRun(text, 'json').jobs[0]?.steadyState;
    expect(json?.iops?.length).toBe(json?.durationSec);
    expect(normal?.isAttained).toBe(json?.isAttained);
    expect(normal?.criterion).toBeCloseTo(json?.criterion ?? Number.NaN, 3);
  });

  it('prints unified_rw_reporting=1 as one mixed direction in every format', () => {
    const text = output('mixed');
    const json = onlyRun(text, 'json').jobs[0] as FioJob;
    const normal = onlyRun(text, 'normal').jobs[0] as FioJob;
    const terse = onlyRun(text, 'terse').jobs[0] as FioJob;
    for (const job of [json, normal, terse]) expect([job.read, job.write, job.trim]).toEqual([null, null, null]);
    expect(normal.mixed?.totalIos).toBe(json.mixed?.totalIos);
    expect(terse.mixed?.ioBytes).toBe(Math.floor((json.mixed?.ioBytes ?? 0) / 1024) * 1024);
    expect(terse.mixed?.runtimeMs).toBe(json.mixed?.runtimeMs);
  });
});

describe.skipIf(!hasFio)('the real fio with cmdprio_percentage', () => {
  it('prints per-priority latencies in normal and json that agree', (context) => {
    if (prioSkipReason !== '') context.skip(prioSkipReason);
    const text = output('prio');
    const normal = onlyRun(text, 'normal').jobs[0]?.read?.prios ?? [];
    const json = onlyRun(text, 'json').jobs[0]?.read?.prios ?? [];
    expect(json.length).toBe(2);
    expect(normal.map((p) => [p.prioClass, p.prioLevel])).toEqual(json.map((p) => [p.prioClass, p.prioLevel]));
    normal.forEach((prio, i) => {
      // avg printed in usec or nsec with two decimals.
      expect(Math.abs((prio.lat.meanNs ?? 0) - (json[i]?.lat.meanNs ?? 0))).toBeLessThanOrEqual(5);
    });
  });
});
