// The data table every chart has beside it, as plain data: the page renders it as a <table>
// (so the numbers are there without JavaScript and for screen readers), charts only describe it.

import type { CellFinding } from '../view/model.ts';

/** A chart's numbers as a table: one header row, then one row per label. */
export interface ChartTable {
  caption: string;
  /** Header of the first column (the row labels), then one per data column. */
  columns: string[];
  rows: Array<{
    /** The row header, "p99", "<250 µs". */
    label: string;
    /** Formatted cells, one per data column; "" where the run has no value. */
    cells: string[];
    /** The lint's findings on each cell's number, where a bar chart's cells have some (its badges). */
    findings?: Array<CellFinding[] | undefined>;
  }>;
}
