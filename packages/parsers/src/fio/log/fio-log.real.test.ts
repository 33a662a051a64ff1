import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  binIndexOf,
  binLowerBound,
  binUpperBound,
  binValue,
  fioPercentiles,
  latencyPercentilesFromBins,
} from '../latency-bins.ts';
import type { FioHistogramLog, FioSampleLog } from './schema.ts';
import { parseFioLog } from './tool.ts';

/**
 * Runs the real fio on a temporary directory (tiny sizes) with its logs and its JSON report of
 * the same run, and holds the two forms to each other: a log's mean against the mean fio
 * printed, a per-I/O log's percentiles against fio's, json+ bins against fio's percentiles, a
 * histogram log against the report.
 */

const run = promisify(execFile);
const hasFio = spawnSync('fio', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasFio && process.env.CI) throw new Error('fio is not installed, and CI must run the real-fio tests');

// biome-ignore lint/suspicious/noExplicitAny: fio's JSON is read field by field below.
type Json = any;

let dir = '';
let perIo: Json;
let windowed: Json;
let hist: Json;

const log = (name: string) => parseFioLog(readFileSync(join(dir, name), 'utf8'), { name });
const samples = (name: string) => log(name).result as FioSampleLog;

async function fio(args: string[]): Promise<Json> {
  const common = [`--filename=${join(dir, 'data')}`, '--size=1M', '--ioengine=psync', '--output-format=json'];
  const { stdout } = await run('fio', [...common, ...args], { cwd: dir });
  return JSON.parse(stdout.slice(stdout.indexOf('{')));
}

describe.skipIf(!hasFio)('fio logs of a real fio run', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'benchfolio-fio-log-'));
    [perIo, windowed, hist] = await Promise.all([
      fio([
        '--name=perio',
        '--rw=randrw',
        '--bs=4k',
        '--io_size=256k',
        '--rate_iops=200',
        '--write_lat_log=perio',
        '--write_bw_log=perio',
      ]),
      fio([
        '--name=win',
        '--rw=randrw',
        '--bs=4k',
        '--time_based',
        '--runtime=2',
        '--log_avg_msec=250',
        '--write_bw_log=win',
        '--write_iops_log=win',
      ]),
      fio([
        '--name=hist',
        '--rw=randread',
        '--bs=4k',
        '--time_based',
        '--runtime=2',
        '--write_hist_log=hist',
        '--log_hist_msec=250',
        '--output-format=json+',
      ]),
    ]);
  }, 60_000);

  afterAll(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it("a per-I/O clat log has fio's count, min, max and mean of clat", () => {
    const summary = samples('perio_clat.1.log').summary;
    for (const direction of ['read', 'write'] as const) {
      const printed = perIo.jobs[0][direction].clat_ns;
      const ours = summary.find((entry) => entry.direction === direction);
      expect(ours?.count).toBe(printed.N);
      expect(ours?.min).toBe(printed.min);
      expect(ours?.max).toBe(printed.max);
      // fio prints the mean with six decimals.
      expect(ours?.mean).toBeCloseTo(printed.mean, 5);
    }
  });

  it('a per-I/O lat log has the mean of lat fio printed', () => {
    const summary = samples('perio_lat.1.log').summary;
    expect(summary.find((entry) => entry.direction === 'read')?.mean).toBeCloseTo(perIo.jobs[0].read.lat_ns.mean, 5);
  });

  it('a per-I/O clat log gives exactly the percentiles fio printed (the same values in the same bins)', () => {
    const log = samples('perio_clat.1.log');
    for (const direction of ['read', 'write'] as const) {
      const printed = perIo.jobs[0][direction].clat_ns.percentile as Record<string, number>;
      const ours = log.summary.find((entry) => entry.direction === direction)?.percentilesNs;
      const expected = log.percentiles.map((percentile) => printed[percentile.toFixed(6)]);
      expect(ours).toEqual(expected);
    }
  });

  it('a windowed bw log averages to the bw avg fio printed, over as many samples', () => {
    for (const kind of ['bw', 'iops'] as const) {
      const summary = samples(`win_${kind}.1.log`).summary;
      for (const direction of ['read', 'write'] as const) {
        const printed = windowed.jobs[0][direction];
        const ours = summary.find((entry) => entry.direction === direction);
        expect(ours?.count).toBe(printed[`${kind}_samples`]);
        // bw_mean is KiB/s with six decimals; the log's mean is in B/s.
        const scale = kind === 'bw' ? 1024 : 1;
        expect((ours?.mean ?? 0) / scale).toBeCloseTo(printed[`${kind}_mean`], 5);
        expect((ours?.min ?? 0) / scale).toBe(printed[kind === 'bw' ? 'bw_min' : 'iops_min']);
        expect((ours?.max ?? 0) / scale).toBe(printed[kind === 'bw' ? 'bw_max' : 'iops_max']);
      }
    }
  });

  it('json+ bins give exactly the percentiles fio printed', () => {
    const clat = hist.jobs[0].read.clat_ns;
    const percentiles = Object.keys(clat.percentile).map(Number);
    expect(latencyPercentilesFromBins(clat.bins, percentiles)).toEqual(Object.values(clat.percentile));
  });

  it("a histogram log agrees with json+ bins bin by bin, and its percentiles with fio's within the bins", () => {
    const result = log('hist_clat_hist.1.log').result as FioHistogramLog;
    expect(result.binCount).toBe(1856);
    // The log's counts added up, bin by bin: never more than json+'s for the bin (whose key is
    // the bin's value). The log lacks only the I/Os after its last interval (fio issue #490).
    const all = hist.jobs[0].read.clat_ns.bins as Record<string, number>;
    const logged = new Array<number>(result.binCount).fill(0);
    for (const counts of result.intervals.counts) {
      counts.forEach((count, bin) => {
        logged[bin] = (logged[bin] ?? 0) + count;
      });
    }
    logged.forEach((count, bin) => {
      if (count > 0) expect(count).toBeLessThanOrEqual(all[String(binValue(bin))] ?? 0);
    });
    const loggedTotal = logged.reduce((sum, count) => sum + count, 0);
    const total = hist.jobs[0].read.clat_ns.N as number;
    const missing = total - loggedTotal;
    const values = logged.map((_, bin) => binValue(bin));
    const summary = result.summary.find((entry) => entry.direction === 'read');
    expect(summary?.count).toBe(loggedTotal);
    for (const p of [50, 90, 99]) {
      // fio's p-th percentile of the logged I/Os lies between fio's percentiles of all I/Os at
      // the logged I/Os' rank and at that rank plus the missing ones: a bound that holds
      // whatever the missing I/Os were.
      const [ofLogged] = fioPercentiles(values, logged, [p]);
      const low = (100 * (p / 100) * loggedTotal) / total;
      const high = Math.min(100, (100 * ((p / 100) * loggedTotal + missing)) / total);
      const [fromAllLow, fromAllHigh] = latencyPercentilesFromBins(all, [low, high]);
      expect(ofLogged).toBeGreaterThanOrEqual(fromAllLow ?? Number.NaN);
      expect(ofLogged).toBeLessThanOrEqual(fromAllHigh ?? Number.NaN);
      // The log's own percentile (interpolated, as fio-histo-log-pctiles.py) lies within the
      // bin fio's method names, or at most at the end of the next non-empty one.
      const interpolated = summary?.percentilesNs[result.percentiles.indexOf(p)] ?? Number.NaN;
      const bin = binIndexOf(ofLogged ?? 0);
      let next = bin + 1;
      while (next < logged.length - 1 && logged[next] === 0) next++;
      expect(interpolated).toBeGreaterThanOrEqual(binLowerBound(bin));
      expect(interpolated).toBeLessThanOrEqual(binUpperBound(next));
    }
  });
});
