// Each output the reader gave, as the page shows it: what was detected, the parsed result as
// tables, or the error in place, with the reader's own lines and the failing one marked.

import { descriptorOf, toolTitle } from '../tools/index.ts';
import type { ResultTable } from '../view/result-tables.ts';
import type { TryError, TryOutput } from './try-view.ts';

/** "bonnie++", "iostat (sysstat)": a tool as /try names what it detected or tried. */
function detectedTitle(tool: string): string {
  return descriptorOf(tool)?.try.detectedTitle ?? toolTitle(tool);
}

/** A table open by default when it is this short; longer ones start folded. */
const OPEN_TABLE_MAX_ROWS = 40;

export function renderOutputs(container: HTMLElement, outputs: readonly TryOutput[]): void {
  container.replaceChildren(...outputs.map((output) => outputElement(container.ownerDocument, output)));
}

const FORMAT_TITLES: Record<string, string> = { json: 'JSON', 'json+': 'JSON+', csv: 'CSV' };
const conjunction = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/**
 * "fio · normal output · fio-3.33"; "fio · mixed output (JSON read) · fio-3.33" for normal,json;
 * "iostat (sysstat) · text output · version not printed".
 */
export function detectedText(output: Extract<TryOutput, { ok: true }>): string {
  const version = output.toolVersion ?? 'version not printed';
  const read = output.readFormats?.map((format) => FORMAT_TITLES[format] ?? format);
  const format = `${FORMAT_TITLES[output.format] ?? output.format} output${read ? ` (${conjunction.format(read)} read)` : ''}`;
  return `${detectedTitle(output.tool)} · ${format} · ${version}`;
}

function outputElement(document: Document, output: TryOutput): HTMLElement {
  const section = document.createElement('section');
  section.className = 'try-output';
  section.dataset.tryOutput = '';
  section.dataset.name = output.name;
  section.dataset.ok = String(output.ok);
  const heading = element(document, 'h3', output.name);
  heading.append(' ', element(document, 'span', `(${formatBytes(output.sizeBytes)})`, 'note'));
  section.append(heading);
  if (!output.ok) {
    section.dataset.tool = output.error.tool ?? '';
    section.dataset.format = output.error.format ?? '';
    section.dataset.version = '';
    section.append(errorElement(document, output.error));
    return section;
  }
  section.dataset.tool = output.tool;
  section.dataset.format = output.format;
  section.dataset.version = output.toolVersion ?? '';
  const detected = element(document, 'p', '', 'try-detected');
  detected.dataset.tryDetected = '';
  detected.append(element(document, 'strong', 'Detected: '), detectedText(output));
  section.append(detected);
  const truncated = output.warnings.find((warning) => warning.code === 'TRUNCATED');
  if (truncated !== undefined) {
    // Read up to the cut (an iostat log whose last report was cut): said before the warnings.
    const cut = element(
      document,
      'p',
      `This output is truncated: it stops at line ${truncated.line}. What comes before is read.`,
      'warning',
    );
    cut.dataset.tryTruncated = String(truncated.line);
    section.append(cut);
  }
  if (output.warnings.length > 0) {
    const list = element(document, 'ul', '', 'try-warnings');
    const hints = descriptorOf(output.tool)?.try.warningHints ?? {};
    for (const warning of output.warnings) {
      const item = element(document, 'li', `Line ${warning.line}: ${warning.message} [${warning.code}]`);
      const hint = hints[warning.code];
      if (hint !== undefined) item.append(' ', element(document, 'span', hint, 'try-warning-hint'));
      list.append(item);
    }
    section.append(element(document, 'p', 'Read with warnings:'), list);
  }
  for (const table of output.tables) section.append(tableElement(document, table));
  return section;
}

function errorElement(document: Document, error: TryError): HTMLElement {
  const box = element(document, 'div', '', 'try-error');
  box.dataset.tryError = '';
  box.setAttribute('role', 'alert');
  const tried =
    error.tool === null
      ? ''
      : ` as ${detectedTitle(error.tool)}${error.format ? ` ${FORMAT_TITLES[error.format] ?? error.format} output` : ''}`;
  // A copy cut short is said as such first, with the line it stops at: the fix is a whole copy.
  const title = element(
    document,
    'p',
    error.code === 'TRUNCATED'
      ? `This output is truncated: it stops at line ${error.line}${tried === '' ? '' : `, read${tried}`}.`
      : `Could not read this output${tried}.`,
    'try-error-title',
  );
  if (error.code === 'TRUNCATED') title.dataset.tryTruncated = String(error.line);
  const what = document.createElement('dl');
  what.append(
    element(document, 'dt', 'Error'),
    dataElement(document, 'dd', error.code, 'errorCode'),
    element(document, 'dt', 'Where'),
    dataElement(document, 'dd', `line ${error.line}, column ${error.column}`, 'errorWhere'),
    element(document, 'dt', 'Message'),
    dataElement(document, 'dd', error.message, 'errorMessage'),
    element(document, 'dt', 'Expected'),
    dataElement(document, 'dd', error.expected, 'errorExpected'),
  );
  box.append(title, what, excerptElement(document, error));
  return box;
}

/** The reader's lines around the error, numbered as an editor numbers them, the failing one marked. */
function excerptElement(document: Document, error: TryError): HTMLElement {
  const { excerpt } = error;
  const frame = element(document, 'div', '', 'try-excerpt');
  // It scrolls: keyboard readers reach it with Tab and scroll it with the arrow keys.
  frame.tabIndex = 0;
  frame.setAttribute('role', 'region');
  frame.setAttribute('aria-label', `Your output, line ${error.line} marked`);
  if (excerpt.omittedBefore > 0)
    frame.append(element(document, 'p', `… ${excerpt.omittedBefore} lines before`, 'note'));
  const list = document.createElement('ol');
  list.dataset.tryExcerpt = '';
  list.start = excerpt.firstLine;
  list.setAttribute('aria-label', `Your output around line ${error.line}`);
  excerpt.lines.forEach((text, index) => {
    const lineNumber = excerpt.firstLine + index;
    const item = document.createElement('li');
    item.dataset.line = String(lineNumber);
    const code = document.createElement('code');
    if (lineNumber === error.line) {
      item.dataset.offending = 'true';
      item.className = 'is-offending';
      item.setAttribute('aria-current', 'true');
      // The column is counted in UTF-16 code units, as string indices are.
      const at = Math.min(Math.max(error.column - 1, 0), text.length);
      const mark = element(document, 'mark', text.slice(at, at + 1) || ' ');
      code.append(text.slice(0, at), mark, text.slice(at + 1));
    } else {
      code.textContent = text;
    }
    item.append(code);
    list.append(item);
  });
  frame.append(list);
  if (excerpt.omittedAfter > 0) frame.append(element(document, 'p', `… ${excerpt.omittedAfter} lines after`, 'note'));
  return frame;
}

export function tableElement(document: Document, table: ResultTable): HTMLElement {
  const details = element(document, 'details', '', 'try-table');
  details.open = table.rows.length <= OPEN_TABLE_MAX_ROWS;
  details.append(element(document, 'summary', `${table.caption}: ${table.rows.length + table.omittedRows} rows`));
  const scroll = element(document, 'div', '', 'table-scroll');
  const tableNode = document.createElement('table');
  tableNode.dataset.tryTable = '';
  tableNode.createCaption().textContent = table.caption;
  const headRow = tableNode.createTHead().insertRow();
  for (const column of table.columns) {
    const cell = element(document, 'th', column);
    cell.scope = 'col';
    headRow.append(cell);
  }
  const body = tableNode.createTBody();
  for (const row of table.rows) {
    const tr = body.insertRow();
    row.forEach((text, index) => {
      const cell = tr.insertCell();
      cell.textContent = text;
      if (table.numeric[index]) cell.className = 'num';
    });
  }
  scroll.append(tableNode);
  details.append(scroll);
  if (table.omittedRows > 0) {
    details.append(
      element(document, 'p', `${table.omittedRows} more rows are left out here; the charts show every report.`, 'note'),
    );
  }
  return details;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function element<K extends keyof HTMLElementTagNameMap>(
  document: Document,
  tag: K,
  text: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function dataElement<K extends keyof HTMLElementTagNameMap>(document: Document, tag: K, text: string, key: string) {
  const node = element(document, tag, text);
  node.dataset[key] = '';
  return node;
}
