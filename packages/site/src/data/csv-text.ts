/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or leading or
 * trailing spaces (which some readers trim), with quotes doubled.
 */
export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines of fields, each line ended by CRLF as RFC 4180 has it. */
export function csvText(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
