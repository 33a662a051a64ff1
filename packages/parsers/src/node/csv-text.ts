import { stringify } from 'csv-stringify/sync';

// Every CSV benchfolio writes (the site's measurements.csv downloads, `benchfolio query --csv`)
// goes through here. Cells come from strangers (a measurements.csv `source`, a fio job name), and
// a spreadsheet runs a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return as a
// formula (`=HYPERLINK(...)` links anywhere, older ones ran commands): such a cell is written with
// a leading `'`, as OWASP advises, which spreadsheets show as text. csv-stringify does both that
// (escape_formulas) and the quoting (RFC 4180). Numbers stay numbers: a number cell, and a text
// cell that is a plain decimal number (`-12.5`, `-3e-7`), are written as they are. csv-stringify's
// sync API is Node-only (it reaches for Buffer as it loads), hence this module in node/.

/** A cell: text, a number, or null for an empty cell. */
export type CsvCell = string | number | bigint | null | undefined;

/** A plain decimal number as text: a spreadsheet reads it as the number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export interface CsvTextOptions {
  /** `\r\n` as RFC 4180 has it (the default), or `\n`. */
  lineEnd?: '\r\n' | '\n' | undefined;
}

/**
 * Rows of cells as CSV, each line ended by `lineEnd`: fields quoted when they hold a comma, a
 * quote, a line break or leading or trailing white space (which some readers trim), quotes
 * doubled, and formulas escaped with a leading `'` (a plain number is not a formula).
 */
export function csvText(rows: ReadonlyArray<readonly CsvCell[]>, options: CsvTextOptions = {}): string {
  return stringify(
    rows.map((row) => [...row]),
    {
      eof: true,
      record_delimiter: options.lineEnd === '\n' ? 'unix' : 'windows',
      escape_formulas: true,
      // csv-stringify quotes a field holding the record delimiter; a lone CR or LF needs quotes too.
      quoted_match: /^\s|\s$|[\r\n]/,
      cast: {
        string: (value) => (PLAIN_NUMBER.test(value) ? { value, escape_formulas: false } : value),
        bigint: (value) => String(value),
      },
    },
  );
}

/** One cell as csvText writes it. */
export function csvCell(cell: CsvCell): string {
  return csvText([[cell]], { lineEnd: '\n' }).slice(0, -1);
}
