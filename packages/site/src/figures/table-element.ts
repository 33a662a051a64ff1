import type { ChartTable } from '../charts/data-table.ts';
import { findingBadgesElement } from '../charts/finding-badges.ts';

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
    row.cells.forEach((cell, index) => {
      const td = tr.insertCell();
      td.className = 'number';
      td.textContent = cell;
      // A flagged number's badges, as links: the chart's own are not read (it is an image).
      const badges = findingBadgesElement(document, row.findings?.[index]);
      if (badges !== null) td.append(badges);
    });
  }
  return element;
}
