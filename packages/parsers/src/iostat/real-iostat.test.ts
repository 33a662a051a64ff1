import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { columnSpec } from './columns.ts';
import { parseIostat } from './index.ts';
import { deviceValue, deviceValues } from './values.ts';

const run = promisify(execFile);
const IOSTAT = ['/usr/bin/iostat', '/bin/iostat'].find((path) => existsSync(path));
if (IOSTAT === undefined && process.env.CI) throw new Error('iostat (sysstat) is not installed, and CI needs it');
const describeReal = IOSTAT === undefined ? describe.skip : describe;
const title = IOSTAT === undefined ? 'real iostat (skipped: sysstat is not installed)' : 'real iostat 12.6';

/** The runs, two reports each at one-second intervals, started together to keep the file fast. */
const RUNS: Record<string, { args: string[]; env?: Record<string, string> }> = {
  'x-t-k': { args: ['-x', '-t', '-k', '1', '2'] },
  'd-m-p': { args: ['-d', '-m', '-p', 'ALL', '1', '2'] },
  c: { args: ['-c', '1', '2'] },
  'x-y-z-N': { args: ['-x', '-y', '-z', '-N', '1', '2'] },
  'x-s': { args: ['-x', '-s', '1', '2'] },
  'd-h': { args: ['-d', '-h', '1', '2'] },
  json: { args: ['-o', 'JSON', '-x', '-t', '1', '2'] },
  iso: { args: ['-t', '1', '2'], env: { S_TIME_FORMAT: 'ISO' } },
};

const locales = (spawnSync('locale', ['-a'], { encoding: 'utf8' }).stdout ?? '').split('\n');
const hasLocale = (name: string) => locales.some((line) => line.toLowerCase() === `${name.toLowerCase()}.utf8`);
const hasFrench = hasLocale('fr_FR');
const hasGerman = hasLocale('de_DE');
const localeSkip = (name: string, has: boolean) =>
  has ? '' : ` (skipped: the ${name}.UTF-8 locale is missing; localedef -i ${name} -f UTF-8 ${name}.UTF-8)`;

/** The runs in other locales: decimal commas (LC_NUMERIC) and `%x` dates (LC_TIME). */
const LOCALE_RUNS: Record<string, { args: string[]; env: Record<string, string> }> = {
  ...(hasFrench && {
    'fr-x-t': { args: ['-x', '-t', '1', '2'], env: { LC_ALL: 'fr_FR.UTF-8' } },
    'fr-json': { args: ['-o', 'JSON', '-d', '-t', '1', '2'], env: { LC_ALL: 'fr_FR.UTF-8' } },
  }),
  ...(hasGerman && {
    'de-d-h': { args: ['-d', '-h', '1', '2'], env: { LC_ALL: 'de_DE.UTF-8' } },
    'de-numeric-x-t': { args: ['-x', '-t', '1', '2'], env: { LC_ALL: '', LANG: 'C', LC_NUMERIC: 'de_DE.UTF-8' } },
  }),
};

const outputs: Promise<Record<string, string>> =
  IOSTAT === undefined
    ? Promise.resolve({})
    : Promise.all(
        Object.entries({ ...RUNS, ...LOCALE_RUNS }).map(async ([name, { args, env }]) => {
          const { stdout } = await run(IOSTAT, args, { env: { ...process.env, LC_ALL: 'C', ...env } });
          return [name, stdout] as const;
        }),
      ).then(Object.fromEntries);

/**
 * Reads the device tables of a text output back with a plain split, independently of the parser:
 * per report, device → column name → the printed token.
 */
function printedTables(text: string): Map<string, string>[] {
  const reports: Map<string, string>[] = [];
  let header: string[] | null = null;
  let isPretty = false;
  for (const line of text.split('\n')) {
    const tokens = line.trim().split(/\s+/);
    if (tokens[0] === 'Device' || tokens.at(-1) === 'Device') {
      isPretty = tokens[0] !== 'Device';
      header = isPretty ? tokens.slice(0, -1) : tokens.slice(1);
      reports.push(new Map());
    } else if (line.trim() === '') {
      header = null;
    } else if (header !== null) {
      const name = (isPretty ? tokens.at(-1) : tokens[0]) as string;
      const values = isPretty ? tokens.slice(0, -1) : tokens.slice(1);
      for (const [index, column] of header.entries()) reports.at(-1)?.set(`${name} ${column}`, values[index] as string);
    }
  }
  return reports;
}

/** A printed token in base units: a human suffix is a power of 1024 bytes, else the column's factor. */
function tokenValue(printed: string, column: string): number {
  // In a decimal-comma locale `0,21` is 0.21 (iostat never groups thousands).
  const token = printed.replace(',', '.');
  const letter = token.at(-1) as string;
  const bytes: Record<string, number> = { s: 512, B: 1, k: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };
  if (letter in bytes) return Number(token.slice(0, -1)) * (bytes[letter] as number);
  if (letter === '%') return Number(token.slice(0, -1));
  return Number(token) * columnSpec(column).factor;
}

function expectSameAsPrinted(name: string, text: string): void {
  const { reports } = parseIostat(text).result;
  const printed = printedTables(text);
  expect(reports.length, name).toBe(2);
  expect(printed.length, name).toBe(reports.length);
  for (const [index, report] of reports.entries()) {
    for (const row of report.devices) {
      for (const column of report.columns) {
        const token = printed[index]?.get(`${row.device} ${column.name}`) as string;
        expect(deviceValue(report, row, column.metric), `${name} ${row.device} ${column.name}`).toBeCloseTo(
          tokenValue(token, column.name),
          6,
        );
      }
    }
  }
}

describeReal(title, () => {
  it.each(['x-t-k', 'd-m-p', 'x-y-z-N', 'x-s', 'd-h'])('iostat %s: every value as printed', async (name) => {
    expectSameAsPrinted(name, (await outputs)[name] as string);
  });

  it('iostat -x -t -k: timestamps on both reports, the first since boot', async () => {
    const { reports, host } = parseIostat((await outputs)['x-t-k'] as string).result;
    expect(host?.cpuCount).toBeGreaterThan(0);
    expect(reports.map((r) => r.isSinceBoot)).toEqual([true, false]);
    for (const report of reports) expect(report.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('iostat -c: avg-cpu only, values adding up to about 100 %', async () => {
    const { reports } = parseIostat((await outputs).c as string).result;
    expect(reports).toHaveLength(2);
    for (const report of reports) {
      expect(report.devices).toEqual([]);
      const cpu = Object.values(report.cpu ?? {}) as number[];
      expect(cpu.reduce((a, b) => a + b, 0)).toBeCloseTo(100, -1);
    }
  });

  it('iostat -o JSON: the values of the JSON document', async () => {
    const text = (await outputs).json as string;
    const document = JSON.parse(text).sysstat.hosts[0];
    const { reports, host } = parseIostat(text).result;
    expect(host?.host).toBe(document.nodename);
    expect(reports).toHaveLength(2);
    for (const [index, report] of reports.entries()) {
      const statistics = document.statistics[index];
      expect(report.cpu?.idlePercent).toBe(statistics['avg-cpu'].idle);
      for (const disk of statistics.disk) {
        const row = report.devices.find((d) => d.device === disk.disk_device);
        const values: Record<string, number> = row === undefined ? {} : deviceValues(report, row);
        expect(values['r/s']).toBe(disk['r/s']);
        expect(values['read.bw']).toBeCloseTo(disk['rkB/s'] * 1024, 6);
        expect(values['%rrqm']).toBe(disk.rrqm);
        expect(values['%util']).toBe(disk.util);
        expect(values.w_await).toBeCloseTo(disk.w_await * 1e6, 3);
      }
    }
  });

  it('S_TIME_FORMAT=ISO: ISO dates in the banner and the timestamps', async () => {
    const { reports, host } = parseIostat((await outputs).iso as string).result;
    expect(host?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(host?.dateIso).toBe(host?.date);
    for (const report of reports)
      expect(report.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });
});

describeReal(`${title} in other locales`, () => {
  it.skipIf(!hasFrench)(
    `LC_ALL=fr_FR iostat -x -t: every value as printed with decimal commas${localeSkip('fr_FR', hasFrench)}`,
    async () => {
      const text = (await outputs)['fr-x-t'] as string;
      expect(text).toMatch(/^ +\d+,\d\d +\d+,\d\d/m);
      expectSameAsPrinted('fr-x-t', text);
    },
  );

  it.skipIf(!hasFrench)(
    `LC_ALL=fr_FR iostat -x -t: day-first dates, read as the banner and timestamps print them${localeSkip('fr_FR', hasFrench)}`,
    async () => {
      const text = (await outputs)['fr-x-t'] as string;
      const { host, reports } = parseIostat(text).result;
      const [, day, month, year] = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(host?.date ?? '') ?? [];
      expect(host?.dateIso).toBe(`${year}-${month}-${day}`);
      for (const report of reports) {
        const [, d, m, y, clock] = /^(\d\d)\/(\d\d)\/(\d{4}) (\d\d:\d\d:\d\d)$/.exec(report.timestampText ?? '') ?? [];
        expect(report.timestamp).toBe(`${y}-${m}-${d}T${clock}`);
      }
    },
  );

  it.skipIf(!hasFrench)(
    `LC_ALL=fr_FR iostat -o JSON: decimal points (iostat's JSON is C's), day-first dates${localeSkip('fr_FR', hasFrench)}`,
    async () => {
      const text = (await outputs)['fr-json'] as string;
      const document = JSON.parse(text).sysstat.hosts[0];
      const { host, reports } = parseIostat(text).result;
      const [, day, month, year] = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(document.date) ?? [];
      expect(host?.dateIso).toBe(`${year}-${month}-${day}`);
      for (const [index, report] of reports.entries()) {
        const [, d, m, y, clock] = /^(\d\d)\/(\d\d)\/(\d{4}) (\S+)$/.exec(document.statistics[index].timestamp) ?? [];
        expect(report.timestamp).toBe(`${y}-${m}-${d}T${clock}`);
        for (const disk of document.statistics[index].disk) {
          const row = report.devices.find((d) => d.device === disk.disk_device);
          expect(row === undefined ? null : deviceValue(report, row, 'tps')).toBe(disk.tps);
        }
      }
    },
  );

  it.skipIf(!hasGerman)(
    `LC_ALL=de_DE iostat -d -h: human sizes with decimal commas (1,5k) as printed${localeSkip('de_DE', hasGerman)}`,
    async () => {
      expectSameAsPrinted('de-d-h', (await outputs)['de-d-h'] as string);
    },
  );

  it.skipIf(!hasGerman)(
    `LC_NUMERIC=de_DE alone: decimal commas with the C locale's dates${localeSkip('de_DE', hasGerman)}`,
    async () => {
      const text = (await outputs)['de-numeric-x-t'] as string;
      expectSameAsPrinted('de-numeric-x-t', text);
      const { host, reports } = parseIostat(text).result;
      const [, month, day, year] = /^(\d\d)\/(\d\d)\/(\d\d)$/.exec(host?.date ?? '') ?? [];
      expect(host?.dateIso).toBe(`20${year}-${month}-${day}`);
      expect(reports.every((report) => report.timestamp?.startsWith(`20${year}-${month}-${day}T`))).toBe(true);
    },
  );
});
