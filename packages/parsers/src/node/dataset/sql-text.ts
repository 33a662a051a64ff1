/** A SQL string literal: `it's` -> `'it''s'`. */
export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** A quoted SQL identifier, so that column names such as `repeat` or `date` never read as keywords. */
export function sqlIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
