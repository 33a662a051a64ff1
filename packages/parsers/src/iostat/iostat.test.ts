import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { corpusDir, corpusFiles, readCorpusFile } from '../../test/corpus.ts';
import { checkParserProperty } from '../../test/properties.ts';
import { MeasurementSchema } from '../measurement.ts';
import type { ParseOutput } from '../parser.ts';
import { TOOL_NAMES } from '../tools.ts';
import { columnSpec } from './columns.ts';
import { detectIostat, type IostatReport, IostatResultSchema, parseIostat, safeParseIostat } from './index.ts';
import { deviceValues } from './values.ts';

const KIB = 1024;
const MIB = 1024 ** 2;

function corpus(name: string): string {
  return readCorpusFile(corpusDir(), `iostat/${name}`).text;
}

function device(report: IostatReport | undefined, name: string): Record<string, number> {
  const found = report?.devices.find((d) => d.device === name);
  if (found === undefined) throw new Error(`no device ${name} in report ${report?.sample}`);
  return deviceValues(report as IostatReport, found);
}

function catchError(run: () => unknown): { code: string; line: number; column: number } {
  try {
    run();
  } catch (error) {
    return error as { code: string; line: number; column: number };
  }
  throw new Error('expected a ParseError');
}

/**
 * jc's fixtures that stop at the last row of a device table, without the blank line iostat ends
 * every table with (jc's copies lost it): read as cut, their last report left out.
 */
const JC_CUT_AT_LAST_ROW = new Set([
  'jc__centos77-iostat-mx.txt',
  'jc__centos77-iostat.txt',
  'jc__ubuntu1804-iostat-mx.txt',
  'jc__ubuntu1804-iostat-x.txt',
]);

/** A jc fixture as iostat printed it: the blank line after its last table put back. */
function asPrinted(name: string, text: string): string {
  return JC_CUT_AT_LAST_ROW.has(name) ? `${text}\n` : text;
}

describe('parseIostat over every corpus file', () => {
  const files = corpusFiles('iostat');

  it.each([...JC_CUT_AT_LAST_ROW].map((name) => [name]))(
    '%s, which stops at a table row with no blank line after it, is read as cut',
    (name) => {
      const text = corpus(name);
      const output = parseIostat(text);
      expect(output.result.isTruncated).toBe(true);
      // The warning names the last line, the row the copy stops at.
      expect(output.warnings).toContainEqual(
        expect.objectContaining({ code: 'TRUNCATED', line: text.trimEnd().split('\n').length, column: 1 }),
      );
      expect(parseIostat(asPrinted(name, text)).result.isTruncated).toBe(false);
    },
  );

  it.each(files.map((file) => [file.name, file.text]))('%s parses into reports that match the schema', (name, raw) => {
    const text = asPrinted(name, raw);
    const output = parseIostat(text);
    expect(output.tool).toBe('iostat');
    expect(output.result.reports.length).toBeGreaterThan(0);
    expect(IostatResultSchema.safeParse(output.result).success).toBe(true);
    for (const measurement of output.measurements) MeasurementSchema.parse(measurement);
    expect(output.result.isTruncated).toBe(false);
  });

  it('types the result as the schema says', () => {
    const output = parseIostat(corpus('sysstat__v12.7-iostat-x.txt'));
    expectTypeOf(output).toEqualTypeOf<ParseOutput<'iostat'>>();
  });
});

/** jc names a column by lowercasing it, `%` as `percent_`, `/` and `-` as `_`. */
function jcKey(column: string): string {
  return column.toLowerCase().replace('%', 'percent_').replace(/[/-]/g, '_');
}

describe("the same values as jc's expected output", () => {
  const jcFiles = corpusFiles('iostat').filter((file) => file.name.startsWith('jc__'));

  it.each(jcFiles.map((file) => [file.name, file.text, file.path]))('%s', (name, text, path) => {
    const expected = JSON.parse(readFileSync(path.replace(/\.txt$/, '.expected.jc.json'), 'utf8')) as Record<
      string,
      number | string
    >[];
    const records: Record<string, number | string>[] = [];
    for (const report of parseIostat(asPrinted(name, text)).result.reports) {
      const cpu = report.cpu;
      if (cpu !== null) {
        records.push({
          percent_user: cpu.userPercent as number,
          percent_nice: cpu.nicePercent as number,
          percent_system: cpu.systemPercent as number,
          percent_iowait: cpu.iowaitPercent as number,
          percent_steal: cpu.stealPercent as number,
          percent_idle: cpu.idlePercent as number,
          type: 'cpu',
        });
      }
      for (const row of report.devices) {
        const record: Record<string, number | string> = { device: row.device };
        // Back to the printed unit: our values are in bytes, ns, ...; jc keeps iostat's.
        for (const column of report.columns) {
          record[jcKey(column.name)] =
            (deviceValues(report, row)[column.metric] as number) / columnSpec(column.name).factor;
        }
        record.type = 'device';
        records.push(record);
      }
    }
    expect(records).toHaveLength(expected.length);
    for (const [index, want] of expected.entries()) {
      const got = records[index] as Record<string, number | string>;
      expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
      for (const [key, value] of Object.entries(want)) {
        if (typeof value === 'number') expect(got[key], `${index}.${key}`).toBeCloseTo(value, 6);
        else expect(got[key]).toBe(value);
      }
    }
  });
});

describe("the same averages as pbench's gold files", () => {
  const pbench = corpusFiles('iostat').filter((file) => file.name.startsWith('pbench__'));

  it.each(pbench.map((file) => [file.name, file.text, file.path]))('%s', (_, text, path) => {
    const gold = readFileSync(path.replace(/\.txt$/, '.expected.pbench.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('='));
    const { reports } = parseIostat(text).result;
    // pbench averages every sample, the since-boot one included, in iostat's printed units.
    const mean = (name: string, metric: string, divisor: number): number => {
      const values = reports.map((report) => device(report, name)[metric] as number);
      return values.reduce((a, b) => a + b, 0) / values.length / divisor;
    };
    const pbenchMetric: Record<string, [string, number]> = {
      'IOPS-read': ['r/s', 1],
      'IOPS-write': ['w/s', 1],
      Queue_Size: ['aqu-sz', 1],
      'Request_Merges-read': ['rrqm/s', 1],
      'Request_Merges-write': ['wrqm/s', 1],
      Request_Size: ['areq-sz', 512],
      'Throughput-read': ['read.bw', MIB],
      'Throughput-write': ['write.bw', MIB],
      Utilization: ['%util', 1],
      'Wait_Time-read': ['r_await', 1e6],
      'Wait_Time-write': ['w_await', 1e6],
    };
    expect(gold.length).toBeGreaterThan(20);
    for (const [key = '', value = ''] of gold) {
      const kind = key.slice(0, key.indexOf('-'));
      const direction = /-(read|write)$/.exec(key)?.[1];
      const name = key.slice(kind.length + 1, direction === undefined ? undefined : -direction.length - 1);
      const [metric, divisor] = pbenchMetric[direction === undefined ? kind : `${kind}-${direction}`] ?? ['', 1];
      expect(mean(name, metric, divisor), key).toBeCloseTo(Number(value), 5);
    }
  });
});

describe('sysstat layouts and units', () => {
  it("reads kB as KiB: iostat's kB/s is 1024 bytes per second (sectors / 2)", () => {
    // sda               8.59       222.14        57.08         0.00    1597749     410544          0
    const sda = device(parseIostat(corpus('sysstat__v12.7-iostat.txt')).result.reports[0], 'sda');
    expect(sda.tps).toBe(8.59);
    expect(sda['read.bw']).toBeCloseTo(222.14 * 1024, 6);
    expect(sda['write.bw']).toBeCloseTo(57.08 * 1024, 6);
    expect(sda['read.bytes']).toBe(1597749 * 1024);
  });

  it('reads Blk_read/s as 512-byte sectors: the same bytes as kB_read/s of the same run', () => {
    // sda               8.59       444.28       114.16         0.00    3195498     821088          0
    const sectors = device(parseIostat(corpus('sysstat__v12.7-iostat-ev.txt')).result.reports[0], 'sda');
    const kilobytes = device(parseIostat(corpus('sysstat__v12.7-iostat.txt')).result.reports[0], 'sda');
    expect(sectors['read.bw']).toBeCloseTo(444.28 * 512, 6);
    expect(sectors['read.bytes']).toBe(kilobytes['read.bytes']);
  });

  it('names the 12.x -x columns canonically and converts await to ns', () => {
    // sda 6.90 222.14 0.39 5.38 12.58 32.21 1.69 57.08 1.36 44.55 9.61 33.71 0.00 ... 0.10 0.46
    const report = parseIostat(corpus('sysstat__v12.7-iostat-x.txt')).result.reports[0];
    const sda = device(report, 'sda');
    expect(sda['r/s']).toBe(6.9);
    expect(sda['read.bw']).toBeCloseTo(222.14 * KIB, 6);
    expect(sda['%rrqm']).toBe(5.38);
    expect(sda.r_await).toBe(12_580_000);
    expect(sda['rareq-sz']).toBeCloseTo(32.21 * KIB, 6);
    expect(sda['aqu-sz']).toBe(0.1);
    expect(sda['%util']).toBe(0.46);
    expect(report?.columns.find((c) => c.name === 'rkB/s')).toEqual({ name: 'rkB/s', metric: 'read.bw', unit: 'B/s' });
  });

  it('maps the old avgqu-sz and avgrq-sz (sectors) to aqu-sz and areq-sz, keeping the printed names', () => {
    // sda  0.00 0.02 0.13 0.11 5.27 1.10 52.53 0.00 0.88 0.53 1.29 0.52 0.01
    const report = parseIostat(corpus('jc__centos77-iostat-x.txt')).result.reports[0];
    const sda = device(report, 'sda');
    expect(sda['areq-sz']).toBeCloseTo(52.53 * 512, 6);
    expect(sda['aqu-sz']).toBe(0);
    expect(sda.svctm).toBe(520_000);
    expect(report?.columns.map((c) => c.name)).toContain('avgqu-sz');
    expect(report?.columns.find((c) => c.name === 'avgqu-sz')?.metric).toBe('aqu-sz');
  });

  it('reads MB columns as MiB', () => {
    // sda               8.59         0.22         0.06         0.00       1560        400          0  (iostat -ym? no: JSON -dm)
    const report = parseIostat(corpus('jc__centos77-iostat-m.txt')).result.reports[0];
    // sda               0.24         0.01         0.00        198         41
    expect(device(report, 'sda')['read.bytes']).toBe(198 * MIB);
  });

  it('reads --human values with their unit letters as powers of 1024, and % in avg-cpu', () => {
    // sda               8.59       222.1k        57.1k         0.0k       1.5G     400.9M       0.0k
    const report = parseIostat(corpus('sysstat__v12.7-iostat-human.txt')).result.reports[0];
    const sda = device(report, 'sda');
    expect(sda['read.bw']).toBeCloseTo(222.1 * 1024, 6);
    expect(sda['read.bytes']).toBeCloseTo(1.5 * 1024 ** 3, 3);
    expect(sda['write.bytes']).toBeCloseTo(400.9 * 1024 ** 2, 3);
    //            1.5%   39.9%    1.7%    0.9%    0.0%   56.0%
    expect(report?.cpu).toEqual({
      userPercent: 1.5,
      nicePercent: 39.9,
      systemPercent: 1.7,
      iowaitPercent: 0.9,
      stealPercent: 0,
      idlePercent: 56,
    });
  });

  it('reads -h with the device name last (12.x)', () => {
    //      8.59       222.1k        57.1k         0.0k       1.5G     400.9M       0.0k sda
    const report = parseIostat(corpus('sysstat__v12.7-iostat-h.txt')).result.reports[0];
    expect(report?.devices).toHaveLength(22);
    expect(device(report, 'sda12')['write.bw']).toBeCloseTo(37.2 * 1024, 6);
  });

  it('reads -h with the device name on its own line (before 12.x)', () => {
    const text = [
      'Linux 3.10.0 (host) \t03/24/15 \t_x86_64_\t(2 CPU)',
      '',
      'Device:            tps    kB_read/s    kB_wrtn/s    kB_read    kB_wrtn',
      'sda',
      '                 8.59       222.14        57.08    1597749     410544',
      'luks-ea06d19b-489f-4236-8918-c95c91e3417c',
      '                 0.01         0.29         0.00       2108          0',
      '',
      '',
    ].join('\n');
    const report = parseIostat(text).result.reports[0];
    expect(report?.devices.map((d) => [d.device, d.isGroup])).toEqual([
      ['sda', false],
      ['luks-ea06d19b-489f-4236-8918-c95c91e3417c', false],
    ]);
    expect(device(report, 'sda').tps).toBe(8.59);
  });

  it('reads the sector-based -x layout of sysstat 9.x (rsec/s, no r_await)', () => {
    const text = [
      'Linux 2.6.32-431.el6.x86_64 (db1) \t01/07/2014 \t_x86_64_\t(4 CPU)',
      '',
      'Device:         rrqm/s   wrqm/s     r/s     w/s   rsec/s   wsec/s avgrq-sz avgqu-sz   await  svctm  %util',
      'sda               0.05     1.87    0.38    1.03    18.95    23.21    29.83     0.01    7.98   2.07   0.29',
      '',
      '',
    ].join('\n');
    const sda = device(parseIostat(text).result.reports[0], 'sda');
    expect(sda['read.bw']).toBeCloseTo(18.95 * 512, 6);
    expect(sda.await).toBe(7_980_000);
    expect(sda['%util']).toBe(0.29);
  });

  it('merges the tables of --pretty -x into one row per device', () => {
    const report = parseIostat(corpus('sysstat__v12.7-iostat-x-pretty.txt')).result.reports[0];
    expect(report?.devices).toHaveLength(5);
    expect(report?.columns).toHaveLength(22);
    // 6.90 222.14 0.39 5.38 12.58 32.21 sda / 1.69 57.08 ... sda / ... / 0.00 0.00 0.10 0.46 sda
    const sda = device(report, 'sda');
    expect([sda['r/s'], sda['w/s'], sda['aqu-sz'], sda['%util']]).toEqual([6.9, 1.69, 0.1, 0.46]);
  });

  it('gives the same numbers for --pretty --compact as for the plain -x layout', () => {
    const plain = parseIostat(corpus('sysstat__v12.7-iostat-x.txt')).result.reports;
    const compact = parseIostat(corpus('sysstat__v12.7-iostat-compact.txt')).result.reports;
    expect(compact.map((r) => r.devices)).toEqual(plain.map((r) => r.devices));
  });

  it('flags the group totals of -g, named with a leading space', () => {
    //  disks            8.60       222.43        57.08         0.00    1599857     410544          0
    const report = parseIostat(corpus('sysstat__v12.7-iostat-g.txt')).result.reports[0];
    expect(report?.devices.filter((d) => d.isGroup).map((d) => d.device)).toEqual(['disks', 'other']);
    const output = parseIostat(corpus('sysstat__v12.7-iostat-g.txt'));
    expect(output.measurements.find((m) => m.labels.group === 'disks' && m.metric === 'tps')?.value).toBe(8.6);
  });

  it('reads device-mapper names longer than the column (-N)', () => {
    const report = parseIostat(corpus('pbench__sysstat10-fc20-iostat-xmtN-ampm.txt')).result.reports[0];
    expect(device(report, 'luks-ea06d19b-489f-4236-8918-c95c91e3417c')['w/s']).toBe(6791);
  });

  it('reads the short -s and -xs layouts', () => {
    // sda               8.59       222.14        57.08    1597749     410544
    const short = device(parseIostat(corpus('sysstat__v12.7-iostat-s.txt')).result.reports[0], 'sda');
    expect(short['write_discard.bw']).toBeCloseTo(57.08 * KIB, 6);
    // sda               8.59    279.22     1.75   12.00    32.51    0.10   0.46
    const extended = device(parseIostat(corpus('sysstat__v12.7-iostat-xs.txt')).result.reports[0], 'sda');
    expect(extended).toMatchObject({ tps: 8.59, 'rqm/s': 1.75, await: 12_000_000, 'aqu-sz': 0.1, '%util': 0.46 });
    expect(extended.bw).toBeCloseTo(279.22 * KIB, 6);
    expect(extended['areq-sz']).toBeCloseTo(32.51 * KIB, 6);
  });

  it('reads a CPU-only output (-c) with timestamps', () => {
    const { reports } = parseIostat(corpus('sysstat__v12.7-iostat-ct.txt')).result;
    expect(reports.map((r) => [r.timestamp, r.cpu?.idlePercent, r.devices.length])).toEqual([
      ['2020-06-01T12:53:20', 56, 0],
      ['2020-06-01T12:53:21', 82.89, 0],
    ]);
  });

  it('reads the banner: kernel, host, date, arch, CPU count', () => {
    // Linux 3.10.0-1062.1.2.el7.x86_64 (localhost.localdomain) 	11/30/2021 	_x86_64_	(1 CPU)
    expect(parseIostat(corpus('jc__centos77-iostat.txt')).result.host).toEqual({
      system: 'Linux',
      release: '3.10.0-1062.1.2.el7.x86_64',
      host: 'localhost.localdomain',
      date: '11/30/2021',
      dateIso: '2021-11-30',
      arch: 'x86_64',
      cpuCount: 1,
    });
    expect(parseIostat(corpus('sysstat__v12.7-iostat-ev.txt')).result.host?.dateIso).toBe('2020-06-01');
  });

  it('reads 12-hour, 2-digit-year and ISO timestamps', () => {
    // 02/25/2015 05:48:52 PM
    expect(parseIostat(corpus('pbench__sysstat10-fc20-iostat-xmtN-ampm.txt')).result.reports[0]?.timestamp).toBe(
      '2015-02-25T17:48:52',
    );
    // 03/24/15 16:46:04
    expect(parseIostat(corpus('pbench__sysstat10-rhel71-iostat-xmt.txt')).result.reports[1]?.timestampText).toBe(
      '03/24/15 16:46:07',
    );
    const iso = [
      'Linux 6.1.0 (host) \t2026-11-21 \t_x86_64_\t(2 CPU)',
      '',
      '2026-11-21T14:11:58+0000',
      'Device             tps    kB_read/s    kB_wrtn/s    kB_dscd/s    kB_read    kB_wrtn    kB_dscd',
      'vda             165.45      1830.04      3902.63      1380.90    2800000    6000000    2100000',
      '',
      '',
    ].join('\n');
    expect(parseIostat(iso).result.reports[0]?.timestamp).toBe('2026-11-21T14:11:58+00:00');
  });

  it('flags the first report as since boot, unless told the run used -y', () => {
    const text = corpus('sysstat__v12.7-iostat-ym.txt');
    expect(parseIostat(text).result.reports.map((r) => r.isSinceBoot)).toEqual([true, false]);
    expect(parseIostat(text, { sinceBoot: false }).result.reports.map((r) => r.isSinceBoot)).toEqual([false, false]);
  });

  it('summarizes each device over the samples after the since-boot report', () => {
    const output = parseIostat(corpus('pbench__sysstat10-fc20-iostat-xmtN-ampm.txt'));
    const sda = output.result.summary.find((s) => s.device === 'sda');
    const samples = output.result.reports.slice(1).map((r) => device(r, 'sda')['r/s'] as number);
    expect(sda?.metrics['r/s']?.count).toBe(20);
    expect(sda?.metrics['r/s']?.mean).toBeCloseTo(samples.reduce((a, b) => a + b) / 20, 9);
    expect(sda?.metrics['r/s']?.max).toBe(Math.max(...samples));
    // nearest rank: the 19th of 20 sorted values
    expect(sda?.metrics['r/s']?.p95).toBe([...samples].sort((a, b) => a - b)[18]);
  });

  it('labels measurements with device, sample and time', () => {
    const output = parseIostat(corpus('pbench__sysstat10-rhel71-iostat-xmt.txt'));
    const util = output.measurements.filter((m) => m.metric === '%util' && m.labels.device === 'sda');
    expect(util).toHaveLength(21);
    expect(util[1]).toEqual({
      tool: 'iostat',
      metric: '%util',
      unit: '%',
      value: expect.any(Number),
      labels: { device: 'sda', sample: '1', time: '2015-03-24T16:46:07' },
    });
    expect(output.measurements.find((m) => m.metric === 'avg-cpu.%idle')?.labels).toEqual({
      sample: '0',
      time: '2015-03-24T16:46:04',
      since_boot: 'true',
    });
  });

  it('labels the measurements of the since-boot report since_boot, and those of no other', () => {
    const text = readFileSync(
      new URL('../../fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt', import.meta.url),
      'utf8',
    );
    const vdaReads = parseIostat(text).measurements.filter((m) => m.metric === 'r/s' && m.labels.device === 'vda');
    // vda r/s as printed in the four reports: 271.45 (since boot, 15:04:16), 6.00, 4.00, 0.00.
    expect(vdaReads.map((m) => [m.value, m.labels.sample, m.labels.since_boot])).toEqual([
      [271.45, '0', 'true'],
      [6, '1', undefined],
      [4, '2', undefined],
      [0, '3', undefined],
    ]);
    expect(vdaReads.slice(1).every((m) => !('since_boot' in m.labels))).toBe(true);
    const idle = parseIostat(text).measurements.filter((m) => m.metric === 'avg-cpu.%idle');
    expect(idle.map((m) => [m.value, m.labels.since_boot])).toEqual([
      [72.99, 'true'],
      [0, undefined],
      [0, undefined],
      [0, undefined],
    ]);
  });

  it('labels the first report of each run since_boot in concatenated logs', () => {
    const text = readFileSync(
      new URL('../../fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt', import.meta.url),
      'utf8',
    );
    const vdaReads = parseIostat(`${text}${text}`).measurements.filter(
      (m) => m.metric === 'r/s' && m.labels.device === 'vda',
    );
    // Samples count on through the second banner; its first report is again since boot.
    expect(vdaReads.filter((m) => m.labels.since_boot === 'true').map((m) => [m.labels.sample, m.value])).toEqual([
      ['0', 271.45],
      ['4', 271.45],
    ]);
  });

  it('labels nothing since_boot when the first report is over an interval (sinceBoot: false, as with -y)', () => {
    const text = corpus('sysstat__v12.7-iostat-ym.txt');
    expect(
      parseIostat(text)
        .measurements.filter((m) => m.labels.sample === '0')
        .every((m) => m.labels.since_boot === 'true'),
    ).toBe(true);
    const interval = parseIostat(text, { sinceBoot: false }).measurements;
    expect(interval.some((m) => 'since_boot' in m.labels)).toBe(false);
    // sdq, 9.62 tps in the first report as printed.
    expect(
      interval.find((m) => m.metric === 'tps' && m.labels.device === 'sdq' && m.labels.sample === '0')?.value,
    ).toBe(9.62);
  });
});

describe('JSON output', () => {
  it('gives the same numbers as the text output of the same simulated run', () => {
    const json = parseIostat(corpus('sysstat__v12.7-iostat-x-p-ALL-JSON.json')).result.reports;
    const text = parseIostat(corpus('sysstat__v12.7-iostat-x.txt')).result.reports;
    expect(json.map((r) => r.cpu)).toEqual(text.map((r) => r.cpu));
    for (const [index, report] of text.entries()) {
      for (const row of report.devices) {
        const fromJson = device(json[index], row.device);
        for (const [metric, value] of Object.entries(deviceValues(report, row)))
          expect(fromJson[metric], metric).toBeCloseTo(value, 6);
      }
    }
  });

  it("reads PerfKitBenchmarker's re-indented JSON with ISO timestamps", () => {
    const { reports } = parseIostat(corpus('pkb__iostat-json-pretty.json')).result;
    // PKB's test: dm-1 r_await [0.57, 0.0], sda r_await [0.88, 0.0]
    expect(reports.map((r) => device(r, 'dm-1').r_await)).toEqual([570_000, 0]);
    expect(reports.map((r) => device(r, 'sda').r_await)).toEqual([880_000, 0]);
    expect(reports.map((r) => Date.parse(r.timestamp ?? '') / 1000)).toEqual([1710463994, 1710463995]);
  });

  it('flags the -g group totals', () => {
    const report = parseIostat(corpus('sysstat__v12.7-iostat-g-JSON.json')).result.reports[0];
    expect(report?.devices.filter((d) => d.isGroup).map((d) => d.device)).toEqual(['disks', 'other']);
    expect(device(report, 'sda')['read.bytes']).toBe(1560 * MIB);
  });

  it('keeps the complete reports of a JSON output cut short', () => {
    const text = corpus('sysstat__v12.7-iostat-x-p-ALL-JSON.json');
    const cut = text.slice(0, text.lastIndexOf('"disk_device": "sdd"'));
    const output = parseIostat(cut);
    expect(output.result.isTruncated).toBe(true);
    expect(output.result.reports).toHaveLength(1);
    expect(output.warnings.map((w) => w.code)).toEqual(['TRUNCATED']);
  });

  it('rejects broken JSON with BAD_JSON', () => {
    expect(catchError(() => parseIostat('{"sysstat": {"hosts": [}}', { format: 'json' }))).toMatchObject({
      code: 'BAD_JSON',
      line: 1,
    });
  });
});

describe('cut and damaged logs', () => {
  const text = corpus('sysstat__v12.7-iostat-x.txt');

  it('keeps every complete report of a log cut inside a row, and says so', () => {
    const cutAt = text.lastIndexOf('sdq') + 30;
    const output = parseIostat(text.slice(0, cutAt));
    expect(output.result.reports).toHaveLength(1);
    expect(output.result.isTruncated).toBe(true);
    expect(output.warnings).toMatchObject([{ code: 'TRUNCATED', line: text.slice(0, cutAt).split('\n').length }]);
  });

  it('keeps every complete report of a log cut after a header', () => {
    const cutAt = text.lastIndexOf('avg-cpu');
    const output = parseIostat(text.slice(0, cutAt + 20));
    expect(output.result.reports).toHaveLength(1);
    expect(output.result.isTruncated).toBe(true);
  });

  it('rejects a short row inside the log with COLUMN_COUNT at its line', () => {
    const lines = text.split('\n');
    lines[7] = 'sda 1.00 2.00';
    expect(catchError(() => parseIostat(lines.join('\n')))).toMatchObject({ code: 'COLUMN_COUNT', line: 8 });
  });

  it('rejects a value that is no number with BAD_NUMBER at its column', () => {
    const lines = text.split('\n');
    // sda               6.90    222.14 ...
    lines[6] = (lines[6] as string).replace('6.90', 'x.90');
    const column = (lines[6] as string).indexOf('x.90') + 1;
    expect(catchError(() => parseIostat(lines.join('\n')))).toMatchObject({ code: 'BAD_NUMBER', line: 7, column });
  });

  it('keeps the last report whole when a shell prompt was copied after the output', () => {
    // The log ends with its last table's blank line; the prompt comes after it.
    const whole = parseIostat(text);
    const withPrompt = `${text.replace(/\n*$/, '\n\n')}[user@server ~]$ `;
    const output = parseIostat(withPrompt);
    expect(output.result.reports).toEqual(whole.result.reports);
    expect(output.result.isTruncated).toBe(true);
    expect(output.warnings).toMatchObject([
      { code: 'TRUNCATED', line: withPrompt.split('\n').length, column: 1, message: expect.stringMatching(/is kept$/) },
    ]);
  });

  it('keeps the last report whole when the next one is cut inside its first line', () => {
    // A run of -t reports killed as it printed the next report's time: its first characters only.
    const log = readFileSync(
      new URL('../../fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt', import.meta.url),
      'utf8',
    );
    const firstTime = /^\d\d\/\d\d\/\d\d[^\n]*$/m.exec(log)?.[0] ?? '';
    const cut = `${log.replace(/\n*$/, '\n\n')}${firstTime.slice(0, 5)}`;
    const output = parseIostat(cut);
    expect(output.result.reports).toEqual(parseIostat(log).result.reports);
    expect(output.warnings.map((w) => [w.code, w.line])).toEqual([['TRUNCATED', cut.split('\n').length]]);
  });

  it('still leaves out a last report whose table has no closing blank line before the stray line', () => {
    const cutTable = `${text.replace(/\n*$/, '')}\n[user@server ~]$ `;
    const output = parseIostat(cutTable);
    expect(output.result.reports).toHaveLength(parseIostat(text).result.reports.length - 1);
    expect(output.warnings.map((w) => w.code)).toEqual(['TRUNCATED']);
  });

  it('skips a shell prompt before the output, with a warning', () => {
    const output = parseIostat(`[user@server ~]$ iostat -x 1 2\n${text}`);
    expect(output.result.reports).toHaveLength(2);
    expect(output.warnings.map((w) => w.code)).toEqual(['SKIPPED_LINE']);
  });

  it('reads CRLF line ends', () => {
    expect(parseIostat(text.replaceAll('\n', '\r\n')).result.reports).toEqual(parseIostat(text).result.reports);
  });

  it('rejects an empty input with EMPTY_INPUT', () => {
    expect(catchError(() => parseIostat(''))).toMatchObject({ code: 'EMPTY_INPUT', line: 1, column: 1 });
    expect(safeParseIostat(' \n').success).toBe(false);
  });

  it('rejects a text that is no iostat output with UNKNOWN_FORMAT', () => {
    expect(catchError(() => parseIostat('hello\nworld\n'))).toMatchObject({ code: 'UNKNOWN_FORMAT', line: 1 });
  });

  it('gives a result or a ParseError for mutated and truncated text logs', () => {
    const texts = corpusFiles('iostat')
      .filter((file) => file.name.endsWith('.txt'))
      .map((file) => file.text);
    checkParserProperty((input) => parseIostat(input, { format: 'text' }), texts, { numRuns: 150 });
  });

  it('gives a result or a ParseError for mutated and truncated JSON logs', () => {
    const texts = corpusFiles('iostat')
      .filter((file) => file.name.endsWith('.json'))
      .map((file) => file.text);
    checkParserProperty((input) => parseIostat(input, { format: 'json' }), texts, { numRuns: 100 });
  });
});

describe('detectIostat', () => {
  it('recognises every iostat corpus file', () => {
    for (const file of corpusFiles('iostat')) {
      expect(detectIostat(file.text), file.name).toMatchObject({ tool: 'iostat' });
    }
  });

  it("claims no other tool's output", () => {
    for (const tool of TOOL_NAMES.filter((name) => name !== 'iostat')) {
      for (const file of corpusFiles(tool)) expect(detectIostat(file.text), file.name).toBeNull();
    }
  });
});
