/** One field of a CSV line: its text (quotes undone) and the 0-based column where it starts. */
export interface CsvField {
  text: string;
  column: number;
}

/**
 * Splits one line of RFC 4180 CSV into fields, with where each starts, so an error can point
 * at the field. One record per line: a quoted field may hold commas and doubled quotes but no
 * line break (measurements.csv never needs one). A general CSV library would hide the columns,
 * which are the point here. Returns an error message for an unbalanced or misplaced quote.
 */
export function splitCsvLine(line: string): { fields: CsvField[] } | { error: string; column: number } {
  const fields: CsvField[] = [];
  let index = 0;
  while (true) {
    const start = index;
    let text = '';
    if (line[index] === '"') {
      index++;
      while (true) {
        const quote = line.indexOf('"', index);
        if (quote === -1) return { error: 'a quoted field is not closed', column: start };
        text += line.slice(index, quote);
        if (line[quote + 1] === '"') {
          text += '"';
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
      if (index < line.length && line[index] !== ',') {
        return { error: 'a closing quote must end its field', column: index };
      }
    } else {
      const comma = line.indexOf(',', index);
      const end = comma === -1 ? line.length : comma;
      text = line.slice(index, end);
      if (text.includes('"')) return { error: 'a field with a quote must be quoted as a whole', column: start };
      index = end;
    }
    fields.push({ text, column: start });
    if (index >= line.length) return { fields };
    index++; // past the comma
    if (index === line.length) {
      fields.push({ text: '', column: index });
      return { fields };
    }
  }
}
