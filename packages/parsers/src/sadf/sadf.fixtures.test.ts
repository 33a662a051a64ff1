import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSadf, type SadfHostData, type SadfSample } from './index.ts';

/**
 * Real sadf -j outputs of sysstat 12.6.1 made here (fixtures/sadf/make-fixtures.sh), each with
 * its expected parse, and the sadf -d text of the same data file: the numbers are read from the
 * raw texts with patterns of this test, not with the parser's.
 */
const FIXTURES = fileURLToPath(new URL('../../fixtures/sadf/', import.meta.url));
const inputs = readdirSync(FIXTURES).filter((name) => name.includes('.input.'));
const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const hostOf = (name: string): SadfHostData => parseSadf(read(name)).result.hosts[0] as SadfHostData;

const DISKS = 'sysstat-12.6.1--d-p-u-b-C';
const CPUS = 'sysstat-12.6.1--u-ALL-P-ALL';
const ALL = 'sysstat-12.6.1--A-T-paris';

/** The rows of one block of sadf -d (the one whose header names `column`), as records by header name. */
function sadfDRows(text: string, column: string): Record<string, string>[] {
  const blocks = text.split(/^(?=# hostname;)/m);
  const block = blocks.find((candidate) => candidate.split('\n', 1)[0]?.split(';').includes(column));
  if (block === undefined) throw new Error(`no sadf -d block with ${column}`);
  const [header = '', ...lines] = block.trimEnd().split('\n');
  const names = header.replace(/^# /, '').split(';');
  return lines
    .filter((line) => !/;(?:LINUX-RESTART|COM )/.test(line))
    .map((line) => Object.fromEntries(line.split(';').map((value, index) => [names[index], value])));
}

/** sadf -d's `2026-11-24 08:33:27 UTC` as ISO 8601. */
const isoOf = (timestamp: string) => timestamp.replace(/^(\S+) (\S+) UTC$/, '$1T$2Z');

/** Equal within what two decimals of the printed unit allow on each side. */
function expectWithin(actual: number | null | undefined, printed: string, factor: number, slack = 1): void {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - Number(printed) * factor)).toBeLessThanOrEqual(0.005 * factor * slack + 1e-6);
}

const sampleAt = (samples: SadfSample[], iso: string): SadfSample => {
  const sample = samples.find((candidate) => candidate.timestamp?.iso === iso);
  if (sample === undefined) throw new Error(`no sample at ${iso}`);
  return sample;
};

describe('sadf fixtures', () => {
  it('has fixture pairs', () => {
    expect(inputs.length).toBeGreaterThan(0);
  });

  it.each(inputs)('%s matches its committed expected result', async (name) => {
    const output = parseSadf(read(name), { name });
    const expected = name.replace(/\.input\.[a-z]+$/, '.expected.json');
    await expect(JSON.stringify(output, null, 2)).toMatchFileSnapshot(join(FIXTURES, expected));
  });

  it('reads the header, the restart and the comment as printed', () => {
    const text = read(`${DISKS}.input.json`);
    const data = hostOf(`${DISKS}.input.json`);
    expect(data.host.host).toBe(/"nodename": "([^"]*)"/.exec(text)?.[1]);
    expect(data.host.cpuCount).toBe(Number(/"number-of-cpus": (\d+)/.exec(text)?.[1]));
    expect(data.host.fileDate).toBe(/"file-date": "([^"]*)"/.exec(text)?.[1]);
    expect(data.host.fileUtcTime).toBe(/"file-utc-time": "([^"]*)"/.exec(text)?.[1]);
    expect(data.host.timezone).toBe('UTC');
    const boot = /"boot": \{"date": "([^"]+)", "time": "([^"]+)", "utc": 1, "cpu_count": (\d+)\}/.exec(text);
    expect(data.restarts).toEqual([
      {
        time: { date: boot?.[1], time: boot?.[2], isUtc: true, zone: null, iso: `${boot?.[1]}T${boot?.[2]}Z` },
        cpuCount: Number(boot?.[3]),
      },
    ]);
    expect(data.comments.map((comment) => comment.text)).toEqual([/"com": "([^"]*)"/.exec(text)?.[1]]);
    expect(data.samples).toHaveLength([...text.matchAll(/"timestamp": /g)].length);
    expect(data.unreadSections).toEqual([]);
  });

  it('reads the disks of sadf -j as sadf -d prints them for the same data file', () => {
    const data = hostOf(`${DISKS}.input.json`);
    const rows = sadfDRows(read(`${DISKS}.sadf-d.txt`), 'DEV');
    expect(rows.length).toBe(data.samples.reduce((sum, sample) => sum + sample.disks.length, 0));
    for (const row of rows) {
      const sample = sampleAt(data.samples, isoOf(row.timestamp as string));
      expect(sample.intervalSec).toBe(Number(row.interval));
      const disk = sample.disks.find((candidate) => candidate.device === row.DEV);
      expect(disk, `${row.DEV} at ${row.timestamp}`).toBeDefined();
      expect(disk?.tps).toBe(Number(row.tps));
      // JSON gives sectors/s (read here), sadf -d kB/s: each rounded to two decimals.
      expectWithin(disk?.readBytesPerSec, row['rkB/s'] as string, 1024, 2);
      expectWithin(disk?.writeBytesPerSec, row['wkB/s'] as string, 1024, 2);
      expectWithin(disk?.discardBytesPerSec, row['dkB/s'] as string, 1024, 2);
      expectWithin(disk?.requestSizeBytes, row['areq-sz'] as string, 1024, 2);
      expect(disk?.queueLength).toBe(Number(row['aqu-sz']));
      expect(disk?.awaitNs).toBeCloseTo(Number(row.await) * 1e6, 3);
      expect(disk?.utilPercent).toBe(Number(row['%util']));
      expect(disk?.svctmNs).toBeNull();
    }
  });

  it('reads the CPU and io sections as sadf -d prints them for the same data file', () => {
    const data = hostOf(`${DISKS}.input.json`);
    for (const row of sadfDRows(read(`${DISKS}.sadf-d.txt`), '%iowait')) {
      const cpu = sampleAt(data.samples, isoOf(row.timestamp as string)).cpus[0];
      expect(row.CPU).toBe('-1');
      expect(cpu?.cpu).toBe('all');
      expect(cpu?.userPercent).toBe(Number(row['%user']));
      expect(cpu?.systemPercent).toBe(Number(row['%system']));
      expect(cpu?.iowaitPercent).toBe(Number(row['%iowait']));
      expect(cpu?.stealPercent).toBe(Number(row['%steal']));
      expect(cpu?.idlePercent).toBe(Number(row['%idle']));
    }
    for (const row of sadfDRows(read(`${DISKS}.sadf-d.txt`), 'rtps')) {
      const io = sampleAt(data.samples, isoOf(row.timestamp as string)).io;
      expect(io?.tps).toBe(Number(row.tps));
      expect(io?.readTps).toBe(Number(row.rtps));
      expect(io?.writeTps).toBe(Number(row.wtps));
      expect(io?.discardTps).toBe(Number(row.dtps));
      expect(io?.readBytesPerSec).toBeCloseTo(Number(row['bread/s']) * 512, 6);
      expect(io?.writeBytesPerSec).toBeCloseTo(Number(row['bwrtn/s']) * 512, 6);
      expect(io?.discardBytesPerSec).toBeCloseTo(Number(row['bdscd/s']) * 512, 6);
    }
  });

  it('reads -u ALL -P ALL for every CPU as sadf -d prints it', () => {
    const data = hostOf(`${CPUS}.input.json`);
    const rows = sadfDRows(read(`${CPUS}.sadf-d.txt`), '%usr');
    expect(rows.length).toBe(data.samples.reduce((sum, sample) => sum + sample.cpus.length, 0));
    for (const row of rows) {
      const id = row.CPU === '-1' ? 'all' : row.CPU;
      const cpu = sampleAt(data.samples, isoOf(row.timestamp as string)).cpus.find((c) => c.cpu === id);
      expect(cpu).toMatchObject({
        usrPercent: Number(row['%usr']),
        nicePercent: Number(row['%nice']),
        sysPercent: Number(row['%sys']),
        iowaitPercent: Number(row['%iowait']),
        stealPercent: Number(row['%steal']),
        irqPercent: Number(row['%irq']),
        softPercent: Number(row['%soft']),
        guestPercent: Number(row['%guest']),
        gnicePercent: Number(row['%gnice']),
        idlePercent: Number(row['%idle']),
        userPercent: null,
        systemPercent: null,
      });
    }
  });

  it('gives -T local times without an offset, and lists the sections it does not read', () => {
    const text = read(`${ALL}.input.json`);
    const data = hostOf(`${ALL}.input.json`);
    const stamp = /"timestamp": \{"date": "([^"]+)", "time": "([^"]+)", "utc": 0/.exec(text);
    expect(data.samples[0]?.timestamp).toEqual({
      date: stamp?.[1],
      time: stamp?.[2],
      isUtc: false,
      zone: null,
      iso: `${stamp?.[1]}T${stamp?.[2]}`,
    });
    // Every member of a statistics entry but those read, in first-seen order.
    const statistics = text.slice(0, text.indexOf('"restarts"'));
    const members = [...statistics.matchAll(/^\t{5}"([a-z-]+)": /gm)].map((match) => match[1]);
    const unread = [...new Set(members)].filter(
      (name) => !['timestamp', 'cpu-load', 'disk', 'io'].includes(name as string),
    );
    expect(data.unreadSections).toEqual(unread);
    expect(data.unreadSections).toContain('memory');
    const firstEntry = text.slice(
      text.indexOf('"statistics"'),
      text.indexOf('"timestamp"', text.indexOf('"timestamp"') + 1),
    );
    const devices = [...firstEntry.matchAll(/"disk-device": "([^"]+)"/g)].map((match) => match[1]);
    expect(data.samples[0]?.disks.map((disk) => disk.device)).toEqual(devices);
  });

  it('makes iostat-named measurements labelled device, cpu, sample and time', () => {
    const output = parseSadf(read(`${DISKS}.input.json`));
    const text = read(`${DISKS}.input.json`);
    const vda =
      /\{"disk-device": "vda", "tps": ([\d.]+), "rd_sec": ([\d.]+), "wr_sec": ([\d.]+)[^}]*"await": ([\d.]+), "util-percent": ([\d.]+)\}/.exec(
        text,
      );
    const time = /"timestamp": \{"date": "([^"]+)", "time": "([^"]+)"/.exec(text);
    const labels = { device: 'vda', sample: '0', time: `${time?.[1]}T${time?.[2]}Z` };
    const of = (metric: string) =>
      output.measurements.find((m) => m.metric === metric && m.labels.device === 'vda' && m.labels.sample === '0');
    expect(of('tps')).toEqual({ tool: 'sadf', metric: 'tps', unit: 'op/s', value: Number(vda?.[1]), labels });
    expect(of('read.bw')).toMatchObject({ unit: 'B/s', value: Number(vda?.[2]) * 512 });
    expect(of('write.bw')).toMatchObject({ unit: 'B/s', value: Number(vda?.[3]) * 512 });
    expect(of('await')).toMatchObject({ unit: 'ns' });
    expect(of('await')?.value).toBeCloseTo(Number(vda?.[4]) * 1e6, 3);
    expect(of('%util')).toMatchObject({ unit: '%', value: Number(vda?.[5]) });
    const user = output.measurements.find((m) => m.metric === 'cpu.%user' && m.labels.sample === '0');
    expect(user).toMatchObject({ unit: '%', labels: { cpu: 'all', sample: '0' } });
    expect(new Set(output.measurements.map((m) => m.unit))).toEqual(new Set(['%', 'op/s', 'B/s', 'B', 'count', 'ns']));
  });
});
