import { describe, expect, it } from 'vitest';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { corpusFiles } from '../../test/corpus.ts';
import { parseBonnie } from './index.ts';

/**
 * A cut bonnie++ output is an error or a TRUNCATED warning, never a shorter run that looks
 * whole (issue 34), and a bad number is an error at its column. Each case is a real output
 * (fixtures/corpus/bonnie) with one cut or one field changed.
 */

const corpus = (name: string): string => {
  const file = corpusFiles('bonnie').find((candidate) => candidate.name === name);
  if (file === undefined) throw new Error(`no corpus file ${name}`);
  return file.text;
};
// bonnie++ 1.97: I/O block, file block, CSV line (laura-dietz/wifo3-2).
const RAID6 = corpus('wifo3-2__bonnie-1.97-raid6-text-and-csv.txt');
const RAID6_LINES = RAID6.split('\n');
// bonnie++ 2.00a, the same shape, k/m/g rates in the table.
const WSL = corpus('chicken-house__bonnie-2.00a-wsl-text-and-csv.txt');
const CSV_196 = corpus('pkb__bonnie-1.96-csv.csv').trim();

/** The first `count` lines of a text, joined as they were, with the newline after the last. */
const firstLines = (lines: readonly string[], count: number) => `${lines.slice(0, count).join('\n')}\n`;

describe('a cut bonnie++ table', () => {
  it('is TRUNCATED when its last row stops inside a value (1842 cut to 18)', () => {
    // wifo3-02        63G  1842  89 347029 ...
    const row = RAID6_LINES[3] as string;
    const cut = `${RAID6_LINES.slice(0, 3).join('\n')}\n${row.slice(0, row.indexOf('1842') + 2)}`;
    expect(catchParseError(() => parseBonnie(cut))).toMatchObject({
      code: 'TRUNCATED',
      line: 4,
      column: row.indexOf('1842') + 3,
    });
  });

  it('is TRUNCATED when its last row stops inside the size (63G cut to 6)', () => {
    const row = RAID6_LINES[3] as string;
    const cut = `${RAID6_LINES.slice(0, 3).join('\n')}\n${row.slice(0, row.indexOf('63G') + 1)}`;
    expect(catchParseError(() => parseBonnie(cut))).toMatchObject({ code: 'TRUNCATED', line: 4 });
  });

  it('is TRUNCATED when a 1.9x row ends the input without its Latency row', () => {
    expect(catchParseError(() => parseBonnie(firstLines(RAID6_LINES, 4)))).toMatchObject({
      code: 'TRUNCATED',
      line: 4,
      column: (RAID6_LINES[3] as string).length + 1,
    });
    // The file row, line 9: "16  7555  17 +++++ +++ 18185 ..."
    expect(catchParseError(() => parseBonnie(firstLines(RAID6_LINES, 9)))).toMatchObject({
      code: 'TRUNCATED',
      line: 9,
    });
  });

  it('is TRUNCATED when a Latency row stops between two cells', () => {
    // Latency              8735us   16764us   79061us   18280us   32499us     228ms
    const latency = RAID6_LINES[4] as string;
    const cut = `${RAID6_LINES.slice(0, 4).join('\n')}\n${latency.slice(0, latency.indexOf('18280us') - 3)}`;
    expect(catchParseError(() => parseBonnie(cut))).toMatchObject({ code: 'TRUNCATED', line: 5 });
  });

  it('warns TRUNCATED when the table stops after its I/O block (no file block, no CSV line)', () => {
    const output = parseBonnie(firstLines(RAID6_LINES, 5));
    expect(output.warnings).toMatchObject([{ code: 'TRUNCATED', line: 5 }]);
    expect(output.result.runs[0]?.tests.putBlock.bytesPerSec).toBe(347029 * 1024);
  });

  it('is TRUNCATED when the input stops inside the file block head or the CSV line start', () => {
    const head = RAID6_LINES[5] as string;
    const cutHead = `${RAID6_LINES.slice(0, 5).join('\n')}\n${head.slice(0, 30)}`;
    expect(catchParseError(() => parseBonnie(cutHead))).toMatchObject({ code: 'TRUNCATED', line: 6 });
    const cutCsv = `${RAID6_LINES.slice(0, 10).join('\n')}\n1.9`;
    expect(catchParseError(() => parseBonnie(cutCsv))).toMatchObject({ code: 'TRUNCATED', line: 11, column: 4 });
  });

  it('reads the table alone, cut just before its CSV line, as the complete table it is', () => {
    // What bonnie++ -q prints on stderr, and what people paste: one run, from the table.
    const lines = WSL.split('\n');
    const output = parseBonnie(firstLines(lines, 10));
    expect(output.warnings).toEqual([]);
    expect(output.result.runs.map((run) => run.sources)).toEqual([['table']]);
  });
});

describe('a cut bonnie++ CSV line', () => {
  it('is TRUNCATED when it stops after its last comma (ran_del ran, its latency is missing)', () => {
    // ...,1643us,33518us,192us,839us  ->  ...,192us,
    const cut = CSV_196.slice(0, CSV_196.lastIndexOf(',') + 1);
    expect(catchParseError(() => parseBonnie(cut))).toMatchObject({
      code: 'TRUNCATED',
      line: 1,
      column: cut.length + 1,
    });
  });

  it('is TRUNCATED when a known format version has fewer fields, even as many as another layout', () => {
    // The 1.98 line of bonnie++ 2.00a (50 fields) cut after its 48th field: not a 1.96 line.
    const line = WSL.split('\n')[10] as string;
    const commas = [...line.matchAll(/,/g)].map((match) => match.index);
    const cut = line.slice(0, commas[47]);
    expect(catchParseError(() => parseBonnie(cut))).toMatchObject({
      code: 'TRUNCATED',
      line: 1,
      column: cut.length + 1,
    });
  });
});

describe('numbers in a bonnie++ output', () => {
  const field = (line: string, index: number) => {
    const fields = line.split(',');
    return { text: fields[index] as string, column: fields.slice(0, index).join(',').length + 2 };
  };
  const mutate = (line: string, index: number, text: string) =>
    line
      .split(',')
      .map((value, i) => (i === index ? text : value))
      .join(',');

  it('reports trailing junk after a CSV number as BAD_NUMBER at the junk', () => {
    // put_block, field 9 of the 1.96 layout: 72853
    const { text, column } = field(CSV_196, 9);
    expect(text).toBe('72853');
    const error = catchParseError(() => parseBonnie(mutate(CSV_196, 9, '72853.5.1')));
    expect(error).toMatchObject({ code: 'BAD_NUMBER', line: 1, column: column + '72853.5'.length });
  });

  it('reports a non-finite CSV number as BAD_NUMBER at its field', () => {
    const { column } = field(CSV_196, 9);
    expect(catchParseError(() => parseBonnie(mutate(CSV_196, 9, '1e309')))).toMatchObject({
      code: 'BAD_NUMBER',
      line: 1,
      column,
    });
  });

  it('reports a negative rate, %CP or latency as BAD_NUMBER at its field', () => {
    for (const [index, text] of [
      [9, '-72853'],
      [10, '-15'],
      [37, '-512ms'],
    ] as const) {
      const { column } = field(CSV_196, index);
      expect(
        catchParseError(() => parseBonnie(mutate(CSV_196, index, text))),
        text,
      ).toMatchObject({
        code: 'BAD_NUMBER',
        line: 1,
        column,
      });
    }
  });

  it('reports trailing junk after a table number as BAD_NUMBER at the junk', () => {
    const row = RAID6_LINES[3] as string;
    const text = RAID6.replace('347029  24', '347029x 24');
    expect(catchParseError(() => parseBonnie(text))).toMatchObject({
      code: 'BAD_NUMBER',
      line: 4,
      column: row.indexOf('347029') + 7,
    });
  });
});
