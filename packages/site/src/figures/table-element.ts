import type { ChartTable } from '../charts/data-table.ts';

/**
 * A chart's data table as a `<table class="data">` made with `document`: the caption, a header
 * row of column headers, and a row per label whose first cell is its row header.
 */
export function chartTableElement(table: ChartTable, document: Document): HTMLTableElement {
  const element = document.createElement('table');
  element.className = 'data';
  element.createCaption().textContent = table.caption;
  const headerRow = element.createTHead().insertRow();
  for (const column of table.columns) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = column;
    headerRow.append(th);
  }
  const body = element.createTBody();
  for (const row of table.rows) {
    const tr = body.insertRow();
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = row.label;
    tr.append(th);
    for (const cell of row.cells) {
      const td = tr.insertCell();
      td.className = 'number';
      td.textContent = cell;
    }
  }
  return element;
}
