// The systems of the chosen runs as a table, the fields that differ first and marked, with a
// warning when more than one thing differs, and the workloads' differences in the library's words.

import { fieldLabel } from '../data/systems-table.ts';
import type { RunName } from './scoreboard-element.ts';
import type { SystemsTable, WorkloadDifference } from './systems.ts';

export interface SystemsOptions {
  document: Document;
  runs: readonly { id: string; name: RunName }[];
  table: SystemsTable;
  /** Each other run's workload differences from the first run. */
  workloads: readonly { run: string; differences: WorkloadDifference[] }[];
}

const TOPIC_WORDS: Record<string, string> = {
  raid: 'RAID',
  cpu: 'CPU',
  os: 'OS',
  lvm: 'storage layers',
  io_scheduler: 'I/O scheduler',
  instance_type: 'instance type',
  other: 'other settings',
};

/** The warning's sentence, or undefined when at most one thing differs. */
export function systemsWarning(table: SystemsTable): string | undefined {
  if (table.differing.length < 2) return undefined;
  const topics = table.differing.map((topic) => TOPIC_WORDS[topic] ?? topic.replaceAll('_', ' '));
  return `More than one thing differs between these systems (${topics.join(', ')}): a difference in the results cannot be put down to any one of them.`;
}

/** The section's content: warning, workloads, the differing fields' table, the alike ones folded. */
export function systemsNodes(options: SystemsOptions): HTMLElement[] {
  const { document: doc, table } = options;
  const nodes: HTMLElement[] = [];
  const warning = systemsWarning(table);
  if (warning !== undefined) {
    const note = doc.createElement('p');
    note.className = 'warning compare-warning';
    note.dataset.systemsWarning = '';
    note.textContent = warning;
    nodes.push(note);
  }
  const differences = options.workloads.filter((entry) => entry.differences.length > 0);
  if (differences.length > 0) {
    const first = options.runs[0]?.name.short ?? '';
    const list = doc.createElement('ul');
    list.className = 'workload-differences';
    for (const entry of differences) {
      const other = options.runs.find((run) => run.id === entry.run)?.name.short ?? entry.run;
      for (const difference of entry.differences) {
        const item = doc.createElement('li');
        const what = doc.createElement('strong');
        what.textContent = `${difference.workloads.join(', ')} (${first} vs ${other})`;
        item.append(what, `: ${difference.text}`);
        list.append(item);
      }
    }
    const heading = doc.createElement('h3');
    heading.textContent = 'Workloads';
    nodes.push(heading, list);
  }
  const differing = table.rows.filter((row) => row.isDifferent);
  const alike = table.rows.filter((row) => !row.isDifferent);
  if (differing.length > 0) nodes.push(systemsTableElement(options, differing, 'Fields that differ'));
  if (alike.length > 0) {
    const details = doc.createElement('details');
    const summary = doc.createElement('summary');
    summary.textContent = `${alike.length} ${alike.length === 1 ? 'field' : 'fields'} alike`;
    details.append(summary, systemsTableElement(options, alike, 'Fields alike'));
    nodes.push(details);
  }
  return nodes;
}

function systemsTableElement(options: SystemsOptions, rows: SystemsTable['rows'], title: string): HTMLElement {
  const { document: doc } = options;
  // A box that scrolls sideways takes focus, so that a keyboard can scroll it (as the experiment pages' do).
  const box = doc.createElement('section');
  box.className = 'table-scroll';
  box.tabIndex = 0;
  box.setAttribute('aria-label', `${title}, scrollable`);
  const table = doc.createElement('table');
  table.className = 'data systems-table';
  const caption = doc.createElement('caption');
  caption.textContent = title;
  const head = doc.createElement('tr');
  const corner = doc.createElement('th');
  corner.scope = 'col';
  corner.textContent = 'Field';
  head.append(corner);
  for (const run of options.runs) {
    const th = doc.createElement('th');
    th.scope = 'col';
    th.textContent = run.name.short;
    th.title = run.name.full;
    head.append(th);
  }
  const thead = doc.createElement('thead');
  thead.append(head);
  const body = doc.createElement('tbody');
  for (const row of rows) {
    const tr = doc.createElement('tr');
    tr.dataset.path = row.path;
    if (row.isDifferent) tr.className = 'differs';
    const th = doc.createElement('th');
    th.scope = 'row';
    th.textContent = fieldLabel(row.path);
    tr.append(th);
    for (const value of row.values) {
      const td = doc.createElement('td');
      td.textContent = value ?? 'not stated';
      if (value === undefined) td.className = 'unstated';
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(caption, thead, body);
  box.append(table);
  return box;
}
