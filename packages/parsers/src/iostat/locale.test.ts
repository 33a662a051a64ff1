import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { checkParserProperty } from '../../test/properties.ts';
import { columnSpec } from './columns.ts';
import { parseIostat, parseIostatStream } from './index.ts';
import { chooseDateOrder, DECIMAL_COMMA, DECIMAL_POINT, decimalMarkIn } from './locale.ts';
import { deviceValue } from './values.ts';

const FIXTURES = new URL('../../fixtures/iostat/', import.meta.url);

function fixture(name: string): string {
  return readFileSync(new URL(`sysstat-12.6.1--${name}`, FIXTURES), 'utf8');
}

/**
 * The device tables of a text output read back with a plain split, independently of the parser:
 * per report (a Device header), `device column` -> the printed token.
 */
function printedTables(text: string): Map<string, string>[] {
  const reports: Map<string, string>[] = [];
  let header: string[] | null = null;
  for (const line of text.split(/\r?\n/)) {
    const tokens = line.trim().split(/\s+/);
    if (tokens[0] === 'Device') {
      header = tokens.slice(1);
      reports.push(new Map());
    } else if (line.trim() === '' || line.includes('^C')) {
      header = null;
    } else if (header !== null) {
      for (const [index, column] of header.entries())
        reports.at(-1)?.set(`${tokens[0]} ${column}`, tokens[index + 1] as string);
    }
  }
  return reports;
}

/** The avg-cpu value lines as printed, split. */
function printedCpu(text: string): string[][] {
  const lines = text.split(/\r?\n/);
  return lines.flatMap((line, index) =>
    line.startsWith('avg-cpu:') ? [(lines[index + 1] ?? '').trim().split(/\s+/)] : [],
  );
}

/** A printed decimal-comma token in base units: `6894,37` under rkB/s is 6894.37 KiB/s. */
function commaValue(token: string, column: string): number {
  expect(token).toMatch(/^\d+(?:,\d+)?$/);
  return Number(token.replace(',', '.')) * columnSpec(column).factor;
}

/** Every device value of the complete reports equals its printed token. */
function expectValuesAsPrinted(text: string, reportCount: number): void {
  const { reports } = parseIostat(text).result;
  const printed = printedTables(text);
  expect(reports).toHaveLength(reportCount);
  for (const [index, report] of reports.entries()) {
    expect(report.devices.length).toBeGreaterThan(0);
    for (const row of report.devices) {
      for (const column of report.columns) {
        const token = printed[index]?.get(`${row.device} ${column.name}`) as string;
        expect(deviceValue(report, row, column.metric), `${row.device} ${column.name}`).toBeCloseTo(
          commaValue(token, column.name),
          6,
        );
      }
    }
  }
}

describe('iostat in decimal-comma locales (sysstat 12.6.1 fixtures)', () => {
  it('LC_ALL=fr_FR -x -t: every device value is the printed decimal-comma number', () => {
    expectValuesAsPrinted(fixture('fr_FR-x-t.input.txt'), 2);
  });

  it('LC_ALL=fr_FR -x -t: avg-cpu values read with their comma (47,54 is 47.54, not 4754 nor two values)', () => {
    const text = fixture('fr_FR-x-t.input.txt');
    const { reports } = parseIostat(text).result;
    for (const [index, tokens] of printedCpu(text).entries()) {
      const cpu = reports[index]?.cpu;
      expect([
        cpu?.userPercent,
        cpu?.nicePercent,
        cpu?.systemPercent,
        cpu?.iowaitPercent,
        cpu?.stealPercent,
        cpu?.idlePercent,
      ]).toEqual(tokens.map((token) => Number(token.replace(',', '.'))));
    }
  });

  it('LC_ALL=fr_FR: the banner date 24/11/2026 and the timestamps are read day first', () => {
    const text = fixture('fr_FR-x-t.input.txt');
    const output = parseIostat(text);
    expect(output.result.host?.date).toBe('24/11/2026');
    expect(output.result.host?.dateIso).toBe('2026-11-24');
    for (const report of output.result.reports) {
      const [, day, month, year, clock] = /^(\d\d)\/(\d\d)\/(\d{4}) (\S+)$/.exec(report.timestampText ?? '') ?? [];
      expect(report.timestamp).toBe(`${year}-${month}-${day}T${clock}`);
    }
    expect(output.warnings).toEqual([]);
  });

  it('LC_ALL=de_DE -t -k -p ALL: decimal commas and the dotted date 24.11.2026', () => {
    const text = fixture('de_DE-t-k-p-all.input.txt');
    expectValuesAsPrinted(text, 2);
    const { host, reports } = parseIostat(text).result;
    expect(host?.dateIso).toBe('2026-11-24');
    expect(reports[0]?.timestampText).toMatch(/^24\.11\.2026 /);
    expect(reports[0]?.timestamp).toMatch(/^2026-11-24T/);
  });

  it('LC_NUMERIC=de_DE alone: decimal commas with the C locale dates (11/24/26, month first)', () => {
    const text = fixture('lc-numeric-de_DE-x-t.input.txt');
    expectValuesAsPrinted(text, 2);
    const { host, reports } = parseIostat(text).result;
    expect(host?.dateIso).toBe('2026-11-24');
    expect(reports.every((report) => report.timestamp?.startsWith('2026-11-24T'))).toBe(true);
  });

  it('LC_TIME=fr_FR alone: decimal points with day-first dates', () => {
    const text = fixture('lc-time-fr_FR-t.input.txt');
    const output = parseIostat(text);
    expect(output.result.host?.dateIso).toBe('2026-11-24');
    expect(output.result.reports.map((report) => report.timestamp?.slice(0, 10))).toEqual(['2026-11-24', '2026-11-24']);
    const tokens = printedCpu(text)[0] as string[];
    expect(output.result.reports[0]?.cpu?.userPercent).toBe(Number(tokens[0]));
  });

  it('the since-boot report read in C and then in fr_FR agrees within the printed precision', () => {
    const c = parseIostat(fixture('since-boot-C.input.txt')).result.reports[0];
    const fr = parseIostat(fixture('since-boot-fr_FR.input.txt')).result.reports[0];
    expect(fr?.columns).toEqual(c?.columns);
    expect(fr?.devices.map((d) => d.device)).toEqual(c?.devices.map((d) => d.device));
    for (const [index, device] of (c?.devices ?? []).entries()) {
      for (const [k, column] of (c?.columns ?? []).entries()) {
        const a = device.values[k] as number;
        const b = fr?.devices[index]?.values[k] as number;
        // Two runs a few milliseconds apart: the counters since boot may move a little.
        const printedStep =
          (column.name.endsWith('/s') || column.name === 'tps' ? 0.01 : 1) * columnSpec(column.name).factor;
        expect(Math.abs(a - b), `${device.device} ${column.name}`).toBeLessThanOrEqual(
          Math.max(printedStep, Math.abs(a) * 1e-4),
        );
      }
    }
  });

  it('a number with a decimal point in a decimal-comma output is a BAD_NUMBER, never a guess', () => {
    const text = fixture('fr_FR-x-t.input.txt');
    const lines = text.split('\n');
    const row = lines.findIndex((line) => /^vda /.test(line));
    const column = (lines[row] as string).search(/\d+,\d\d/);
    lines[row] = (lines[row] as string).replace(/(\d+),(\d\d)/, '$1.$2');
    const error = catchParseError(() => parseIostat(lines.join('\n')));
    expect(error).toMatchObject({ code: 'BAD_NUMBER', line: row + 1, column: column + 1 });
    expect(error.message).toContain('decimal comma');
  });

  it('LC_ALL=fr_FR -o JSON: numbers with points (iostat switches JSON to C), the date day first', () => {
    const text = fixture('fr_FR-json-x-t.input.json');
    const document = JSON.parse(text).sysstat.hosts[0];
    const output = parseIostat(text);
    expect(output.format).toBe('json');
    expect(document.date).toBe('24/11/2026');
    expect(output.result.host?.dateIso).toBe('2026-11-24');
    for (const [index, report] of output.result.reports.entries()) {
      const statistics = document.statistics[index];
      const [, day, month, year, clock] = /^(\d\d)\/(\d\d)\/(\d{4}) (\S+)$/.exec(statistics.timestamp) ?? [];
      expect(report.timestamp).toBe(`${year}-${month}-${day}T${clock}`);
      expect(report.cpu?.userPercent).toBe(statistics['avg-cpu'].user);
      for (const disk of statistics.disk) {
        const row = report.devices.find((d) => d.device === disk.disk_device);
        expect(row === undefined ? null : deviceValue(report, row, 'r/s')).toBe(disk['r/s']);
      }
    }
  });

  it('the stream reads a decimal-comma log as the whole-text parse does', async () => {
    const text = fixture('fr_FR-x-t.input.txt');
    const streamed = [];
    async function* halves(): AsyncGenerator<string> {
      yield text.slice(0, 700);
      yield text.slice(700);
    }
    for await (const report of parseIostatStream(halves())) streamed.push(report);
    expect(streamed).toEqual(parseIostat(text).result.reports);
  });
});

describe('iostat interrupted at a terminal (^C)', () => {
  it('complete reports then ^C: every report kept, not truncated, an INTERRUPTED warning at the ^C line', () => {
    const text = fixture('ctrl-c-fr_FR.input.txt');
    const lines = text.split('\n');
    const output = parseIostat(text);
    expect(output.result.reports).toHaveLength(printedCpu(text).length);
    expect(output.result.isTruncated).toBe(false);
    expect(output.warnings).toEqual([
      expect.objectContaining({ code: 'INTERRUPTED', line: lines.findIndex((line) => line.startsWith('^C')) + 1 }),
    ]);
    const last = output.result.reports.at(-1);
    const printed = printedTables(text).at(-1);
    for (const row of last?.devices ?? []) {
      expect(deviceValue(last as never, row, 'tps')).toBeCloseTo(
        commaValue(printed?.get(`${row.device} tps`) as string, 'tps'),
        6,
      );
    }
  });

  it('^C inside a device table: the complete reports kept, the cut one left out, TRUNCATED and INTERRUPTED', () => {
    const text = fixture('ctrl-c-inside-report.input.txt');
    const output = parseIostat(text);
    const started = printedCpu(text).length;
    expect(output.result.reports).toHaveLength(started - 1);
    expect(output.result.isTruncated).toBe(true);
    expect(output.warnings.map((warning) => warning.code)).toEqual(['TRUNCATED', 'INTERRUPTED']);
    // The kept reports have every device of the table printed before the cut.
    const devices = printedTables(text)[0]?.size;
    for (const report of output.result.reports) expect(report.devices.length * report.columns.length).toBe(devices);
  });
});

describe('the locale of an output, decided once (locale.ts)', () => {
  it('reads the decimal mark from the first number that has one', () => {
    expect(decimalMarkIn('          47,84    4,83', 0, 23)).toBe(DECIMAL_COMMA);
    expect(decimalMarkIn('loop0   809.37  119000362', 5, 25)).toBe(DECIMAL_POINT);
    expect(decimalMarkIn('vda   1913   347651674', 3, 22)).toBe(0);
  });

  it('takes the date order a day above 12 shows, else guesses and says so', () => {
    expect(chooseDateOrder(['24/11/2026'], DECIMAL_POINT)).toEqual({ order: 'day-first', warning: null });
    expect(chooseDateOrder(['11/24/26'], DECIMAL_COMMA)).toEqual({ order: 'month-first', warning: null });
    expect(chooseDateOrder(['05/11/26', '05/11/26 08:00:00'], DECIMAL_POINT)).toEqual({
      order: 'month-first',
      warning: null,
    });
    expect(chooseDateOrder(['05/11/2026'], DECIMAL_COMMA)).toMatchObject({
      order: 'day-first',
      warning: { code: 'DATE_ORDER_GUESSED' },
    });
    expect(chooseDateOrder(['05/11/2026'], DECIMAL_POINT)).toMatchObject({
      order: 'month-first',
      warning: { code: 'DATE_ORDER_GUESSED' },
    });
    // es_ES writes `%d/%m/%y`: with decimal commas a 2-digit year is day first too.
    expect(chooseDateOrder(['02/04/17'], DECIMAL_COMMA)).toMatchObject({
      order: 'day-first',
      warning: { code: 'DATE_ORDER_GUESSED', message: expect.stringContaining('2-digit years (es_ES)') },
    });
    expect(chooseDateOrder(['24.11.2026'], DECIMAL_COMMA)).toEqual({ order: 'month-first', warning: null });
    // -o JSON: the numbers are C's in every locale, so they tell nothing.
    expect(chooseDateOrder(['05/11/2026'], 0)).toMatchObject({
      order: 'month-first',
      warning: { message: expect.stringContaining('do not show its locale') },
    });
  });
});

describe('iostat locale and ^C fixtures under mutation', () => {
  it('gives a result or a ParseError for mutated and truncated localized and interrupted outputs', () => {
    const texts = readdirSync(FIXTURES)
      .filter((name) => name.endsWith('.input.txt'))
      .map((name) => readFileSync(new URL(name, FIXTURES), 'utf8'));
    checkParserProperty((input) => parseIostat(input, { format: 'text' }), texts, { numRuns: 150 });
  });
});
