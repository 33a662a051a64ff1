import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { checkParserProperty } from '../../test/properties.ts';
import { parseFio } from './index.ts';
import type { DirectionStats, FioRun, LatencyStats } from './schema.ts';

const corpus = (name: string) => readCorpusFile(corpusDir(), `fio/${name}`).text;
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/fio/${name}`, import.meta.url), 'utf8');
const onlyRun = (text: string, format: 'terse' | 'json' | 'json+' | 'normal') => {
  const runs = parseFio(text, { format }).result.runs;
  expect(runs).toHaveLength(1);
  return runs[0] as FioRun;
};

/** What terse keeps of a latency fio measured in ns: whole usec for min/max/percentiles, 6 decimals of usec for mean/stddev. */
function expectLatencyToTersePrecision(terse: LatencyStats | null, json: LatencyStats | null, what: string): void {
  const floorUs = (ns: number | null) => (ns === null ? null : Math.floor(ns / 1000) * 1000);
  expect(terse?.minNs, `${what} min`).toBe(floorUs(json?.minNs ?? null));
  expect(terse?.maxNs, `${what} max`).toBe(floorUs(json?.maxNs ?? null));
  expect(Math.abs((terse?.meanNs ?? 0) - (json?.meanNs ?? 0)), `${what} mean`).toBeLessThanOrEqual(
    0.0005 * 1000 + 1e-6,
  );
  expect(Math.abs((terse?.stddevNs ?? 0) - (json?.stddevNs ?? 0)), `${what} stddev`).toBeLessThanOrEqual(
    0.0005 * 1000 + 1e-6,
  );
}

function expectDirectionToTersePrecision(
  terse: DirectionStats | null,
  json: DirectionStats | null,
  what: string,
): void {
  expect(terse === null, `${what} present`).toBe(json === null);
  if (terse === null || json === null) return;
  // Terse prints KiB and KiB/s, whole: the JSON's io_kbytes and bw.
  expect(terse.ioBytes, `${what} io`).toBe(Math.floor((json.ioBytes ?? 0) / 1024) * 1024);
  expect(terse.bandwidthBytesPerSec, `${what} bw`).toBe(Math.floor((json.bandwidthBytesPerSec ?? 0) / 1024) * 1024);
  // Terse IOPS is (1000 * ios) / runtime in integer arithmetic.
  expect(terse.iops, `${what} iops`).toBe(Math.floor(json.iops ?? 0));
  expect(terse.runtimeMs, `${what} runtime`).toBe(json.runtimeMs);
  expectLatencyToTersePrecision(terse.slat, json.slat, `${what} slat`);
  expectLatencyToTersePrecision(terse.clat, json.clat, `${what} clat`);
  expectLatencyToTersePrecision(terse.lat, json.lat, `${what} lat`);
  const jsonPercentiles = json.clat?.percentilesNs ?? {};
  const tersePercentiles = terse.clat?.percentilesNs ?? {};
  for (const key of Object.keys(jsonPercentiles)) {
    expect(tersePercentiles[key], `${what} clat p${key}`).toBe(Math.floor((jsonPercentiles[key] ?? 0) / 1000) * 1000);
  }
  const tb = terse.bandwidthSamples;
  const jb = json.bandwidthSamples;
  expect(tb?.minBytesPerSec, `${what} bw min`).toBe(jb?.minBytesPerSec);
  expect(tb?.maxBytesPerSec, `${what} bw max`).toBe(jb?.maxBytesPerSec);
  expect(tb?.meanBytesPerSec, `${what} bw mean`).toBeCloseTo(jb?.meanBytesPerSec ?? 0, 2);
  // Terse divides the group's bandwidth by 1024 in integers before taking the share; JSON does not.
  expect(tb?.percentOfGroup, `${what} bw per`).toBeCloseTo(jb?.percentOfGroup ?? 0, 2);
}

/** The same fio run printed as terse and as JSON gives the same numbers, to what terse prints. */
function expectSameRun(terse: FioRun, json: FioRun): void {
  expect(terse.fioVersion).toBe(json.fioVersion === null ? null : terse.terseVersion === 2 ? null : json.fioVersion);
  expect(terse.jobs.map((j) => j.name)).toEqual(json.jobs.map((j) => j.name));
  terse.jobs.forEach((job, index) => {
    const other = json.jobs[index];
    expect(job.groupId).toBe(other?.groupId);
    expect(job.hasFailed).toBe(other?.hasFailed);
    for (const direction of ['read', 'write'] as const) {
      expectDirectionToTersePrecision(job[direction], other?.[direction] ?? null, `${job.name} ${direction}`);
    }
    expect(job.cpu?.userPercent).toBeCloseTo(other?.cpu?.userPercent ?? 0, 5);
    expect(job.cpu?.systemPercent).toBeCloseTo(other?.cpu?.systemPercent ?? 0, 5);
    expect(job.cpu?.contextSwitches).toBe(other?.cpu?.contextSwitches);
    expect(job.cpu?.minorFaults).toBe(other?.cpu?.minorFaults);
    for (const [depth, percent] of Object.entries(other?.ioDepths?.level ?? {})) {
      expect(job.ioDepths?.level?.[depth], `IO depth ${depth}`).toBeCloseTo(percent, 1);
    }
    for (const [bucket, percent] of Object.entries(other?.latencyDistribution?.ms ?? {})) {
      expect(job.latencyDistribution?.ms?.[bucket], `lat ms ${bucket}`).toBeCloseTo(percent, 2);
    }
  });
  if (terse.terseVersion !== 2) {
    expect(terse.disks.map((d) => [d.name, d.readIos, d.writeIos, d.utilPercent])).toEqual(
      json.disks.map((d) => [d.name, d.readIos, d.writeIos, Math.round((d.utilPercent ?? 0) * 100) / 100]),
    );
  }
}

describe('parseFio on terse output', () => {
  it('reads the v2 HOWTO example: no IOPS and no percentiles per direction, the description on the next line', () => {
    const run = onlyRun(corpus('fio__howto-terse-v2-example.txt'), 'terse');
    expect(run.terseVersion).toBe(2);
    expect(run.fioVersion).toBeNull();
    const job = run.jobs[0];
    // 2;card0;0;0;7139336;121836;60004;1;10109;27.932460;116.933948;220;126861;3495.446807;...
    expect(job).toMatchObject({ name: 'card0', groupId: 0, hasFailed: false });
    expect(job?.read?.ioBytes).toBe(7139336 * 1024);
    expect(job?.read?.bandwidthBytesPerSec).toBe(121836 * 1024);
    expect(job?.read?.iops).toBeNull();
    expect(job?.read?.runtimeMs).toBe(60004);
    expect(job?.read?.slat).toMatchObject({ minNs: 1000, maxNs: 10109000 });
    expect(job?.read?.clat?.meanNs).toBeCloseTo(3495446.807, 6);
    expect(job?.read?.bandwidthSamples?.percentOfGroup).toBe(50.275485);
    // ...;7155060;122104;60004;... the write direction
    expect(job?.write?.ioBytes).toBe(7155060 * 1024);
    expect(job?.trim).toBeNull();
    // ;14.595833%;19.394167%;123706;0;7313
    expect(job?.cpu).toMatchObject({ userPercent: 14.595833, systemPercent: 19.394167, contextSwitches: 123706 });
    expect(job?.ioDepths?.level?.['>=64']).toBe(100);
    expect(job?.latencyDistribution?.ms?.['4']).toBe(40.4);
    expect(job?.description).toBe('A description of this job goes here.');
  });

  it('reads a fio-3.1 v3 line with its job preamble and disk util fields', () => {
    const run = onlyRun(corpus('unidentified-cn-notes__fio-3.1-terse-v3-randread-2jobs.txt'), 'terse');
    expect(run).toMatchObject({ terseVersion: 3, fioVersion: 'fio-3.1' });
    const job = run.jobs[0];
    // 3;fio-3.1;Rand_Read_Latency_Testingrandwrite;0;0;2097152;14790;3697;141787;2;108;8.432369;...
    expect(job?.read?.ioBytes).toBe(2097152 * 1024);
    expect(job?.read?.bandwidthBytesPerSec).toBe(14790 * 1024);
    expect(job?.read?.iops).toBe(3697);
    expect(job?.read?.runtimeMs).toBe(141787);
    // 99.000000%=2211 (usec)
    expect(job?.read?.clat?.percentilesNs?.['99.00']).toBe(2211000);
    expect(Object.keys(job?.read?.clat?.percentilesNs ?? {})).toHaveLength(17);
    // The preamble line names rw, bs and ioengine; terse itself does not.
    expect(job?.parameters).toMatchObject({ rw: 'randread', ioengine: 'libaio', iodepth: 1 });
    // ;vdc;523946;3;0;1;243086;1;243008;89.18%
    expect(run.disks).toEqual([
      expect.objectContaining({
        name: 'vdc',
        readIos: 523946,
        writeIos: 3,
        readTicksMs: 243086,
        inQueueMs: 243008,
        utilPercent: 89.18,
      }),
    ]);
  });

  it('gives the numbers of the normal output of the same fio-3.1 run, to the digits each prints', () => {
    const terse = onlyRun(corpus('unidentified-cn-notes__fio-3.1-terse-v3-randread-2jobs.txt'), 'terse').jobs[0];
    const normal = onlyRun(corpus('unidentified-cn-notes__fio-3.1-normal-randread-2jobs-same-run.txt'), 'normal')
      .jobs[0];
    // read: IOPS=3697, BW=14.4MiB/s (15.1MB/s)(2048MiB/141787msec)
    expect(terse?.read?.iops).toBe(normal?.read?.iops);
    expect(terse?.read?.ioBytes).toBe(normal?.read?.ioBytes);
    expect(terse?.read?.runtimeMs).toBe(normal?.read?.runtimeMs);
    // clat (usec): min=311, max=35648, avg=525.63, stdev=809.39
    expect(terse?.read?.clat?.minNs).toBe(normal?.read?.clat?.minNs);
    expect(terse?.read?.clat?.maxNs).toBe(normal?.read?.clat?.maxNs);
    expect(Math.round((terse?.read?.clat?.meanNs ?? 0) / 10)).toBe(Math.round((normal?.read?.clat?.meanNs ?? 0) / 10));
    // The percentiles differ by one: terse rounds the bucket value down (2211), normal up (2212).
    expect(
      (normal?.read?.clat?.percentilesNs?.['99.00'] ?? 0) - (terse?.read?.clat?.percentilesNs?.['99.00'] ?? 0),
    ).toBe(1000);
    expect(terse?.cpu?.contextSwitches).toBe(normal?.cpu?.contextSwitches);
  });

  it.each([
    ['v5 with json+, randrw numjobs=2', 'fio-3.33--randrw-2jobs.terse5-jsonplus.txt', 5],
    ['v3 with json, three stonewalled groups', 'fio-3.33--3groups.terse3-json.txt', 3],
    ['v4 with json, randread', 'fio-3.33--randread.terse4-json.txt', 4],
    ['v2 with json, a description', 'fio-3.33--randwrite-desc.terse2-json.txt', 2],
  ])('terse %s parses to the numbers of the JSON of the same real fio 3.33 run', (_what, name, version) => {
    const text = fixture(name);
    const terse = onlyRun(text, 'terse');
    const json = onlyRun(text, version === 5 ? 'json+' : 'json');
    expect(terse.terseVersion).toBe(version);
    expectSameRun(terse, json);
  });

  it('reads v5 IOPS sample statistics and v4/v5 trim fields', () => {
    const text = fixture('fio-3.33--randrw-2jobs.terse5-jsonplus.txt');
    const terse = onlyRun(text, 'terse').jobs[0];
    const json = onlyRun(text, 'json+').jobs[0];
    expect(terse?.read?.iopsSamples).toMatchObject({
      min: json?.read?.iopsSamples?.min,
      max: json?.read?.iopsSamples?.max,
      samples: json?.read?.iopsSamples?.samples,
    });
    expect(terse?.read?.bandwidthSamples?.samples).toBe(json?.read?.bandwidthSamples?.samples);
    expect(terse?.trim?.iops).toBe(0);
    expect(onlyRun(fixture('fio-3.33--randwrite-desc.terse2-json.txt'), 'terse').jobs[0]?.description).toBe(
      'tiny random writes',
    );
  });

  it('reports a bad number in a terse field as BAD_NUMBER at that field', () => {
    const text = corpus('unidentified-cn-notes__fio-3.1-terse-v3-randread-2jobs.txt').replace(
      ';14790;3697;',
      ';14790;36x7;',
    );
    const error = catchParseError(() => parseFio(text, { format: 'terse' }));
    const lines = text.split('\n');
    expect(error.code).toBe('BAD_NUMBER');
    expect(lines[error.line - 1]?.slice(error.column - 1, error.column + 3)).toBe('36x7');
  });

  it('reports a terse line that stops short of its layout as COLUMN_COUNT', () => {
    const line = corpus('unidentified-cn-notes__fio-3.1-terse-v3-randread-2jobs.txt').split('\n')[4] ?? '';
    const cut = line.split(';').slice(0, 100).join(';');
    const error = catchParseError(() => parseFio(cut, { format: 'terse' }));
    expect({ code: error.code, line: error.line }).toEqual({ code: 'COLUMN_COUNT', line: 1 });
  });

  it('mutated and truncated terse outputs give a result or a ParseError', () => {
    checkParserProperty(
      (input) => parseFio(input),
      [
        corpus('fio__howto-terse-v2-example.txt'),
        corpus('unidentified-cn-notes__fio-3.1-terse-v3-randread-2jobs.txt'),
        fixture('fio-3.33--randread.terse4-json.txt').split('\n{')[0] ?? '',
      ],
      { numRuns: 150 },
    );
  });
});

const hasFio = (() => {
  try {
    execFileSync('fio', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasFio && !process.env.CI)(
  hasFio ? 'the real fio' : 'the real fio (skipped: fio is not installed here)',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchfolio-fio-terse-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('prints terse v5 and json+ of one run with percentiles off and unit_base=1 that parse to the same numbers', () => {
      const output = execFileSync(
        'fio',
        [
          `--filename=${join(dir, 'data')}`,
          '--size=512k',
          '--ioengine=psync',
          '--name=tiny',
          '--rw=randrw',
          '--bs=4k',
          '--disable_clat=0',
          '--clat_percentiles=0',
          '--unit_base=1',
          '--output-format=json+,terse',
          '--terse-version=5',
        ],
        { encoding: 'utf8', timeout: 20_000 },
      );
      const terse = onlyRun(output, 'terse');
      const json = onlyRun(output, 'json');
      expectSameRun(terse, json);
      // clat_percentiles=0: JSON has no percentile object, terse only padding slots.
      expect(json.jobs[0]?.read?.clat?.percentilesNs).toBeNull();
      expect(terse.jobs[0]?.read?.clat?.percentilesNs).toEqual({});
    });
  },
);
