import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText } from '../text.ts';
import { parseNormalSegment } from './normal/parse-normal.ts';
import type { DirectionStats, FioJob, FioRun, LatencyStats } from './schema.ts';

/**
 * Runs the real fio on a temporary directory, tiny sizes, with `--output-format=normal,json`,
 * and checks that the normal text parses to the numbers of fio's own JSON of the same run, to
 * the precision the text prints. All shapes run at once; the file takes a few seconds.
 */

const run = promisify(execFile);
const hasFio = spawnSync('fio', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasFio && process.env.CI) throw new Error('fio is not installed, and CI must run the real-fio tests');

// biome-ignore lint/suspicious/noExplicitAny: fio's JSON is checked field by field below.
type Json = any;

interface Shape {
  name: string;
  args: string[];
}

const COMMON = ['--bs=4k', '--size=4m', '--ioengine=psync', '--output-format=normal,json'];
const SHAPES: Shape[] = [
  {
    name: 'randrw mixed, numjobs=2, per job',
    args: ['--name=mix', '--rw=randrw', '--numjobs=2', '--time_based', '--runtime=1'],
  },
  {
    name: 'three stonewalled groups',
    args: [
      '--runtime=300ms',
      '--time_based',
      '--name=seqread',
      '--rw=read',
      '--name=seqwrite',
      '--rw=write',
      '--stonewall',
      '--name=randread',
      '--rw=randread',
      '--stonewall',
    ],
  },
  {
    name: 'group_reporting of 2 jobs',
    args: ['--name=grouped', '--rw=randread', '--numjobs=2', '--group_reporting', '--time_based', '--runtime=1'],
  },
  { name: '--unit_base=1 (bits)', args: ['--name=bits', '--rw=read', '--unit_base=1', '--time_based', '--runtime=1'] },
  { name: '--kb_base=1000', args: ['--name=si', '--rw=write', '--kb_base=1000', '--time_based', '--runtime=300ms'] },
  {
    name: 'clat percentiles off',
    args: ['--name=nopct', '--rw=randread', '--clat_percentiles=0', '--runtime=300ms', '--time_based'],
  },
  {
    name: 'lat percentiles on',
    args: ['--name=latpct', '--rw=randread', '--lat_percentiles=1', '--runtime=300ms', '--time_based'],
  },
  { name: 'fsync every 4 writes', args: ['--name=synced', '--rw=write', '--fsync=4', '--ioengine=sync', '--size=1m'] },
];

interface Outcome {
  normal: FioRun;
  json: Json;
  text: string;
}

const outcomes = new Map<string, Outcome>();
let dir = '';

/** Splits fio's `normal,json` stdout: the preamble, one JSON document, then the normal report. */
function splitOutput(stdout: string): Outcome {
  const source = readText(stdout);
  const { text } = source;
  const jsonStart = text.startsWith('{') ? 0 : text.indexOf('\n{\n') + 1;
  const jsonEnd = text.indexOf('\n}\n', jsonStart) + 2;
  const json = JSON.parse(text.slice(jsonStart, jsonEnd));
  return { normal: parseNormalSegment(source, jsonEnd + 1, text.length), json, text };
}

beforeAll(async () => {
  if (!hasFio) return;
  dir = mkdtempSync(join(tmpdir(), 'benchfolio-fio-'));
  const runs = SHAPES.map(async (shape, index) => {
    const shapeDir = join(dir, String(index));
    mkdirSync(shapeDir);
    const { stdout } = await run('fio', [`--directory=${shapeDir}`, ...COMMON, ...shape.args], { maxBuffer: 1 << 24 });
    outcomes.set(shape.name, splitOutput(stdout));
  });
  const failing = (async () => {
    const { stdout } = await run(
      'fio',
      [
        '--name=full',
        '--filename=/dev/full',
        '--rw=write',
        '--bs=4k',
        '--size=64k',
        '--ioengine=psync',
        '--output-format=normal,json',
      ],
      { maxBuffer: 1 << 24 },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    outcomes.set('err', splitOutput(stdout));
  })();
  await Promise.all([...runs, failing]);
}, 25_000);

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

/** |actual - expected| within `tolerance`, with a message naming the field. */
function expectNear(actual: number | null | undefined, expected: number, tolerance: number, what: string): void {
  expect(actual, what).not.toBeNull();
  expect(actual, what).toBeTypeOf('number');
  const difference = Math.abs((actual as number) - expected);
  expect(difference, `${what}: ${actual} vs fio's JSON ${expected} (± ${tolerance})`).toBeLessThanOrEqual(tolerance);
}

/** num2str prints 4 significant figures ("36.9k", "144MiB/s", "9453"): half a unit of the last. */
const NUM2STR_RELATIVE = 0.005;

/**
 * The unit fio printed a latency line in, in ns: stat.h's nsec_to_msec, then nsec_to_usec, pick
 * msec or usec from min, max and stdev (not the mean), else nsec. The text holds that line to
 * that unit, so the check's tolerance is this unit, not a guess from one field.
 */
function printedLatencyUnitNs(json: Json): number {
  if (json.min > 2_000_000 && json.max > 99_999_999 && json.stddev > 1_000_000) return 1e6;
  if (json.min > 2000 && json.max > 99_999 && json.stddev > 1000) return 1e3;
  return 1;
}

function checkLatency(normal: LatencyStats | null, json: Json, what: string): void {
  if (json === undefined || json.N === 0) {
    expect(normal, `${what}: not printed when fio sampled none`).toBeNull();
    return;
  }
  if (normal === null) throw new Error(`${what}: missing in the normal text`);
  const unitNs = printedLatencyUnitNs(json);
  // min/max: whole printed units (integer division truncates), or num2str's figures with a "k"
  // once a value no longer fits 6 characters.
  expectNear(normal.minNs, json.min, Math.max(unitNs, json.min * 1e-4), `${what}.min`);
  expectNear(normal.maxNs, json.max, Math.max(unitNs, json.max * 1e-4), `${what}.max`);
  // avg/stdev: "%5.02f" of the printed unit, so half a hundredth of it (and a little for floats).
  const halfHundredth = 0.00501 * unitNs;
  expectNear(normal.meanNs, json.mean, halfHundredth, `${what}.mean`);
  expectNear(normal.stddevNs, json.stddev, halfHundredth, `${what}.stddev`);
}

function checkPercentiles(normal: Record<string, number> | null, json: Json, what: string): void {
  if (json === undefined) {
    expect(normal, `${what}: not printed`).toBeNull();
    return;
  }
  const keys = Object.keys(json);
  expect(Object.keys(normal ?? {}), what).toHaveLength(keys.length);
  // stat.c's show_clat_percentiles prints the whole block in one unit, chosen from its smallest
  // and largest value: msec when min > 2 ms and max > 99.999999 ms, usec when min > 2 us and
  // max > 99.999 us, else nsec.
  const values = keys.map((key) => json[key] as number);
  const [minNs, maxNs] = [Math.min(...values), Math.max(...values)];
  const unitNs = minNs > 2_000_000 && maxNs > 99_999_999 ? 1e6 : minNs > 2000 && maxNs > 99_999 ? 1e3 : 1;
  for (const key of keys) {
    const printedKey = Number(key).toFixed(2);
    const expected = json[key] as number;
    const actual = normal?.[printedKey];
    // fio rounds a percentile up to the unit of its block.
    expect(actual, `${what} ${printedKey}`).toBeGreaterThanOrEqual(expected);
    expect((actual as number) - expected, `${what} ${printedKey}`).toBeLessThan(unitNs);
  }
}

function checkDirection(normal: DirectionStats | null, json: Json, what: string): void {
  if (json === undefined || json.io_bytes === 0) {
    expect(normal, `${what}: no direction line when nothing moved`).toBeNull();
    return;
  }
  if (normal === null) throw new Error(`${what}: missing in the normal text`);
  expectNear(normal.iops, json.iops, Math.max(1, json.iops * NUM2STR_RELATIVE), `${what}.iops`);
  expectNear(normal.bandwidthBytesPerSec, json.bw_bytes, json.bw_bytes * NUM2STR_RELATIVE, `${what}.bw`);
  expectNear(normal.ioBytes, json.io_bytes, json.io_bytes * NUM2STR_RELATIVE, `${what}.io`);
  expect(normal.runtimeMs, `${what}.runtime`).toBe(json.runtime);
  expect([normal.totalIos, normal.shortIos, normal.droppedIos], `${what} issued`).toEqual([
    json.total_ios,
    json.short_ios,
    json.drop_ios,
  ]);
  checkLatency(normal.slat, json.slat_ns, `${what}.slat`);
  checkLatency(normal.clat, json.clat_ns, `${what}.clat`);
  checkLatency(normal.lat, json.lat_ns, `${what}.lat`);
  checkPercentiles(normal.clat?.percentilesNs ?? null, json.clat_ns?.percentile, `${what}.clat percentiles`);
  checkPercentiles(normal.lat?.percentilesNs ?? null, json.lat_ns?.percentile, `${what}.lat percentiles`);
  if (json.bw_samples > 0) {
    const samples = normal.bandwidthSamples;
    // bw (  KiB/s): min=36376, max=36376, per=48.13%, avg=36376.00, stdev= 0.00, samples=1
    // Above a mean of 1 GiB/s, stat.c divides by 1024 (integers: min and max are floored) and
    // prints MiB/s: `bw (  MiB/s): min= 1904, max= 2016, ..., avg=1960.31`.
    const step = json.bw_mean > 1024 * 1024 ? 1024 * 1024 : 1024;
    const printed = (kib: number) => Math.floor((kib * 1024) / step) * step;
    expect(samples?.minBytesPerSec, `${what}.bw min`).toBe(printed(json.bw_min));
    expect(samples?.maxBytesPerSec, `${what}.bw max`).toBe(printed(json.bw_max));
    expectNear(samples?.meanBytesPerSec, json.bw_mean * 1024, 0.005 * step + 1e-6, `${what}.bw mean`);
    expectNear(samples?.percentOfGroup, json.bw_agg, 0.00501, `${what}.bw per`);
    expect(samples?.samples, `${what}.bw samples`).toBe(json.bw_samples);
    expect(normal.iopsSamples, `${what}.iops samples`).toMatchObject({
      min: json.iops_min,
      max: json.iops_max,
      samples: json.iops_samples,
    });
    expectNear(normal.iopsSamples?.mean, json.iops_mean, 0.00501, `${what}.iops mean`);
  }
}

function checkJob(normal: FioJob | undefined, json: Json): void {
  if (normal === undefined) throw new Error(`job ${json.jobname} is missing in the normal text`);
  const what = json.jobname as string;
  expect([normal.name, normal.groupId], what).toEqual([json.jobname, json.groupid]);
  expect(normal.hasFailed, `${what} failed`).toBe(json.error !== 0);
  checkDirection(normal.read, json.read, `${what}.read`);
  checkDirection(normal.write, json.write, `${what}.write`);
  expectNear(normal.cpu?.userPercent, json.usr_cpu, 0.00501, `${what}.cpu usr`);
  expectNear(normal.cpu?.systemPercent, json.sys_cpu, 0.00501, `${what}.cpu sys`);
  expect([normal.cpu?.contextSwitches, normal.cpu?.majorFaults, normal.cpu?.minorFaults], `${what}.cpu`).toEqual([
    json.ctx,
    json.majf,
    json.minf,
  ]);
  for (const [key, value] of Object.entries(json.iodepth_level as Record<string, number>)) {
    expectNear(normal.ioDepths?.level?.[key], value, 0.0501, `${what}.IO depths ${key}`);
  }
  for (const [unit, jsonKey] of [
    ['ns', 'latency_ns'],
    ['us', 'latency_us'],
    ['ms', 'latency_ms'],
  ] as const) {
    for (const [key, value] of Object.entries(json[jsonKey] as Record<string, number>)) {
      // Only buckets above zero are printed (the others are 0), and a unit only when one is.
      const buckets = normal.latencyDistribution?.[unit];
      if (buckets === null || buckets === undefined) expect(value, `${what}.lat ${unit} ${key}`).toBe(0);
      else expectNear(buckets[key], value, 0.00501, `${what}.lat ${unit} ${key}`);
    }
  }
}

function checkRun(outcome: Outcome | undefined): FioRun {
  if (outcome === undefined) throw new Error('fio did not run');
  const { normal, json } = outcome;
  expect(normal.jobs).toHaveLength(json.jobs.length);
  json.jobs.forEach((jsonJob: Json, index: number) => {
    checkJob(normal.jobs[index], jsonJob);
  });
  const groupIds = [...new Set(json.jobs.map((jsonJob: Json) => jsonJob.groupid))];
  expect(normal.groups.map((group) => group.groupId)).toEqual(groupIds);
  expect(normal.disks.map((disk) => disk.name)).toEqual((json.disk_util ?? []).map((disk: Json) => disk.name));
  (json.disk_util ?? []).forEach((disk: Json, index: number) => {
    expect(normal.disks[index]).toMatchObject({
      readIos: disk.read_ios,
      writeIos: disk.write_ios,
      readMerges: disk.read_merges,
      writeMerges: disk.write_merges,
      readTicksMs: disk.read_ticks,
      writeTicksMs: disk.write_ticks,
      inQueueMs: disk.in_queue,
    });
  });
  return normal;
}

describe.skipIf(!hasFio)('the real fio: normal text parses to the numbers of its own JSON', () => {
  for (const shape of SHAPES) {
    it(`agrees with fio's JSON: ${shape.name}`, () => {
      const normal = checkRun(outcomes.get(shape.name));
      expect(normal.fioVersion).toBeNull(); // the version line is in the preamble, before the JSON
    });
  }

  it('has one group per stonewall', () => {
    expect(outcomes.get('three stonewalled groups')?.normal.groups.map((group) => group.groupId)).toEqual([0, 1, 2]);
  });

  it('folds group_reporting jobs into one entry with jobs=2', () => {
    expect(outcomes.get('group_reporting of 2 jobs')?.normal.jobs.map((job) => job.jobCount)).toEqual([2]);
  });

  it('reads the sync latencies of --fsync', () => {
    const synced = outcomes.get('fsync every 4 writes');
    const job = synced?.normal.jobs[0];
    const jsonSync = synced?.json.jobs[0].sync;
    expect(job?.sync?.totalIos).toBe(jsonSync.total_ios);
    checkLatency(job?.sync?.lat ?? null, jsonSync.lat_ns, 'sync');
    checkPercentiles(job?.sync?.lat?.percentilesNs ?? null, jsonSync.lat_ns.percentile, 'sync percentiles');
  });

  it('keeps a job that failed (err=28 writing /dev/full) and flags it', () => {
    const failed = outcomes.get('err');
    const job = failed?.normal.jobs[0];
    expect(failed?.json.jobs[0].error).toBe(28);
    expect(job).toMatchObject({
      name: 'full',
      hasFailed: true,
      error: { code: 28, message: 'No space left on device' },
    });
  });

  it.skip('trim: fio trims block devices only, and this test works on files in a temporary directory', () => {});
});

describe.skipIf(hasFio)('the real fio', () => {
  it.skip('is not installed here (apt-get install fio); these tests run on CI', () => {});
});
