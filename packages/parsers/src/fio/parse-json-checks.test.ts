import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { parse } from '../index.ts';
import { parseFio } from './index.ts';

/**
 * What JSON.parse hides in a fio JSON document (issue 34): numbers fio cannot print (`1e309`
 * becomes Infinity, a negative bandwidth), percentile keys that are not percentiles, keys an
 * object repeats, and a document pasted twice. Each case is a real output changed at one field;
 * the expected line and column are read off the changed text.
 */

const corpus = (name: string) => readCorpusFile(corpusDir(), `fio/${name}`).text;
const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/fio/${name}`, import.meta.url), 'utf8').replace(/\r\n/g, '\n');

/** The 1-based line and column of `offset` in `text`. */
function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** `text` with the `nth` (0-based) occurrence of `from` replaced by `to`, and where `to` starts. */
function replaceAt(text: string, from: string, to: string, nth = 0): { text: string; offset: number } {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(from, offset + 1);
  if (offset === -1) throw new Error(`no ${from} in the text`);
  return { text: text.slice(0, offset) + to + text.slice(offset + from.length), offset };
}

// fio 3.26, job "rw_4k": `"iops" : 10937.663735,` is the read direction's, line 38.
const VC = 'virtualclient__fio-3.26-json-randrw-4k.json';

describe('a number fio cannot print in fio JSON', () => {
  it.each([
    ['an iops of 1e309 (Infinity to JSON.parse)', '"iops" : ', '1e309'],
    ['a negative bandwidth', '"bw_bytes" : ', '-44800638'],
    ['a negative runtime', '"runtime" : ', '-1'],
    ['a clat mean of -1e309', '"mean" : ', '-1e309'],
    ['a CPU percentage above a double', '"usr_cpu" : ', '1e999'],
  ])('is BAD_NUMBER at the value: %s', (_case, key, value) => {
    const text = corpus(VC);
    const keyAt = text.indexOf(key);
    expect(keyAt).toBeGreaterThan(-1);
    const valueAt = keyAt + key.length;
    const valueEnd = valueAt + (/^[-\d.eE+]+/.exec(text.slice(valueAt))?.[0].length ?? 0);
    const changed = text.slice(0, valueAt) + value + text.slice(valueEnd);
    expect(catchParseError(() => parseFio(changed))).toMatchObject({
      code: 'BAD_NUMBER',
      ...positionOf(changed, valueAt),
    });
  });

  it('is BAD_NUMBER at a percentile latency of 1e309, and at a json+ bin count of 1e309', () => {
    const text = corpus(VC);
    const percentile = replaceAt(text, '"99.000000" : ', '"99.000000" : 1e309, "x" : ');
    // The changed text keeps JSON valid: the old value follows under a key of its own.
    const percentileAt = percentile.offset + '"99.000000" : '.length;
    expect(catchParseError(() => parseFio(percentile.text))).toMatchObject({
      code: 'BAD_NUMBER',
      ...positionOf(percentile.text, percentileAt),
    });
    const plus = fixture('fio-3.33--randrw-2jobs-direct.jsonplus.json');
    const firstBin = /"bins" : \{\n\s+"\d+" : (\d+)/.exec(plus);
    const count = firstBin?.[1] ?? '';
    const countAt = (firstBin?.index ?? 0) + (firstBin?.[0].length ?? 0) - count.length;
    const changed = `${plus.slice(0, countAt)}1e309${plus.slice(countAt + count.length)}`;
    expect(catchParseError(() => parseFio(changed))).toMatchObject({
      code: 'BAD_NUMBER',
      ...positionOf(changed, countAt),
    });
  });

  it('is BAD_NUMBER at a percentile key that is not a percentile', () => {
    for (const key of ['"1e309"', '"101.000000"', '"NaN"', '" 99.0"']) {
      const { text, offset } = replaceAt(corpus(VC), '"99.000000"', key);
      expect(catchParseError(() => parseFio(text))).toMatchObject({ code: 'BAD_NUMBER', ...positionOf(text, offset) });
    }
  });

  it('keeps a negative steady-state slope, which fio prints', () => {
    const text = fixture('fio-3.33--steadystate.normal-json.txt');
    const { text: changed } = replaceAt(text, '"slope" : ', '"slope" : -');
    const job = parseFio(changed).result.runs[0]?.jobs[0];
    const printed = /"slope" : -([\d.]+)/.exec(changed)?.[1];
    expect(job?.steadyState?.slope).toBe(-Number(printed));
  });
});

describe('keys a fio JSON object repeats', () => {
  it('warns DUPLICATE_KEY at the repeated key, and reads its last value as JSON does', () => {
    const text = corpus(VC);
    // `"iops" : 10937.663735,` of the read direction, then the same key again with 1.5.
    const { text: changed, offset } = replaceAt(text, '"iops" : ', '"iops" : 1.5,\n        "iops" : ');
    const secondAt = offset + '"iops" : 1.5,\n        '.length;
    const output = parseFio(changed);
    expect(output.warnings).toEqual([
      expect.objectContaining({ code: 'DUPLICATE_KEY', ...positionOf(changed, secondAt) }),
    ]);
    const printed = /"iops" : ([\d.]+)/.exec(text)?.[1];
    expect(output.result.runs[0]?.jobs[0]?.read?.iops).toBe(Number(printed));
  });

  it('reads the fio 3.1 percentiles with the "0.00" padding fio repeats (axboe/fio#511), without a warning', () => {
    const text = corpus('gvisor__fio-3.1-json-seqwrite-dup-pct-keys.json');
    const output = parseFio(text);
    expect(output.warnings.map((w) => w.code)).not.toContain('DUPLICATE_KEY');
    const write = output.result.runs[0]?.jobs[0]?.write?.clat?.percentilesNs ?? {};
    // Lines 104-123: "1.000000" : 1736 ... "99.990000" : 17792, then "0.00" : 0 three times.
    expect(Object.keys(write)).toHaveLength(17);
    expect(write['1.00']).toBe(1736);
    expect(write['99.00']).toBe(6176);
    expect(write['99.99']).toBe(17792);
    expect(write['0.00']).toBeUndefined();
  });

  it('passes quietly over an option fio prints twice, as it was given twice', () => {
    // Lines 25-26: "filename" : ".../remote_disk_1_0/fio-test.dat", then ".../remote_disk_1_1/...".
    const vc = corpus('virtualclient__fio-3.26-git-json-readwrite-256k.json');
    expect(vc.match(/"filename" : /g)).toHaveLength(2);
    expect(parseFio(vc).warnings.map((w) => w.code)).not.toContain('DUPLICATE_KEY');
    // fio 3.7 --client: "global options" lists "bs" : "4k" and the others twice over.
    const pbench = corpus('pbench__fio-3.7-client-server-json-with-preamble.txt');
    expect(parseFio(pbench).warnings.map((w) => w.code)).not.toContain('DUPLICATE_KEY');
  });

  it('warns when the repeated "0.00" percentile key is not fio\'s zero padding', () => {
    const text = corpus('gvisor__fio-3.1-json-seqwrite-dup-pct-keys.json');
    // The write clat percentiles' last padding slot (line 123) given a latency.
    const { text: changed, offset } = replaceAt(text, '"0.00" : 0', '"0.00" : 5', 5);
    expect(parseFio(changed).warnings).toEqual([
      expect.objectContaining({ code: 'DUPLICATE_KEY', ...positionOf(changed, offset) }),
    ]);
  });
});

describe('one fio JSON document pasted twice', () => {
  it('is read once, with DUPLICATE_RUN at the second copy', () => {
    const text = corpus(VC);
    const once = parse(text, { tool: 'fio' });
    const twice = parse(`${text}\n${text}`, { tool: 'fio' });
    expect(twice.measurements).toEqual(once.measurements);
    const secondAt = text.length + 1 + text.indexOf('{');
    expect(twice.warnings).toEqual([
      expect.objectContaining({ code: 'DUPLICATE_RUN', ...positionOf(`${text}\n${text}`, secondAt) }),
    ]);
  });

  it('is read once when the copy is re-indented', () => {
    const text = corpus(VC);
    const copy = text.replace(/\n {2}/g, '\n\t');
    const twice = parse(`${text}\n${copy}`, { tool: 'fio' });
    expect(twice.measurements).toEqual(parse(text, { tool: 'fio' }).measurements);
    expect(twice.warnings.map((w) => w.code)).toEqual(['DUPLICATE_RUN']);
  });

  it('is read once in a mixed output (normal and JSON) pasted twice', () => {
    const text = fixture('fio-3.33--steadystate.normal-json.txt');
    const once = parse(text, { tool: 'fio' });
    const twice = parse(`${text}${text}`, { tool: 'fio' });
    expect(twice.measurements).toEqual(once.measurements);
    expect(twice.warnings.map((w) => w.code)).toEqual(['DUPLICATE_RUN']);
  });

  it('keeps the reports of --status-interval, documents of the same jobs with their own figures', () => {
    const text = fixture('fio-3.33--status-interval.normal-json.txt');
    expect(parse(text, { tool: 'fio' }).warnings.map((w) => w.code)).not.toContain('DUPLICATE_RUN');
  });
});

describe('a mixed fio output cut inside its JSON document', () => {
  it.each([
    ['fio-3.33--unified-rw-mixed.terse-json-normal.txt', 'terse lines, then JSON'],
    ['fio-3.33--dev-full.json-then-stderr.txt', 'an error line, then JSON'],
  ])("is TRUNCATED at the cut even before the keys that name it fio's: %s (%s)", (name) => {
    const text = fixture(name);
    const open = text.indexOf('\n{\n') + 1;
    // Cut after the `{` line, and after the `"fio version"` line that follows it.
    for (const end of [open + 2, text.indexOf('\n', open + 2) + 1]) {
      const cut = text.slice(0, end);
      expect(catchParseError(() => parse(cut, { tool: 'fio' }))).toMatchObject({
        code: 'TRUNCATED',
        line: cut.split('\n').length,
      });
    }
  });
});
