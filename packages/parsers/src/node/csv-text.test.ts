import { describe, expect, it } from 'vitest';
import { formatQueryResult } from '../cli/query-output.ts';
import { csvCell, csvText } from './csv-text.ts';

describe('csvText', () => {
  it('quotes fields with commas, quotes, line breaks and white space at an end, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell(null)).toBe('');
    expect(csvText([['a', 'b\rc'], ['d']])).toBe('a,"b\rc"\r\nd\r\n');
  });

  it("escapes what a spreadsheet runs as a formula with a leading ' (=, +, -, @, tab, CR)", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('\t=1')).toBe('"\'\t=1"');
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
  });

  it('leaves numbers as numbers, whether given as numbers or as plain decimal text', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('-3e-7')).toBe('-3e-7');
    expect(csvCell(12n)).toBe('12');
  });
});

describe('benchfolio query --csv', () => {
  it('escapes formulas in text cells and keeps negative numbers', () => {
    const csv = formatQueryResult(
      {
        columns: [
          { name: 'source', type: 'VARCHAR' },
          { name: 'value', type: 'DOUBLE' },
        ],
        rows: [
          ['=HYPERLINK("http://x","y")', -12.5],
          ['@SUM(A1)', null],
        ],
      },
      'csv',
    );
    expect(csv).toBe('source,value\n"\'=HYPERLINK(""http://x"",""y"")",-12.5\n\'@SUM(A1),\n');
  });
});
