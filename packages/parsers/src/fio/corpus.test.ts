import { describe, expect, it } from 'vitest';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { checkParserProperty } from '../../test/properties.ts';
import { parseFio } from './index.ts';

/**
 * fio outputs written by others that came with logs or steady state (fixtures/corpus/fio,
 * MANIFEST.md there). Values are read off the raw text (quoted above each check); the logs of
 * the two fio-plot runs are checked against these JSONs in fio/log/corpus.test.ts.
 */
const read = (name: string) => readCorpusFile(corpusDir(), `fio/${name}`).text;

describe('the steady-state line of a published fio 3 normal output (ceph.io blog, 8 jobs, no header lines)', () => {
  const text = () => read('ceph-io-blog__fio-3.x-normal-steadystate-8jobs-no-header.txt');

  it('reads attained, the window means and the criterion of `steadystate  :`', () => {
    // steadystate  : attained=yes, bw=24.3GiB/s (25.5GB/s), iops=398k, iops mean dev=1.215%
    const [job] = parseFio(text()).result.runs[0]?.jobs ?? [];
    expect(job?.steadyState).toMatchObject({
      metric: 'iops',
      isSlope: false,
      isPercent: true,
      isAttained: true,
      criterion: 1.215,
      iopsMean: 398_000,
      limit: null,
      durationSec: null,
    });
    expect(job?.steadyState?.bwMeanBytesPerSec).toBeCloseTo(24.3 * 1024 ** 3, -6);
  });

  it('reads the job the line belongs to: 8 jobs of group 0 writing 397k IOPS', () => {
    // nvme0n1p2: (groupid=0, jobs=8): err= 0: pid=375444: ...
    //   write: IOPS=397k, BW=24.2GiB/s (26.0GB/s)(8742GiB/360796msec); 0 zone resets
    const output = parseFio(text());
    const [job] = output.result.runs[0]?.jobs ?? [];
    expect(job).toMatchObject({ name: 'nvme0n1p2', groupId: 0, jobCount: 8, hasFailed: false });
    expect(job?.write?.iops).toBe(397_000);
    expect(job?.write?.runtimeMs).toBe(360_796);
    expect(job?.read).toBeNull();
  });
});

describe('fio-plot JSON outputs that came with their logs', () => {
  it('fio 2.18: bw in KiB/s, latencies in usec, the log options in `job options`', () => {
    // "fio version" : "fio-2.18-59-g618e" ... "bw" : 292, "iops" : 73.182907, "runtime" : 10016
    const output = parseFio(read('fio-plot__fio-2.18-json-randread-4k-qd1-logs-500ms.json'));
    expect(output.toolVersion).toBe('fio-2.18-59-g618e');
    const job = output.result.runs[0]?.jobs[0];
    expect(job?.read?.bandwidthBytesPerSec).toBe(292 * 1024);
    expect(job?.read?.iops).toBeCloseTo(73.182907, 6);
    // "clat" : { "min" : 3982, "max" : 25305, "mean" : 13643.395634 }
    expect(job?.read?.clat?.meanNs).toBeCloseTo(13_643_395.634, 3);
  });

  it('fio 3.16: bw_bytes preferred over bw, clat in ns', () => {
    // "bw_bytes" : 466797, "bw" : 455, ... "clat_ns" : { ... "mean" : 8734524.054101 }
    const output = parseFio(read('fio-plot__fio-3.16-json-randread-qd1-logs-250ms.json'));
    expect(output.toolVersion).toBe('fio-3.16');
    const job = output.result.runs[0]?.jobs[0];
    expect(job?.read?.bandwidthBytesPerSec).toBe(466797);
    expect(job?.read?.clat?.meanNs).toBeCloseTo(8_734_524.054101, 5);
  });
});

describe('these outputs under mutation', () => {
  it('give a result or a ParseError when mutated or truncated', () => {
    const texts = [
      read('ceph-io-blog__fio-3.x-normal-steadystate-8jobs-no-header.txt'),
      read('fio-plot__fio-2.18-json-randread-4k-qd1-logs-500ms.json'),
      read('fio-plot__fio-3.16-json-randread-qd1-logs-250ms.json'),
    ];
    checkParserProperty((input) => parseFio(input), texts, { numRuns: 120 });
  });
});
