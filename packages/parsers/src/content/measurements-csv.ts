import { LABEL_KEY, METRIC_NAME } from '../measurement.ts';
import type { Unit } from '../units.ts';
import { type CsvField, splitCsvLine } from './csv-line.ts';
import { PUBLISHED_UNITS } from './published-units.ts';
import { plainLine, plainText, SLUG } from './text-fields.ts';
import type { ContentIssue } from './yaml-document.ts';

/** The header of `measurements.csv`, in this order. */
export const MEASUREMENTS_CSV_COLUMNS = ['run', 'tool', 'metric', 'value', 'unit', 'labels', 'source'] as const;

/**
 * A number that survives only in a published table: the tidy shape of a measurement, plus the
 * run it belongs to, the value as printed and where it was printed.
 */
export interface PublishedMeasurement {
  /** The run folder (`runs/<run>/`) the number belongs to. */
  run: string;
  /** The program that made the number: `fio`, `dd`, `nginx`, ... */
  tool: string;
  metric: string;
  unit: Unit;
  /** In `unit`: the published value times the unit's factor. */
  value: number;
  labels: Record<string, string>;
  /** Where in the cited source the number is: a table's heading, a figure, a section. */
  source: string;
  published: { value: string; unit: string };
  /** 1-based line in measurements.csv. */
  line: number;
}

const TOOL = /^[a-z][a-z0-9+_-]*$/;
// A published value as printed: digits with an optional fraction and sign, no units or commas.
const PUBLISHED_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * Reads `measurements.csv`: every row checked, every problem returned with its line and the
 * column of its field. `runs` are the run folders the rows may name.
 */
export function readMeasurementsCsv(
  text: string,
  file: string,
  runs: ReadonlySet<string>,
): { rows: PublishedMeasurement[]; issues: ContentIssue[] } {
  const rows: PublishedMeasurement[] = [];
  const issues: ContentIssue[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const issue = (line: number, column: number, message: string) =>
    issues.push({ file, line, column: column + 1, message });

  const header = lines[0] ?? '';
  if (header !== MEASUREMENTS_CSV_COLUMNS.join(',')) {
    issue(1, 0, `the header must be exactly "${MEASUREMENTS_CSV_COLUMNS.join(',')}"`);
    return { rows, issues };
  }
  if (lines.length === 1) issue(1, 0, 'there are no rows under the header');

  lines.slice(1).forEach((lineText, index) => {
    const line = index + 2;
    const issuesBefore = issues.length;
    const split = splitCsvLine(lineText);
    if ('error' in split) {
      issue(line, split.column, split.error);
      return;
    }
    if (split.fields.length !== MEASUREMENTS_CSV_COLUMNS.length) {
      issue(line, 0, `expected ${MEASUREMENTS_CSV_COLUMNS.length} fields, got ${split.fields.length}`);
      return;
    }
    const at = (column: number) => split.fields[column] as CsvField;
    const run = at(0);
    if (!SLUG.test(run.text) || !runs.has(run.text)) {
      issue(line, run.column, `run "${run.text}" is not a folder under runs/ (there are: ${[...runs].join(', ')})`);
    }
    if (!TOOL.test(at(1).text)) issue(line, at(1).column, 'tool: a lowercase program name such as "dd" or "fio"');
    if (!METRIC_NAME.test(at(2).text)) {
      issue(line, at(2).column, 'metric: lowercase words joined by dots, such as "write.iops"');
    }
    if (!PUBLISHED_NUMBER.test(at(3).text)) {
      issue(line, at(3).column, `value: a number as published, such as 20.6339, not "${at(3).text}"`);
    }
    const published = PUBLISHED_UNITS[at(4).text];
    if (published === undefined) {
      issue(line, at(4).column, `unit "${at(4).text}" is not one of: ${Object.keys(PUBLISHED_UNITS).join(', ')}`);
    }
    const parsedLabels = readLabels(at(5).text);
    if (typeof parsedLabels === 'string') issue(line, at(5).column, parsedLabels);
    const source = plainText.safeParse(at(6).text);
    if (!source.success) issue(line, at(6).column, `source: say where the number was published, in plain text`);
    if (
      issues.length > issuesBefore ||
      published === undefined ||
      typeof parsedLabels === 'string' ||
      !source.success
    ) {
      return;
    }
    rows.push({
      run: run.text,
      tool: at(1).text,
      metric: at(2).text,
      unit: published.unit,
      value: Number(at(3).text) * published.factor,
      labels: parsedLabels,
      source: source.data as string,
      published: { value: at(3).text, unit: at(4).text },
      line,
    });
  });
  return { rows, issues };
}

/** `bs=4k;threads=32` → `{ bs: '4k', threads: '32' }`; a message when it is malformed. */
function readLabels(text: string): Record<string, string> | string {
  const labels: Record<string, string> = {};
  if (text === '') return labels;
  for (const pair of text.split(';')) {
    const equals = pair.indexOf('=');
    const key = pair.slice(0, equals);
    const value = pair.slice(equals + 1);
    if (equals <= 0 || !LABEL_KEY.test(key) || !plainLine.safeParse(value).success) {
      return `labels: key=value pairs joined by ";" with lowercase keys, such as "bs=4k;threads=32", not "${text}"`;
    }
    if (key in labels) return `labels: "${key}" is given twice`;
    labels[key] = value;
  }
  return labels;
}
