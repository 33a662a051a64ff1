import { describe, expect, it } from 'vitest';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { parseIostat } from './index.ts';
import type { IostatReport } from './schema.ts';
import { deviceValues } from './values.ts';

/**
 * An iostat output written by others in a decimal-comma locale (fixtures/corpus/iostat,
 * MANIFEST.md there): sysstat 11.2 (Ubuntu 16.04) `iostat -xdmz 1`, dates `%d/%m/%y`.
 * Expected values are read off the raw text with a plain split.
 */
const NAME = 'apoz-perf-cookbooks__sysstat11.2-iostat-xdmz-decimal-comma.txt';
const text = () => readCorpusFile(corpusDir(), `iostat/${NAME}`).text;
const MIB = 1024 ** 2;

/** Each device row of the raw text: name and its numbers, commas read as decimal marks. */
function rawDeviceRows(raw: string): Array<{ device: string; values: number[] }> {
  return raw
    .split('\n')
    .filter((line) => /^\S+\s+\d/.test(line) && !line.startsWith('Linux'))
    .map((line) => {
      const [device = '', ...numbers] = line.trim().split(/\s+/);
      return { device, values: numbers.map((number) => Number(number.replace(',', '.'))) };
    });
}

function device(report: IostatReport | undefined, name: string): Record<string, number> {
  const found = report?.devices.find((entry) => entry.device === name);
  if (report === undefined || found === undefined) throw new Error(`no device ${name}`);
  return deviceValues(report, found);
}

describe('iostat of sysstat 11.2 printed with decimal commas (apoz/Performance-Cookbooks)', () => {
  it('reads every number with its decimal comma as the value it is', () => {
    // sda               0,39    53,89   56,27    6,38     1,25     0,49    56,67     0,07    1,04    0,77    3,43   0,47   2,97
    const output = parseIostat(text());
    const [sinceBoot, second] = output.result.reports;
    const sda = device(sinceBoot, 'sda');
    expect(sda['rrqm/s']).toBe(0.39);
    expect(sda['w/s']).toBe(6.38);
    expect(sda['read.bw']).toBeCloseTo(1.25 * MIB, 6);
    expect(sda['write.bw']).toBeCloseTo(0.49 * MIB, 6);
    expect(sda['aqu-sz']).toBe(0.07);
    expect(sda['%util']).toBe(2.97);
    // sda               0,00     0,00    8,08    0,00     0,21 ...    52,00
    expect(device(second, 'sda')['r/s']).toBe(8.08);
    const rows = rawDeviceRows(text());
    const printed = output.result.reports.flatMap((report) => report.devices.map((entry) => entry.device));
    expect(printed).toEqual(rows.map((row) => row.device));
    expect(device(sinceBoot, 'scd0')['r/s']).toBe(rows[0]?.values[2]);
  });

  it('keeps the three reports -z printed, the last one with no device active', () => {
    // Device: ... (scd0, sda) / Device: ... (sda) / Device: ... (none)
    const output = parseIostat(text());
    expect(output.result.reports.map((report) => report.devices.length)).toEqual([2, 1, 0]);
    expect(output.result.reports.map((report) => report.isSinceBoot)).toEqual([true, false, false]);
    expect(output.result.isTruncated).toBe(false);
  });

  it('reads the 2-digit-year date of a decimal-comma locale day first, and says it guessed', () => {
    // Linux 4.4.0-31-generic (apoz-VirtualBox)     02/04/17     _x86_64_    (1 CPU)
    // The date is es_ES's %x (%d/%m/%y): the file was committed on 2017-04-02.
    const output = parseIostat(text());
    expect(output.result.host).toMatchObject({
      release: '4.4.0-31-generic',
      host: 'apoz-VirtualBox',
      date: '02/04/17',
      dateIso: '2017-04-02',
      cpuCount: 1,
    });
    expect(output.warnings.map((warning) => warning.code)).toContain('DATE_ORDER_GUESSED');
  });
});
