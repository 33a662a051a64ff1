import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { checkParserProperty } from '../../test/properties.ts';
import { type FioResult, FioResultSchema, parseFio } from './index.ts';
import { _binsTextHasOnlyNumbers, platIndexToValue } from './parse-json.ts';
import type { FioJob } from './schema.ts';

const corpus = (name: string) => readCorpusFile(corpusDir(), `fio/${name}`).text;
const jobsOf = (text: string) => {
  const { result } = parseFio(text);
  expect(result.runs).toHaveLength(1);
  return (result.runs[0]?.jobs ?? []) as FioJob[];
};
const jobNamed = (jobs: FioJob[], name: string) => {
  const job = jobs.find((j) => j.name === name);
  if (job === undefined) throw new Error(`no job ${name}`);
  return job;
};

describe('parseFio on fio JSON (fio 2.1 to 3.x)', () => {
  it('reads fio 2.1.4 JSON: bw in KiB/s, clat in usec, io_bytes in KiB (PerfKitBenchmarker assertions)', () => {
    const jobs = jobsOf(corpus('pkb__fio-2.1.4-json-5jobs.json'));
    expect(jobs).toHaveLength(5);
    const write = jobNamed(jobs, 'sequential_write').write;
    // "bw" : 68118, "iops" : 133, "runtime" : 5314, "io_bytes" : 361984 (KiB in fio 2.x)
    expect(write?.bandwidthBytesPerSec).toBe(68118 * 1024);
    expect(write?.iops).toBe(133);
    expect(write?.runtimeMs).toBe(5314);
    expect(write?.ioBytes).toBe(361984 * 1024);
    // "clat" : { "mean" : 477734.84, "percentile" : { "50.000000" : 444416 } } (usec)
    expect(write?.clat?.meanNs).toBeCloseTo(477734840, 3);
    expect(write?.clat?.percentilesNs?.['50.00']).toBe(444416000);
    // PKB's own assertion: sequential_read bandwidth 129836 KB/s.
    expect(jobNamed(jobs, 'sequential_read').read?.bandwidthBytesPerSec).toBe(129836 * 1024);
    // fio 2.1.4 has no iops sample statistics: null, not 0.
    expect(write?.iopsSamples).toBeNull();
  });

  it('drops the "0.00" padding slots of the percentile list, also when the key is duplicated (fio 3.1, axboe/fio#511)', () => {
    const [job] = jobsOf(corpus('gvisor__fio-3.1-json-seqwrite-dup-pct-keys.json'));
    const write = job?.write;
    // gVisor's assertions: write_io_ops=438367.892977, write_bandwidth=1753471*1024, read_io_ops=0.
    expect(write?.iops).toBe(438367.892977);
    expect(write?.bandwidthBytesPerSec).toBe(1753471 * 1024);
    expect(job?.read?.iops).toBe(0);
    // "io_bytes" : 1073741824 beside "io_kbytes" : 1048576: bytes in fio 3.x.
    expect(write?.ioBytes).toBe(1073741824);
    expect(write?.clat?.meanNs).toBe(2076.404373);
    const keys = Object.keys(write?.clat?.percentilesNs ?? {});
    expect(keys).not.toContain('0.00');
    expect(keys).toHaveLength(17);
    expect(write?.clat?.percentilesNs?.['99.99']).toBe(17792);
  });

  it('reads disk_util with the aggr_* figures of a device-mapper device', () => {
    const run = parseFio(corpus('gvisor__fio-3.1-json-seqwrite-dup-pct-keys.json')).result.runs[0];
    expect(run?.disks.map((d) => d.name)).toEqual(['dm-1', 'dm-0', 'nvme0n1']);
    // "aggr_write_ios" : 3, "aggr_write_ticks" : 2 on dm-0
    expect(run?.disks[1]?.aggregate).toMatchObject({ writeIos: 3, writeTicksMs: 2, utilPercent: 0 });
    expect(run?.disks[2]?.aggregate).toBeNull();
    expect(run?.disks[2]?.writeTicksMs).toBe(2);
  });

  it('reads fio 2.17 JSON with global and job options merged into the job parameters', () => {
    const jobs = jobsOf(corpus('pkb__fio-2.17-json-randread-hist.json'));
    const read = jobs[0]?.read;
    // "bw" : 129386, "iops" : 8086.673998, "clat" : { "mean" : 238.357679 } (usec)
    expect(read?.bandwidthBytesPerSec).toBe(129386 * 1024);
    expect(read?.iops).toBe(8086.673998);
    expect(read?.clat?.meanNs).toBeCloseTo(238357.679, 6);
    expect(jobs[0]?.parameters.rw).toBe('randread');
    expect(jobs[0]?.parameters.blockSize).toBe('16k');
    expect(jobs[0]?.parameters.numjobs).toBe(2);
  });

  it('prefers bw_bytes to bw where fio 3.x prints both (kubestr, gtod_reduce)', () => {
    const jobs = jobsOf(corpus('kubestr__fio-3.20-json-2jobs-gtod-reduce.json'));
    const read = jobNamed(jobs, 'read_iops').read;
    // "bw_bytes" : 4039322, "bw" : 3944, "iops" : 982.050780
    expect(read?.bandwidthBytesPerSec).toBe(4039322);
    expect(read?.iops).toBe(982.05078);
    expect(jobNamed(jobs, 'write_iops').write?.iops).toBe(390.525218);
    expect(jobNamed(jobs, 'read_iops').parameters).toMatchObject({ rw: 'randread', blockSize: '4K', iodepth: 64 });
  });

  it('gives no latency measurements where gtod_reduce left them unsampled (N 0)', () => {
    const { measurements } = parseFio(corpus('kubestr__fio-3.20-json-2jobs-gtod-reduce.json'));
    const metrics = new Set(measurements.map((m) => m.metric));
    expect(metrics.has('read.iops')).toBe(true);
    expect(metrics.has('read.clat.mean')).toBe(false);
    // The write side of the randread job did no I/O: no write measurements for it.
    expect(measurements.some((m) => m.metric === 'write.iops' && m.labels.job === 'read_iops')).toBe(false);
  });

  it('reads the git-describe version string and a 70/30 readwrite job (VirtualClient)', () => {
    const output = parseFio(corpus('virtualclient__fio-3.26-git-json-readwrite-256k.json'));
    expect(output.toolVersion).toBe('fio-3.26-19-ge7e53');
    const job = output.result.runs[0]?.jobs[0];
    expect(job?.read?.iops).toBe(569.699415);
    // "bw_bytes" : 149343283 beside "bw" : 145843 (KiB/s, rounded down)
    expect(job?.read?.bandwidthBytesPerSec).toBe(149343283);
    expect(Math.floor(149343283 / 1024)).toBe(145843);
    expect(job?.write?.iops).toBe(256.606819);
  });

  it('reads the hand-edited VirtualClient files without failing (robustness, not values)', () => {
    for (const name of [
      'virtualclient__fio-3.26-json-randrw-4k.json',
      'virtualclient__fio-3.13-windows-json-randread.json',
    ]) {
      const jobs = jobsOf(corpus(name));
      expect(jobs[0]?.read?.iops).toBeGreaterThan(0);
    }
    // slat_ms / lat_us keys of the edited Windows copy are read in their own unit.
    const windows = jobsOf(corpus('virtualclient__fio-3.13-windows-json-randread.json'))[0];
    expect(windows?.read?.iops).toBe(35516.054735);
    expect(windows?.read?.slat).not.toBeNull();
    expect(windows?.read?.lat).not.toBeNull();
  });

  it('reads the client/server form: client_stats with hostnames, the "All clients" sum, a hostname preamble', () => {
    const output = parseFio(corpus('pbench__fio-3.7-client-server-json-with-preamble.txt'));
    expect(output.format).toBe('json');
    expect(output.toolVersion).toBe('fio-3.7');
    const [run] = output.result.runs;
    expect(run?.jobs).toHaveLength(11);
    const first = run?.jobs[0];
    // "hostname" : "perf36", "read" : { "io_bytes" : 488804352, "bw_bytes" : 32576098, "iops" : 7951.016328 }
    expect(first).toMatchObject({ name: 'job-/tmp/fio', hostname: 'perf36' });
    expect(first?.read?.ioBytes).toBe(488804352);
    expect(first?.read?.bandwidthBytesPerSec).toBe(32576098);
    expect(first?.read?.iops).toBe(7951.016328);
    expect(first?.read?.clat?.percentilesNs?.['1.00']).toBe(1028096);
    // "global options" : { "bs" : "4k", "iodepth" : "32", "direct" : "1" } under "job options" : { "rw" : "read" }
    expect(first?.parameters).toMatchObject({
      rw: 'read',
      blockSize: '4k',
      iodepth: 32,
      numjobs: 5,
      direct: true,
      ioengine: 'libaio',
    });
    const all = run?.jobs[10];
    expect(all).toMatchObject({ name: 'All clients', hostname: 'perf84' });
    expect(all?.read?.iops).toBe(93198.150858);
    expect(run?.disks.map((d) => `${d.hostname}:${d.name}`)).toEqual([
      'perf36:dm-0',
      'perf36:sda',
      'perf84:dm-0',
      'perf84:sda',
    ]);
    // Measurements of the same job name on two hosts stay apart by their host label.
    const hosts = new Set(output.measurements.filter((m) => m.metric === 'read.iops').map((m) => m.labels.host));
    expect(hosts).toEqual(new Set(['perf36', 'perf84']));
  });

  it('marks json+ output and keeps its clat bins in ns', () => {
    const text = readFixture('fio-3.33--randrw-2jobs.terse5-jsonplus.txt');
    const output = parseFio(text, { format: 'json+' });
    const run = output.result.runs[0];
    expect(run?.format).toBe('json+');
    const bins = run?.jobs[0]?.read?.clat?.binsNs ?? {};
    const count = Object.values(bins).reduce((sum, n) => sum + n, 0);
    // The bins hold every sampled completion: their counts add up to clat N.
    expect(count).toBe(run?.jobs[0]?.read?.clat?.samples);
  });

  it('checks that json+ bins hold numbers, naming the key of one that does not', () => {
    const text = readFixture('fio-3.33--randrw-2jobs-direct.jsonplus.json');
    const firstBin = /"bins" : \{\n\s+"(\d+)" : (\d+)/.exec(text);
    expect(firstBin).not.toBeNull();
    const [found = '', key = '', count = ''] = firstBin ?? [];
    const broken = text.replace(found, found.replace(`"${key}" : ${count}`, `"${key}" : "${count}"`));
    const error = catchParseError(() => parseFio(broken));
    expect(error.code).toBe('SCHEMA_MISMATCH');
    expect(broken.split('\n')[error.line - 1]).toContain(`"${key}"`);
    expect(_binsTextHasOnlyNumbers(text, 0, text.length)).toBe(true);
    expect(_binsTextHasOnlyNumbers('{"bins" : { "1" : [2] }}', 0, 24)).toBe(false);
    expect(_binsTextHasOnlyNumbers('{"bins" : { "1" : 2, "2": 3 }}', 0, 30)).toBe(true);
    // Counts fio cannot print send the parser to walk the values, which names the bad one.
    expect(_binsTextHasOnlyNumbers('{"bins" : { "1" : -2, "2": 3 }}', 0, 31)).toBe(false);
    expect(_binsTextHasOnlyNumbers('{"bins" : { "1" : 2e400, "2": 3 }}', 0, 34)).toBe(false);
    expect(_binsTextHasOnlyNumbers('{"bins" : { "1" : 2.5, "2": 3 }}', 0, 32)).toBe(false);
  });

  it('converts fio 2.x json+ bucket indices to latencies', () => {
    // The first 2*64 buckets are exact; bucket 128 starts the group of width 2.
    expect(platIndexToValue(5, 6, 64)).toBe(5);
    expect(platIndexToValue(127, 6, 64)).toBe(127);
    expect(platIndexToValue(128, 6, 64)).toBe(129);
    expect(platIndexToValue(192, 6, 64)).toBe(258);
  });

  it('reads JSON with a BOM, CRLF line ends, or HTML-escaped quotes', () => {
    const text = corpus('kubestr__fio-3.20-json-2jobs-gtod-reduce.json');
    const expected = parseFio(text).result;
    expect(parseFio(`\uFEFF${text.replace(/\n/g, '\r\n')}`).result).toEqual(expected);
    expect(parseFio(text.replace(/"/g, '&quot;').replace(/>/g, '&gt;')).result).toEqual(expected);
  });

  it('keeps a job whose "error" is not 0 and flags it', () => {
    const text = corpus('kubestr__fio-3.20-json-2jobs-gtod-reduce.json').replace('"error" : 0', '"error" : 5');
    const job = parseFio(text).result.runs[0]?.jobs[0];
    expect(job?.hasFailed).toBe(true);
    expect(job?.error?.code).toBe(5);
    expect(parseFio(text).measurements.find((m) => m.metric === 'read.iops')?.labels.error).toBe('5');
  });

  it('every JSON corpus file gives a result the schema accepts', () => {
    for (const name of [
      'pkb__fio-2.1.4-json-5jobs.json',
      'pkb__fio-2.17-json-randread-hist.json',
      'gvisor__fio-3.1-json-seqwrite-dup-pct-keys.json',
      'kubestr__fio-3.20-json-2jobs-gtod-reduce.json',
      'pbench__fio-3.7-client-server-json-with-preamble.txt',
      'virtualclient__fio-3.13-windows-json-randread.json',
      'virtualclient__fio-3.26-git-json-readwrite-256k.json',
      'virtualclient__fio-3.26-json-randrw-4k.json',
    ]) {
      const { result } = parseFio(corpus(name));
      expect(FioResultSchema.safeParse(result).success, name).toBe(true);
      expectTypeOf(result).toEqualTypeOf<FioResult>();
    }
  });
});

describe('parseFio on broken JSON', () => {
  it('reports a JSON document cut short as TRUNCATED', () => {
    const text = corpus('kubestr__fio-3.20-json-2jobs-gtod-reduce.json');
    const error = catchParseError(() => parseFio(text.slice(0, 3000)));
    expect(error.code).toBe('TRUNCATED');
    expect(error.tool).toBe('fio');
  });

  it('reports a value of the wrong type as SCHEMA_MISMATCH on its line', () => {
    const text = corpus('kubestr__fio-3.20-json-2jobs-gtod-reduce.json').replace(
      '"iops" : 982.050780',
      '"iops" : "fast"',
    );
    const error = catchParseError(() => parseFio(text));
    expect(error.code).toBe('SCHEMA_MISMATCH');
    expect(text.split('\n')[error.line - 1]).toContain('"iops"');
  });

  it('reports invalid JSON as BAD_JSON at the offending character', () => {
    const text = '{\n  "fio version" : "fio-3.33",\n  "jobs" : [ x ]\n}\n';
    const error = catchParseError(() => parseFio(text));
    expect({ code: error.code, line: error.line }).toEqual({ code: 'BAD_JSON', line: 3 });
  });

  it('mutated and truncated JSON outputs give a result or a ParseError', () => {
    const texts = [
      corpus('kubestr__fio-3.20-json-2jobs-gtod-reduce.json'),
      corpus('gvisor__fio-3.1-json-seqwrite-dup-pct-keys.json'),
      corpus('pkb__fio-2.17-json-randread-hist.json'),
    ];
    checkParserProperty((input) => parseFio(input), texts, { numRuns: 150 });
  });
});

function readFixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/fio/${name}`, import.meta.url), 'utf8');
}
