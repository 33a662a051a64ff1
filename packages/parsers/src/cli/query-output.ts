import { csvText } from '../node/csv-text.ts';
import type { PlainValue, QueryResult } from '../node/dataset/query-dataset.ts';

// `benchfolio query`'s three ways of printing a result. Numbers are printed as JavaScript prints
// a double (the shortest text that reads back to the same number), never rounded: the output is
// for reading back as well as for reading.

export type QueryOutputFormat = 'table' | 'json' | 'csv';

export function formatQueryResult(result: QueryResult, format: QueryOutputFormat): string {
  if (format === 'json') return jsonLines(result);
  if (format === 'csv') return csv(result);
  return table(result);
}

/** One JSON object per row, keyed by column name. */
function jsonLines({ columns, rows }: QueryResult): string {
  return rows
    .map(
      (row) =>
        `${JSON.stringify(Object.fromEntries(columns.map((column, index) => [column.name, row[index] ?? null])))}\n`,
    )
    .join('');
}

/**
 * RFC 4180 with LF line ends: a header line, fields quoted when they hold a comma, a quote or a
 * line end, formulas escaped (node/csv-text.ts); null is empty, numbers are written as numbers.
 */
function csv({ columns, rows }: QueryResult): string {
  const cell = (value: PlainValue | undefined) =>
    typeof value === 'number' || typeof value === 'bigint' ? value : cellText(value, '');
  return csvText([columns.map((column) => column.name), ...rows.map((row) => row.map(cell))], { lineEnd: '\n' });
}

const NUMERIC_TYPE =
  /^(?:TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|DECIMAL)/;

/** Columns padded to their widest cell, numbers to the right, and the row count under them. */
function table({ columns, rows }: QueryResult): string {
  const cells = rows.map((row) => row.map((value) => cellText(value, 'NULL')));
  const widths = columns.map((column, index) =>
    Math.max(column.name.length, ...cells.map((row) => row[index]?.length ?? 0)),
  );
  const isNumeric = columns.map((column) => NUMERIC_TYPE.test(column.type));
  const line = (texts: string[]) =>
    texts
      .map((text, index) => (isNumeric[index] ? text.padStart(widths[index] ?? 0) : text.padEnd(widths[index] ?? 0)))
      .join('  ')
      .trimEnd();
  const header = line(columns.map((column) => column.name));
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const count = `(${rows.length} row${rows.length === 1 ? '' : 's'})`;
  return `${[header, rule, ...cells.map(line), count].join('\n')}\n`;
}

/** A value as one cell's text: lists and objects as JSON. */
function cellText(value: PlainValue | undefined, nullText: string): string {
  if (value === null || value === undefined) return nullText;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
