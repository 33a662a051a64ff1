import { MEASUREMENTS_CSV_COLUMNS } from '@benchfolio/parsers/content';
import { type CsvCell, csvText, type LoadedExperiment } from '@benchfolio/parsers/node';

/** `bs=4k;threads=32`: labels as measurements.csv spells them. */
export function labelsText(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([key, value]) => `${key}=${value}`)
    .join(';');
}

/**
 * Every measurement of every run of an experiment, tidy, with the header of measurements.csv
 * (`run,tool,metric,value,unit,labels,source`): the parsed outputs' measurements (source: the raw
 * file they were read from) in run and output order, then the published rows (source: where
 * they were published). Values are in base units (B, B/s, ns, s, op/s, %, count), so a published
 * "MB/s" row reads in B/s here. Text that a spreadsheet would run as a formula (a `source` of
 * `=HYPERLINK(...)`) is written with a leading `'` (csvText in @benchfolio/parsers/node).
 */
export function measurementsCsv(loaded: LoadedExperiment): string {
  const rows: CsvCell[][] = [[...MEASUREMENTS_CSV_COLUMNS]];
  for (const run of loaded.runs) {
    for (const output of run.outputs) {
      for (const measurement of output.parsed.measurements) {
        rows.push([
          run.id,
          measurement.tool,
          measurement.metric,
          measurement.value,
          measurement.unit,
          labelsText(measurement.labels),
          output.file,
        ]);
      }
    }
  }
  for (const row of loaded.published) {
    rows.push([row.run, row.tool, row.metric, row.value, row.unit, labelsText(row.labels), row.source]);
  }
  return csvText(rows);
}
