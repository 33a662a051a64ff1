import { decodeHTML } from 'entities';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { corpusDir, corpusFiles, readCorpusFile } from '../../../test/corpus.ts';
import { checkParserProperty } from '../../../test/properties.ts';
import { readPublishedOutput, readSeed, SEEDS_SKIP_REASON, seedsDir } from '../../../test/seeds.ts';
import { ParseError } from '../../errors.ts';
import { readText, type TextSource } from '../../text.ts';
import type { FioJob, FioRun } from '../schema.ts';
import { parseNormalSegment } from './parse-normal.ts';

/** The whole input as one normal-text run. */
function parseWhole(input: string): FioRun {
  const source = readText(input);
  return parseNormalSegment(source, 0, source.text.length);
}

/**
 * The normal-text run of one of Evan Hoffman's fio 1.57 outputs (ext3, ext4, xfs) as published
 * under content/results: from the preamble's first job line to the end of the `Disk stats` device
 * line (the shell prompt and `time` output around it are not fio's).
 */
function publishedRun(filesystem: string): FioRun {
  const source = readText(
    readPublishedOutput(`2011-07-ext3-ext4-xfs-fio-msa70/runs/${filesystem}/fio--${filesystem}.txt`),
  );
  return runsBetweenMarkers(source)[0] as FioRun;
}

/** Each run of `source` from `random-write-direct: (g=0)` to the line after `Disk stats`. */
function runsBetweenMarkers(source: TextSource): FioRun[] {
  const runs: FioRun[] = [];
  const { text } = source;
  for (let from = 0; ; ) {
    const start = text.indexOf('random-write-direct: (g=0)', from);
    if (start === -1) return runs;
    const disk = text.indexOf('Disk stats', start);
    const end = text.indexOf('\n', text.indexOf('\n', disk) + 1);
    runs.push(parseNormalSegment(source, start, end));
    from = end;
  }
}

function job(run: FioRun | undefined, name: string): FioJob {
  const found = run?.jobs.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no job ${name}`);
  return found;
}

function corpusRun(name: string): FioRun {
  return parseWhole(readCorpusFile(corpusDir(), `fio/${name}`).text);
}

/** The thrown ParseError's structure. */
function parseErrorOf(fn: () => unknown): Pick<ParseError, 'code' | 'line' | 'column'> {
  try {
    fn();
  } catch (error) {
    if (error instanceof ParseError) return { code: error.code, line: error.line, column: error.column };
    throw error;
  }
  throw new Error('expected a ParseError');
}

describe('parseNormalSegment on the fio 1.57 outputs of "Benchmarking disk IO on ext3 vs ext4 vs xfs with fio" (2011)', () => {
  const runs = ['ext3', 'ext4', 'xfs'].map(publishedRun);

  it('finds the three runs, with 4 jobs, 4 groups and a disk each', () => {
    expect(runs).toHaveLength(3);
    for (const run of runs) {
      expect(run.fioVersion).toBe('fio 1.57');
      expect(run.jobs.map((j) => j.name)).toEqual([
        'random-write-direct',
        'random-write-buf',
        'sequential-write-direct',
        'sequential-write-buffered',
      ]);
      expect(run.groups.map((g) => g.groupId)).toEqual([0, 1, 2, 3]);
      expect(run.disks.map((d) => d.name)).toEqual(['cciss!c0d0']);
    }
  });

  it('reads ext3 random-write-direct: IOPS 7118, 56946 KB/s = 58,312,704 B/s, clat mean 645.32 us', () => {
    const direct = job(runs[0], 'random-write-direct');
    // random-write-direct: (groupid=0, jobs=5): err= 0: pid=2447
    expect([direct.groupId, direct.jobCount, direct.pid, direct.hasFailed]).toEqual([0, 5, 2447, false]);
    // random-write-direct: (g=0): rw=randwrite, bs=8K-8K/8K-8K, ioengine=sync, iodepth=1
    expect(direct.parameters).toMatchObject({
      rw: 'randwrite',
      blockSize: '8K-8K/8K-8K',
      ioengine: 'sync',
      iodepth: 1,
    });
    // write: io=596856KB, bw=56946KB/s, iops=7118 , runt= 10481msec
    expect(direct.write).toMatchObject({
      ioBytes: 596856 * 1024,
      bandwidthBytesPerSec: 58_312_704,
      iops: 7118,
      runtimeMs: 10481,
      totalIos: 74607,
      shortIos: 0,
    });
    // clat (usec): min=67 , max=944937 , avg=645.32, stdev=4647.69
    expect(direct.write?.clat).toMatchObject({
      minNs: 67_000,
      maxNs: 944_937_000,
      meanNs: 645_320,
      stddevNs: 4_647_690,
    });
    // bw (KB/s) : min=  144, max=47152, per=22.71%, avg=12933.03, stdev=4985.93
    expect(direct.write?.bandwidthSamples).toMatchObject({
      minBytesPerSec: 144 * 1024,
      maxBytesPerSec: 47152 * 1024,
      percentOfGroup: 22.71,
      samples: null,
    });
    expect(direct.write?.bandwidthSamples?.meanBytesPerSec).toBeCloseTo(12933.03 * 1024, 6);
    // cpu          : usr=0.26%, sys=1.48%, ctx=74614, majf=0, minf=134
    expect(direct.cpu).toEqual({
      userPercent: 0.26,
      systemPercent: 1.48,
      contextSwitches: 74614,
      majorFaults: 0,
      minorFaults: 134,
    });
    // lat (usec): 100=12.22%, 250=80.24%, ... lat (msec): 2=0.07%, ...
    expect(direct.latencyDistribution?.us?.['100']).toBe(12.22);
    expect(direct.latencyDistribution?.ms?.['1000']).toBe(0.01);
    expect(direct.read).toBeNull();
  });

  it('reads num2str multipliers and the blank postfix of fio 1.x: "max=4490.8K", "bw=286105 B/s"', () => {
    const buf = job(runs[0], 'random-write-buf');
    // clat (usec): min=8 , max=4490.8K, avg=77.54, stdev=3751.21
    expect(buf.write?.clat?.maxNs).toBe(4_490_800_000);
    // write: io=6377.3MB, ... (num2str's decimal of a 1024 remainder; kept as printed)
    expect(buf.write?.ioBytes).toBe(Math.round(6377.3 * 1024 * 1024));
    const sequential = job(runs[0], 'sequential-write-direct');
    // write: io=2832.0KB, bw=286105 B/s, iops=34 , runt= 10136msec
    expect(sequential.write).toMatchObject({ ioBytes: 2832 * 1024, bandwidthBytesPerSec: 286105, iops: 34 });
  });

  it('reads the Run status group lines: "WRITE: io=596856KB, aggrb=56946KB/s, minb=58313KB/s, ..."', () => {
    expect(runs[0]?.groups[0]?.write).toEqual({
      ioBytes: 596856 * 1024,
      bandwidthBytesPerSec: 56946 * 1024,
      minBandwidthBytesPerSec: 58313 * 1024,
      maxBandwidthBytesPerSec: 58313 * 1024,
      minRuntimeMs: 10481,
      maxRuntimeMs: 10481,
    });
    // cciss!c0d0: ios=798/24542244, merge=0/937067, ticks=15866/140262853, in_queue=140448875, util=89.71%
    expect(runs[0]?.disks[0]).toMatchObject({
      readIos: 798,
      writeIos: 24542244,
      writeMerges: 937067,
      writeTicksMs: 140262853,
      inQueueMs: 140448875,
      utilPercent: 89.71,
      readSectors: null,
    });
  });

  it('reads ext4 random-write-buf at 83840 IOPS and xfs random-write-buf at runt=240892msec', () => {
    // write: io=6707.0MB, bw=670727KB/s, iops=83840 , runt= 10241msec
    expect(job(runs[1], 'random-write-buf').write).toMatchObject({
      iops: 83840,
      bandwidthBytesPerSec: 670727 * 1024,
    });
    // write: io=6557.9MB, bw=27876KB/s, iops=3484 , runt=240892msec
    expect(job(runs[2], 'random-write-buf').write).toMatchObject({ iops: 3484, runtimeMs: 240892 });
  });
});

const seeds = seedsDir();

describe.skipIf(seeds === undefined)('parseNormalSegment on the WordPress copy of the fio 1.57 post itself', () => {
  it('reads the HTML-escaped and the plain copy to the runs published under content/results', () => {
    const escaped = readSeed('003_5a6b11745555706e.txt', seeds);
    const withoutLine = (run: FioRun) => {
      const { line: _line, ...rest } = run;
      return rest;
    };
    const published = ['ext3', 'ext4', 'xfs'].map(publishedRun).map(withoutLine);
    expect(runsBetweenMarkers(readText(escaped)).map(withoutLine)).toEqual(published);
    expect(runsBetweenMarkers(readText(decodeHTML(escaped))).map(withoutLine)).toEqual(published);
  });
});

describe.skipIf(seeds !== undefined)('parseNormalSegment on the WordPress copy of the fio 1.57 post itself', () => {
  it.skip(SEEDS_SKIP_REASON, () => {});
});

describe('parseNormalSegment on the corpus', () => {
  it('reads the fio 2.0 HOWTO example (write iops=89, bw=666KB/s, unitless aggrb=1302)', () => {
    const run = corpusRun('fio__howto-fio2.0-normal-job-example.txt');
    const client = job(run, 'Client1');
    // Client1 (g=0): err= 0:
    expect([client.groupId, client.jobCount, client.pid]).toEqual([0, null, null]);
    // write: io=    32MB, bw=   666KB/s, iops=89 , runt= 50320msec
    expect(client.write).toMatchObject({
      ioBytes: 32 * 2 ** 20,
      bandwidthBytesPerSec: 666 * 1024,
      iops: 89,
      runtimeMs: 50320,
    });
    // slat (msec): min=    0, max=  136, avg= 0.03, stdev= 1.92
    expect(client.write?.slat).toMatchObject({ minNs: 0, maxNs: 136e6, meanNs: 0.03e6, stddevNs: 1.92e6 });
    // issued r/w: total=0/32768, short=0/0
    expect(client.write?.totalIos).toBe(32768);
    // IO depths    : 1=0.1%, ..., 8=99.0%, 16=0.0%, 32=0.0%, >32=0.0%
    expect(client.ioDepths?.level).toMatchObject({ '8': 99, '>32': 0 });
    // WRITE: io=64MB, aggrb=1302, minb=666, maxb=669, mint=50093msec, maxt=50320msec (KB/s)
    expect(run.groups[0]?.write).toMatchObject({ bandwidthBytesPerSec: 1302 * 1024, minRuntimeMs: 50093 });
    expect(run.groups[0]?.read?.bandwidthBytesPerSec).toBe(22178 * 1024);
  });

  it('reads the fio 3 HOWTO example (IOPS=88, BW=623KiB/s, clat avg 4019.02 usec, p99 43779 usec)', () => {
    const run = corpusRun('fio__howto-fio3-normal-job-example.txt');
    const write = job(run, 'Client1').write;
    expect(write).toMatchObject({ iops: 88, bandwidthBytesPerSec: 623 * 1024, runtimeMs: 50032, totalIos: 4450 });
    expect(write?.ioBytes).toBe(Math.round(30.4 * 2 ** 20));
    expect(write?.slat).toMatchObject({ minNs: 500, maxNs: 145500, meanNs: 8318 });
    expect(write?.clat).toMatchObject({ meanNs: 4_019_020, minNs: 170_000 });
    expect(write?.clat?.percentilesNs).toMatchObject({ '1.00': 302_000, '99.00': 43_779_000, '99.99': 78_119_000 });
    expect(write?.iopsSamples).toEqual({ min: 76, max: 98, mean: 88.98, stddev: 3.54, samples: 100 });
    expect(run.time).toBe('Sat Jun 24 12:07:54 2017');
    // READ: bw=20.9MiB/s (21.9MB/s), 10.4MiB/s-10.8MiB/s (...), io=64.0MiB (67.1MB), run=2973-3069msec
    expect(run.groups[0]?.read).toMatchObject({ ioBytes: 64 * 2 ** 20, minRuntimeMs: 2973, maxRuntimeMs: 3069 });
    expect(run.groups[0]?.read?.bandwidthBytesPerSec).toBeCloseTo(20.9 * 2 ** 20, 3);
    // sda: ios=16398/16511, sectors=32321/65472, ...
    expect(run.disks[0]).toMatchObject({ readSectors: 32321, writeSectors: 65472, utilPercent: 100 });
  });

  it('reads fio 3.25 fdatasync output: clat in nsec, sync (usec) and its percentiles', () => {
    const run = corpusRun('k8s-homelab__fio-3.25-fdatasync-write-nsec.txt');
    const mytest = job(run, 'mytest');
    expect(run.fioVersion).toBe('fio-3.25');
    // write: IOPS=4801, BW=18.8MiB/s (19.7MB/s)(22.0MiB/1173msec); 0 zone resets
    expect(mytest.write).toMatchObject({ iops: 4801, runtimeMs: 1173, ioBytes: 22 * 2 ** 20 });
    // clat (nsec): min=10519, max=57976, avg=13462.14, stdev=2609.65
    expect(mytest.write?.clat).toMatchObject({ minNs: 10519, maxNs: 57976, meanNs: 13462.14 });
    // sync (usec): min=161, max=345, avg=192.48, stdev=20.09; sync percentiles 99.00th=[  260]
    expect(mytest.sync?.lat).toMatchObject({ minNs: 161_000, meanNs: 192_480 });
    expect(mytest.sync?.lat?.percentilesNs?.['99.00']).toBe(260_000);
    // issued rwts: total=0,5632,0,0 short=5631,0,0,0 dropped=0,0,0,0
    expect(mytest.write).toMatchObject({ totalIos: 5632, shortIos: 0, droppedIos: 0 });
    expect(mytest.sync?.totalIos).toBe(0);
    expect(mytest.parameters).toMatchObject({ rw: 'write', ioengine: 'sync', iodepth: 1 });
    expect(mytest.parameters.blockSize).toBe('(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B');
    expect(run.disks).toEqual([]);
  });

  it('reads fio 3.28 output (IOPS=6055, BW=23.7MiB/s, run=930-930msec)', () => {
    const run = corpusRun('k8s-homelab__fio-3.28-fdatasync-write.txt');
    expect(job(run, 'mytest').write).toMatchObject({ iops: 6055, runtimeMs: 930 });
    expect(job(run, 'mytest').write?.bandwidthBytesPerSec).toBeCloseTo(23.7 * 2 ** 20, 3);
    expect(run.groups[0]?.write).toMatchObject({ minRuntimeMs: 930, maxRuntimeMs: 930 });
  });

  it('reads fio 2.2.10 randread (iops=15365, bw=61460KB/s, clat avg 57.33 usec, p99 177 usec)', () => {
    const run = corpusRun('shaojwa-tools__fio-2.2.10-randread-4k-qd1-normal.txt');
    const read = job(run, 'hdd_randread_test').read;
    expect(read).toMatchObject({ iops: 15365, bandwidthBytesPerSec: 61460 * 1024, runtimeMs: 17061, ioBytes: 2 ** 30 });
    expect(read?.clat).toMatchObject({ meanNs: 57_330, minNs: 3000, maxNs: 10_994_000 });
    expect(read?.clat?.percentilesNs?.['99.00']).toBe(177_000);
    // bw (KB  /s): min=55728, max=65880, per=100.00%, avg=61459.71, stdev=2937.87
    expect(read?.bandwidthSamples).toMatchObject({ minBytesPerSec: 55728 * 1024, percentOfGroup: 100, samples: null });
    // issued    : total=r=262144/w=0/d=0, short=r=0/w=0/d=0, drop=r=0/w=0/d=0
    expect(read).toMatchObject({ totalIos: 262144, shortIos: 0, droppedIos: 0 });
    expect(read?.iopsSamples).toBeNull();
    expect(run.fioVersion).toBe('fio-2.2.10');
    expect(run.time).toBe('Tue Sep 20 22:00:38 2022');
  });

  it('reads the decimal KB of fio 2.2.10 (bw=1063.9KB/s) and the rounded aggrb=1063KB/s', () => {
    const run = corpusRun('shaojwa-tools__fio-2.2.10-hdd-randread-decimal-bw.txt');
    const read = job(run, 'hdd_randread_test').read;
    expect(read).toMatchObject({ iops: 265, runtimeMs: 985640 });
    expect(read?.bandwidthBytesPerSec).toBeCloseTo(1063.9 * 1024, 6);
    expect(run.groups[0]?.read?.bandwidthBytesPerSec).toBe(1063 * 1024);
  });

  it('reads fio 2.2.10 with 10 jobs in a group (io=102400MB, bw=2848.1MB/s, iops=729332)', () => {
    const hdd = job(corpusRun('shaojwa-tools__fio-2.2.10-nvme-randread-10jobs.txt'), 'hdd_randread_test');
    expect(hdd.jobCount).toBe(10);
    expect(hdd.read).toMatchObject({ ioBytes: 102400 * 2 ** 20, iops: 729332, runtimeMs: 35943 });
    expect(hdd.read?.bandwidthBytesPerSec).toBeCloseTo(2848.1 * 2 ** 20, 3);
  });

  it('reads the vps-comparison group_reporting runs (8 jobs, libaio qd16)', () => {
    const randread = job(corpusRun('vps-comparison__fio-2.2.10-randread-8jobs-group.txt'), 'randread');
    expect(randread).toMatchObject({ jobCount: 8, pid: 2613 });
    expect(randread.parameters).toMatchObject({ rw: 'randread', ioengine: 'libaio', iodepth: 16 });
    expect(randread.read).toMatchObject({ iops: 152764, bandwidthBytesPerSec: 611058 * 1024 });
    expect(randread.read?.clat?.meanNs).toBe(825_750);
    const randwrite = job(corpusRun('vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt'), 'randwrite');
    expect(randwrite.write).toMatchObject({ iops: 13491, bandwidthBytesPerSec: 53966 * 1024 });
    expect(randwrite.write?.clat?.percentilesNs?.['99.99']).toBe(856_064_000);
    // bw (KB  /s): min=    4, ...
    expect(randwrite.write?.bandwidthSamples?.minBytesPerSec).toBe(4 * 1024);
  });

  it('reads the fio-3.1 normal output to the numbers of the terse v3 line of the same run', () => {
    const run = corpusRun('unidentified-cn-notes__fio-3.1-normal-randread-2jobs-same-run.txt');
    const read = job(run, 'Rand_Read_Latency_Testingrandwrite').read;
    const terseText = readCorpusFile(
      corpusDir(),
      'fio/unidentified-cn-notes__fio-3.1-terse-v3-randread-2jobs.txt',
    ).text;
    const fields = (terseText.split('\n').find((line) => line.startsWith('3;')) ?? '').split(';');
    // terse v3: 5 read_kb, 6 read_bw (KiB/s), 7 read_iops, 8 read_runtime (ms), 13-16 clat min/max/mean/dev (usec)
    const field = (index: number) => Number(fields[index]);
    expect(read?.ioBytes).toBe(field(5) * 1024);
    expect(read?.iops).toBe(field(7));
    expect(read?.runtimeMs).toBe(field(8));
    // BW=14.4MiB/s is read_bw 14790 KiB/s to the 0.05 MiB/s the text prints.
    expect(Math.abs((read?.bandwidthBytesPerSec ?? 0) - field(6) * 1024)).toBeLessThanOrEqual(0.05 * 2 ** 20);
    expect(read?.clat?.minNs).toBe(field(13) * 1000);
    expect(read?.clat?.maxNs).toBe(field(14) * 1000);
    expect(Math.abs((read?.clat?.meanNs ?? 0) - field(15) * 1000)).toBeLessThanOrEqual(5);
    // issued rwt: total=524288,0,0, short=0,0,0, dropped=0,0,0
    expect(read?.totalIos).toBe(524288);
    // clat p99: normal 2212 usec, terse 2211 (fio rounds the normal text up to the usec)
    expect(read?.clat?.percentilesNs?.['99.00']).toBe(2_212_000);
  });

  it('keeps an error line of its own as a run error', () => {
    const run = corpusRun('virtualclient__fio-error-line.txt');
    expect(run.jobs).toEqual([]);
    expect(run.errors).toEqual([
      {
        pid: 8281,
        code: 84,
        location: 'file:io_u.c:2141',
        function: 'io_u_queued_complete',
        message: 'Invalid or incomplete multibyte or wide character',
        line: 1,
      },
    ]);
  });

  it('gives a FioRun, typed', () => {
    expectTypeOf(parseNormalSegment).returns.toEqualTypeOf<FioRun>();
  });
});

describe('parseNormalSegment on layouts fio prints (built from stat.c format strings)', () => {
  it('reads a failed job, keeps it and flags it', () => {
    // fio 3.33 writing to /dev/full (see real-fio.test.ts for the real run).
    const run = parseWhole(
      [
        'e: (groupid=0, jobs=1): err=28 (file:io_u.c:1876, func=io_u error, error=No space left on device): pid=5050: Sat Nov 21 14:58:56 2026',
        '  cpu          : usr=0.00%, sys=0.00%, ctx=0, majf=0, minf=18',
        '     issued rwts: total=0,1,0,0 short=0,0,0,0 dropped=0,0,0,0',
      ].join('\n'),
    );
    expect(run.jobs[0]).toMatchObject({
      name: 'e',
      hasFailed: true,
      pid: 5050,
      error: { code: 28, location: 'file:io_u.c:1876', function: 'io_u error', message: 'No space left on device' },
    });
  });

  it('reads the percentile list of fio 1.x, on the heading line and continuation lines', () => {
    const run = parseWhole(
      [
        'j: (groupid=0, jobs=1): err= 0: pid=1',
        '  read : io=4096KB, bw=2048KB/s, iops=512 , runt=  2000msec',
        '    clat (usec): min=1 , max=9 , avg= 2.00, stdev= 1.00',
        '    clat percentiles (usec) : 1.00th=2, 5.00th=3, 10.00th=3, 20.00th=4,',
        '                              30.00th=5, 99.90th=9',
      ].join('\n'),
    );
    expect(run.jobs[0]?.read?.clat?.percentilesNs).toEqual({
      '1.00': 2000,
      '5.00': 3000,
      '10.00': 3000,
      '20.00': 4000,
      '30.00': 5000,
      '99.90': 9000,
    });
  });

  it('reads the kB-first spelling of kb_base=1000 and the bits of --unit_base=1', () => {
    const run = parseWhole(
      [
        'b: (groupid=0, jobs=2): err= 0: pid=3782: Sat Nov 21 14:57:15 2026',
        '  write: IOPS=26.9k, BW=110MB/s (105MiB/s)(8389kB/76msec); 0 zone resets',
        'a: (groupid=0, jobs=1): err= 0: pid=3776: Sat Nov 21 14:57:15 2026',
        '  read: IOPS=78.8k, BW=2462Mibit/s (2581Mbit/s)(4096KiB/13msec)',
      ].join('\n'),
    );
    expect(run.jobs[0]?.write).toMatchObject({ iops: 26900, bandwidthBytesPerSec: 110e6, ioBytes: 8_389_000 });
    expect(run.jobs[1]?.read).toMatchObject({
      iops: 78800,
      bandwidthBytesPerSec: (2462 * 2 ** 20) / 8,
      ioBytes: 4096 * 1024,
    });
  });
});

describe('parseNormalSegment unit spellings', () => {
  it('reads one spelling under the kb base of each run, runs of fio 2.x and 3.x taken in turn', () => {
    const old = (rate: string) =>
      parseWhole(`a: (groupid=0, jobs=1): err= 0: pid=1\n  write: io=8MB, bw=${rate}, iops=26, runt=  300msec\n`)
        .jobs[0]?.write?.bandwidthBytesPerSec;
    const modern = (rate: string) =>
      parseWhole(`a: (groupid=0, jobs=1): err= 0: pid=1\n  write: IOPS=26, BW=${rate} (1MiB/s)(8MB/300msec)\n`).jobs[0]
        ?.write?.bandwidthBytesPerSec;
    // fio 1.x/2.x "MB" is 2^20 bytes; fio 3.x "MB" is 10^6 (and "MiB" 2^20).
    expect([old('110MB/s'), modern('110MB/s'), old('110MB/s'), modern('110MiB/s'), modern('110MB/s')]).toEqual([
      110 * 2 ** 20,
      110e6,
      110 * 2 ** 20,
      110 * 2 ** 20,
      110e6,
    ]);
    // "  write: io=8MB, bw=110QB/s": the unit at column 24.
    expect(parseErrorOf(() => old('110QB/s'))).toEqual({ code: 'UNKNOWN_UNIT', line: 2, column: 24 });
  });
});

describe('parseNormalSegment errors', () => {
  const text = readCorpusFile(corpusDir(), 'fio/shaojwa-tools__fio-2.2.10-randread-4k-qd1-normal.txt').text;

  it('rejects an empty input with MISSING_SECTION at 1:1', () => {
    expect(parseErrorOf(() => parseWhole(''))).toEqual({ code: 'MISSING_SECTION', line: 1, column: 1 });
  });

  it('points a BAD_NUMBER at the garbled digit', () => {
    // line 6: "  read : io=1024.0MB, bw=61460KB/s, iops=15365, runt= 17061msec"
    const broken = text.replace('iops=15365', 'iops=x5365');
    expect(parseErrorOf(() => parseWhole(broken))).toEqual({ code: 'BAD_NUMBER', line: 6, column: 42 });
  });

  it('points an UNKNOWN_UNIT at the unit', () => {
    const broken = text.replace('bw=61460KB/s', 'bw=61460QB/s');
    expect(parseErrorOf(() => parseWhole(broken))).toEqual({ code: 'UNKNOWN_UNIT', line: 6, column: 31 });
  });

  it('points an UNEXPECTED_LINE at the missing key', () => {
    // line 20: "  cpu          : usr=4.31%, sys=13.62%, ctx=262146, majf=0, minf=34"
    const broken = text.replace('usr=4.31%', 'user=4.31%');
    expect(parseErrorOf(() => parseWhole(broken))).toEqual({ code: 'UNEXPECTED_LINE', line: 20, column: 18 });
  });

  it('reports a report cut after its job header as TRUNCATED', () => {
    const cut = text.slice(0, text.indexOf('\n', text.indexOf('(groupid=')) + 1);
    expect(parseErrorOf(() => parseWhole(cut))).toMatchObject({ code: 'TRUNCATED', line: 6 });
  });

  it('reports a preamble without results as TRUNCATED', () => {
    expect(
      parseErrorOf(() => parseWhole('j: (g=0): rw=read, bs=4K-4K/4K-4K, ioengine=sync, iodepth=1\nfio-2.2.10\n')),
    ).toMatchObject({
      code: 'TRUNCATED',
    });
  });
});

describe('parseNormalSegment property', () => {
  const texts = [
    ...corpusFiles('fio')
      .filter((file) => file.name.endsWith('.txt') && !file.name.includes('terse') && !file.name.includes('json'))
      .map((file) => file.text),
    readPublishedOutput('2011-07-ext3-ext4-xfs-fio-msa70/runs/ext3/fio--ext3.txt'),
  ];

  it('gives a result or a ParseError for mutated and truncated real outputs', () => {
    checkParserProperty((input) => parseWhole(input), texts, { numRuns: 200 });
  });
});
