// The published runs worth comparing with, as a list of checkboxes: each run's name, how alike
// its workloads are (the library's reasons), its hardware, and links to the raw output that
// matched and to its experiment. The first few are in view; the rest fold under a summary.

import { experimentHref } from '../../lib/url.ts';
import { kindMatchText, pairText, type RankedRun } from './ranked-runs.ts';

/** Runs listed before the fold: enough to choose from without pushing the charts far down. */
const SHOWN_BEFORE_FOLD = 3;

export interface RunChoicesOptions {
  ranked: readonly RankedRun[];
  chosen: ReadonlySet<string>;
  /** The site's base path, for experiment links. */
  base: string;
  /** A run's name as the charts give it ("ext4 · 2026-11"). */
  labelOf: (run: RankedRun) => string;
  onToggle: (id: string, checked: boolean) => void;
}

/** The list in a fieldset; checkboxes carry `data-compare-choice` and the run's id as value. */
export function runChoices(document: Document, options: RunChoicesOptions): HTMLFieldSetElement {
  const fieldset = document.createElement('fieldset');
  fieldset.className = 'run-choices';
  fieldset.dataset.compareChoices = '';
  const legend = document.createElement('legend');
  legend.textContent = 'Published runs like yours, the most alike first';
  fieldset.append(legend);
  const items = options.ranked.map((run) => choiceItem(document, run, options));
  fieldset.append(list(document, items.slice(0, SHOWN_BEFORE_FOLD)));
  const folded = items.slice(SHOWN_BEFORE_FOLD);
  if (folded.length > 0) {
    const more = document.createElement('details');
    more.className = 'run-choices-more';
    const summary = document.createElement('summary');
    summary.textContent = `${folded.length} more ${folded.length === 1 ? 'run' : 'runs'}, less alike`;
    more.append(summary, list(document, folded));
    fieldset.append(more);
  }
  return fieldset;
}

function list(document: Document, items: readonly HTMLElement[]): HTMLUListElement {
  const element = document.createElement('ul');
  element.append(...items);
  return element;
}

function choiceItem(document: Document, ranked: RankedRun, options: RunChoicesOptions): HTMLLIElement {
  const item = document.createElement('li');
  item.dataset.compareChoiceItem = ranked.id;
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.name = 'compare-run';
  box.value = ranked.id;
  box.checked = options.chosen.has(ranked.id);
  box.dataset.compareChoice = '';
  box.addEventListener('change', () => options.onToggle(ranked.id, box.checked));
  const label = document.createElement('label');
  const name = document.createElement('span');
  name.className = 'choice-name';
  name.textContent = options.labelOf(ranked);
  const experiment = document.createElement('span');
  experiment.className = 'choice-experiment';
  experiment.textContent = ranked.run.experimentTitle;
  const kind = document.createElement('span');
  kind.className = `choice-kind is-${ranked.kindMatch}`;
  kind.textContent = kindMatchText(ranked.kindMatch);
  label.append(box, ' ', name, ' ', kind, ' ', experiment);
  const [best, ...others] = ranked.pairs;
  const reason = document.createElement('p');
  reason.className = 'choice-reason';
  reason.dataset.compareReason = '';
  reason.textContent = best === undefined ? '' : pairText(best);
  item.append(label, reason);
  if (others.length > 0) {
    const more = document.createElement('details');
    more.className = 'choice-pairs';
    const summary = document.createElement('summary');
    summary.textContent = `${others.length} more of your workloads matched here`;
    const pairs = document.createElement('ul');
    for (const pair of others) {
      const line = document.createElement('li');
      line.textContent = pairText(pair);
      pairs.append(line);
    }
    more.append(summary, pairs);
    item.append(more);
  }
  item.append(sourceLine(document, ranked, options.base));
  return item;
}

/** "Hardware: … · raw output fio--seed-hoffman-1.txt · experiment page". */
function sourceLine(document: Document, ranked: RankedRun, base: string): HTMLParagraphElement {
  const line = document.createElement('p');
  line.className = 'note choice-source';
  if (ranked.run.hardware !== '') line.append(`${ranked.run.hardware} · `);
  const best = ranked.pairs[0];
  if (best !== undefined) {
    const raw = document.createElement('a');
    raw.href = best.theirs.fileHref;
    raw.textContent = best.theirs.file;
    raw.dataset.compareRaw = '';
    line.append('matched in ', raw, ' · ');
  }
  const experiment = document.createElement('a');
  experiment.href = experimentHref(ranked.run.experiment, base);
  experiment.textContent = 'its experiment';
  line.append(experiment);
  return line;
}
