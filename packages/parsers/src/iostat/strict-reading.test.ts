import { describe, expect, it } from 'vitest';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { builtinRegistry } from '../builtin.ts';
import { ParseError } from '../errors.ts';
import { parseIostat } from './index.ts';

/**
 * Issue 34: iostat's outputs know their end and their numbers are read strictly. Each case is a
 * real output (the sysstat test suite's expected outputs, the corpus) with one field changed or
 * one cut made, and the code, line and column the change must be reported at.
 */

function corpus(name: string): string {
  return readCorpusFile(corpusDir(), `iostat/${name}`).text;
}

/** 1-based line and column of `needle` (plus `shift` characters) in `text`. */
function positionOf(text: string, needle: string, shift = 0): { line: number; column: number } {
  const offset = text.indexOf(needle) + shift;
  expect(offset - shift, `"${needle}" in the text`).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1) as string).length + 1 };
}

function errorOf(run: () => unknown): ParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}

// sda              6.90    222.14     0.39   5.38   12.58    32.21    1.69 ... 0.10   0.46
const X = corpus('sysstat__v12.7-iostat-x.txt');
const SDA_ROW = X.split('\n').find((line) => line.startsWith('sda ')) as string;

describe('iostat text numbers', () => {
  it('a negative %util is BAD_NUMBER at its column', () => {
    const text = X.replace(SDA_ROW, SDA_ROW.replace(/0\.46$/, '-0.46'));
    expect(errorOf(() => parseIostat(text))).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '-0.46') });
  });

  it('a negative r/s is BAD_NUMBER at its column', () => {
    const text = X.replace(SDA_ROW, SDA_ROW.replace(' 6.90 ', '-6.90 '));
    expect(errorOf(() => parseIostat(text))).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '-6.90') });
  });

  it('trailing junk after a number (12.58x) is BAD_NUMBER at the number', () => {
    const text = X.replace(SDA_ROW, SDA_ROW.replace('12.58 ', '12.58x'));
    expect(errorOf(() => parseIostat(text))).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '12.58x') });
  });

  it('a negative avg-cpu value is BAD_NUMBER at its column', () => {
    const text = X.replace('  39.91 ', ' -39.91 ');
    expect(errorOf(() => parseIostat(text))).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '-39.91') });
  });
});

describe('iostat text: a report ends with its blank line', () => {
  it('a log cut after a row of its last device table is TRUNCATED at that row; the rows read are kept', () => {
    // The second report of `iostat -x 1 2`, cut after its sdb row (sdq, sdr and sds are lost).
    const secondSdb = X.indexOf('\nsdb ', X.indexOf('\nsdb ') + 1) + 1;
    const text = X.slice(0, X.indexOf('\n', secondSdb) + 1);
    const output = parseIostat(text);
    expect(output.result.reports.map((report) => report.devices.length)).toEqual([5, 2]);
    expect(output.result.isTruncated).toBe(true);
    expect(output.warnings).toContainEqual(
      // The last line, the second report's sdb row.
      expect.objectContaining({ code: 'TRUNCATED', line: text.split('\n').length - 1, column: 1 }),
    );
  });

  it('a log cut inside a row leaves that report out, TRUNCATED at the row', () => {
    const secondSdb = X.indexOf('\nsdb ', X.indexOf('\nsdb ') + 1) + 1;
    const text = X.slice(0, secondSdb + 20);
    const output = parseIostat(text);
    expect(output.result.reports).toHaveLength(1);
    expect(output.warnings).toContainEqual(
      expect.objectContaining({ code: 'TRUNCATED', line: text.split('\n').length }),
    );
  });

  it('the first report cut after its avg-cpu part is TRUNCATED, not a whole avg-cpu-only report', () => {
    const text = X.slice(0, X.indexOf('Device'));
    const output = parseIostat(text);
    expect(output.result.isTruncated).toBe(true);
    expect(output.warnings).toContainEqual(
      expect.objectContaining({ code: 'TRUNCATED', line: text.split('\n').length - 1 }),
    );
  });

  it('a real -c output, two blank lines after each report, is whole', () => {
    const output = parseIostat(corpus('sysstat__v12.7-iostat-ct.txt'));
    expect(output.result.isTruncated).toBe(false);
    expect(output.result.reports).toHaveLength(2);
  });

  it('a stray last line after a whole log: parse, parseStream and --ndjson keep the same reports', async () => {
    const log = readCorpusFile(corpusDir(), 'iostat/sysstat__v12.7-iostat-x.txt').text;
    // Longer than the registry's head, so that the stream is read as a stream.
    const long = `${log.repeat(Math.ceil((100 * 1024) / log.length))}root@host:~# \n`;
    const whole = builtinRegistry.parse(long, { tool: 'iostat' });
    const streamed: number[] = [];
    for await (const output of builtinRegistry.parseStream(
      (async function* () {
        yield long;
      })(),
      { tool: 'iostat' },
    )) {
      streamed.push(output.measurements.length);
    }
    const total = streamed.reduce((a, b) => a + b, 0);
    expect(total).toBe(whole.measurements.length);
    expect(total).toBeGreaterThan(0);
    expect(whole.warnings).toContainEqual(
      expect.objectContaining({ code: 'TRUNCATED', ...positionOf(long, 'root@host') }),
    );
  });
});

// {"disk_device": "sda", "r/s": 6.90, ... "aqu-sz": 0.10, "util": 0.46},
const JSON_X = corpus('sysstat__v12.7-iostat-x-p-ALL-JSON.json');

describe('iostat JSON numbers and keys', () => {
  it('1e309 (Infinity to JSON.parse) is BAD_NUMBER at the value', () => {
    const text = JSON_X.replace('"util": 0.46', '"util": 1e309');
    expect(errorOf(() => parseIostat(text))).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '1e309') });
  });

  it('a negative util is BAD_NUMBER at the value', () => {
    const text = JSON_X.replace('"util": 0.46', '"util": -0.46');
    expect(errorOf(() => parseIostat(text))).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '-0.46') });
  });

  it('a string where a number goes is BAD_NUMBER at the value, not at the start of the file', () => {
    const text = JSON_X.replace('"r/s": 6.90', '"r/s": "6.90"');
    expect(errorOf(() => parseIostat(text))).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, '"6.90"') });
  });

  it('a repeated key is a DUPLICATE_KEY warning at the second key; its last value is read', () => {
    const text = JSON_X.replace('"util": 0.46', '"util": 0.46, "util": 0.47');
    const output = parseIostat(text);
    expect(output.warnings).toContainEqual(
      expect.objectContaining({ code: 'DUPLICATE_KEY', ...positionOf(text, '"util": 0.47') }),
    );
    const sda = output.result.reports[0]?.devices.find((device) => device.device === 'sda');
    const util = output.result.reports[0]?.columns.findIndex((column) => column.metric === '%util') as number;
    expect(sda?.values[util]).toBe(0.47);
  });

  it('the real JSON outputs have no repeated key', () => {
    expect(parseIostat(JSON_X).warnings.map((warning) => warning.code)).not.toContain('DUPLICATE_KEY');
  });
});
