import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { detect, parse } from '../index.ts';
import { detectSadf, parseSadf, type SadfHostData } from './index.ts';
import { _offsetOfJsonPath } from './json-position.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/sadf/', import.meta.url));
const fixture = readFileSync(join(FIXTURES, 'sysstat-12.6.1--d-p-u-b-C.input.json'), 'utf8');
const corpus = (name: string) => readCorpusFile(corpusDir(), `sadf/${name}`).text;
const hostOf = (text: string): SadfHostData => parseSadf(text).result.hosts[0] as SadfHostData;

/** 1-based line and column of the first occurrence of `needle` in `text`, plus `shift` characters. */
function positionOf(text: string, needle: string, shift = 0): { line: number; column: number } {
  const offset = text.indexOf(needle) + shift;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1) as string).length + 1 };
}

describe('detectSadf', () => {
  it('recognises every sadf -j output, made here or published', () => {
    for (const name of readdirSync(FIXTURES).filter((file) => file.endsWith('.input.json'))) {
      expect(detect(readFileSync(join(FIXTURES, name), 'utf8')), name).toMatchObject({ tool: 'sadf', format: 'json' });
    }
    for (const name of readdirSync(join(corpusDir(), 'sadf'))) {
      expect(detect(corpus(name)), name).toMatchObject({ tool: 'sadf', format: 'json' });
    }
  });

  it("leaves iostat's -o JSON to iostat, though it begins the same way", () => {
    for (const name of [
      'sysstat__v12.7-iostat-g-JSON.json',
      'sysstat__v12.7-iostat-x-p-ALL-JSON.json',
      'pkb__iostat-json-pretty.json',
    ]) {
      const text = readCorpusFile(corpusDir(), `iostat/${name}`).text;
      expect(detectSadf(text), name).toBeNull();
      expect(detect(text)?.tool, name).toBe('iostat');
    }
  });

  it('wins over iostat on a sadf -j output with a "disk" section, which iostat also claims', () => {
    expect(fixture).toContain('"disk": [');
    expect(parse(fixture).tool).toBe('sadf');
  });

  it('names the data file format of 10.x/11.x outputs as their version', () => {
    // The head of a sysstat 11.x output, as json_stats.c 11.2 prints it (sysdata-version).
    const head =
      '{"sysstat": {\n\t"sysdata-version": 2.15,\n\t"hosts": [\n\t\t{\n\t\t\t"nodename": "h",\n\t\t\t"file-date": "2017-12-31"';
    expect(detectSadf(head)).toMatchObject({ tool: 'sadf', version: '2.15' });
  });
});

describe('parseSadf on the published sadf -j of sysstat 12.7', () => {
  it('reads 12.7\'s "tz" timestamps, -u ALL CPUs, disks without rkB, restarts and a comment', () => {
    const text = corpus('sysstat__v12.7-sadf-j-C-A.json');
    const data = hostOf(text);
    expect(data.samples).toHaveLength([...text.matchAll(/"timestamp": /g)].length);
    const stamp = /"timestamp": \{"date": "([^"]+)", "time": "([^"]+)", "tz": "UTC", "interval": (\d+)\}/.exec(text);
    expect(data.samples[0]?.timestamp).toEqual({
      date: stamp?.[1],
      time: stamp?.[2],
      isUtc: true,
      zone: 'UTC',
      iso: `${stamp?.[1]}T${stamp?.[2]}Z`,
    });
    expect(data.samples[0]?.intervalSec).toBe(Number(stamp?.[3]));
    const all = /\{"cpu": "all", "usr": ([\d.]+), "nice": ([\d.]+), "sys": ([\d.]+)/.exec(text);
    expect(data.samples[0]?.cpus[0]).toMatchObject({
      cpu: 'all',
      usrPercent: Number(all?.[1]),
      nicePercent: Number(all?.[2]),
      sysPercent: Number(all?.[3]),
      userPercent: null,
    });
    const sda =
      /\{"disk-device": "sda", "tps": ([\d.]+), "rd_sec": ([\d.]+), "wr_sec": ([\d.]+), "dc_sec": ([\d.]+)/.exec(text);
    expect(data.samples[0]?.disks[0]).toMatchObject({
      device: 'sda',
      tps: Number(sda?.[1]),
      readBytesPerSec: Number(sda?.[2]) * 512,
      writeBytesPerSec: Number(sda?.[3]) * 512,
      discardBytesPerSec: Number(sda?.[4]) * 512,
    });
    expect(data.restarts).toHaveLength([...text.matchAll(/"boot": /g)].length);
    expect(data.comments.map((comment) => comment.text)).toEqual(
      [...text.matchAll(/"com": "([^"]*)"/g)].map((match) => match[1]),
    );
    expect(data.unreadSections).toContain('memory');
    expect(data.unreadSections).not.toContain('disk');
  });

  it('reads an output of sections it does not read as samples with their times only, and says which', () => {
    const data = hostOf(corpus('sysstat__v12.7-sadf-j-data-11.6.5.json'));
    expect(data.samples).toHaveLength(1);
    expect(data.samples[0]).toMatchObject({ cpus: [], disks: [], io: null, intervalSec: 46 });
    expect(data.unreadSections).toEqual(['power-management']);
    expect(data.host.timezone).toBe('');
    expect(parseSadf(corpus('sysstat__v12.7-sadf-j-data-11.6.5.json')).measurements).toEqual([]);
  });
});

describe('parseSadf errors', () => {
  it('gives EMPTY_INPUT for white space', () => {
    expect(catchParseError(() => parseSadf(' \n')).code).toBe('EMPTY_INPUT');
  });

  it('names the line and column of a value that is not a number', () => {
    const text = fixture.replace('"tps": 794.06', '"tps": "794.06"');
    const error = catchParseError(() => parseSadf(text));
    expect(error).toMatchObject({ code: 'BAD_NUMBER', tool: 'sadf', ...positionOf(text, '"tps": "794.06"', 7) });
  });

  it('names the line and column of a timestamp that is not one', () => {
    const text = fixture.replace('"time": "08:33:28"', '"time": "8.33"');
    const error = catchParseError(() => parseSadf(text));
    expect(error).toMatchObject({ code: 'SCHEMA_MISMATCH', ...positionOf(text, '"time": "8.33"', 8) });
  });

  it('gives TRUNCATED for a copy cut short, at its end', () => {
    const text = fixture.slice(0, fixture.indexOf('"restarts"'));
    const error = catchParseError(() => parseSadf(text));
    expect(error.code).toBe('TRUNCATED');
    expect(error.line).toBe(text.trimEnd().split('\n').length);
  });

  it('gives BAD_JSON where the JSON breaks', () => {
    const text = fixture.replace('"nice": 0.00, "system": 19.90', '"nice": 0.00 "system": 19.90');
    const error = catchParseError(() => parseSadf(text));
    expect(error).toMatchObject({ code: 'BAD_JSON', line: positionOf(text, '"nice": 0.00 "system"').line });
  });

  it('gives MISSING_SECTION for a host without statistics', () => {
    const error = catchParseError(() =>
      parseSadf('{"sysstat": {"hosts": [{"nodename": "h", "file-date": "2026-01-01"}]}}'),
    );
    // At the host object that lacks it.
    expect(error).toMatchObject({ code: 'MISSING_SECTION', line: 1, column: 24 });
  });

  it("gives UNKNOWN_FORMAT for JSON that is not sadf's", () => {
    expect(catchParseError(() => parseSadf('{"fio version": "fio-3.33"}')).code).toBe('UNKNOWN_FORMAT');
  });
});

describe('_offsetOfJsonPath', () => {
  it('finds the value along a path of keys and indexes, strings with escapes skipped', () => {
    const text = '{"a": [1, {"b\\"": "x]}", "c": [true, null, 3]}], "d": 4}';
    expect(text.slice(_offsetOfJsonPath(text, ['a', 1, 'c', 2]))).toMatch(/^3\]/);
    expect(text.slice(_offsetOfJsonPath(text, ['d']))).toBe('4}');
    // A key the object does not have: the object itself.
    expect(_offsetOfJsonPath(text, ['a', 1, 'missing'])).toBe(text.indexOf('{"b'));
  });
});
