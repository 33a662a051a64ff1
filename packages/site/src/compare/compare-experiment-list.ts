// The compare page's list: one fieldset per experiment the search found, its runs as boxes to
// pick, each with its hardware, how many workloads it shares with the chosen runs
// (compare-run-list.ts) and its JSON. The runs of a listed experiment that lack a chosen chip are
// hidden (a search finds experiments by any of their runs, and a chip is of one run).

import { formatPartialDate } from '../lib/format.ts';
import { experimentHref } from '../lib/url.ts';
import type { ExperimentCompareRuns } from './compare-index.ts';
import type { FacetFilters, RunFacets } from './facets.ts';
import { matchesFilters } from './facets.ts';
import { hiddenRunsText } from './list-text.ts';

function runBox(document: Document, run: ExperimentCompareRuns['runs'][number]): HTMLLabelElement {
  const label = document.createElement('label');
  label.className = 'compare-run';
  label.dataset.keys = run.keys.join(' ');
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.name = 'run';
  box.value = `${run.experiment}/${run.run}`;
  const words = document.createElement('span');
  words.append(run.label);
  if (run.hardware !== '') {
    const hardware = document.createElement('span');
    hardware.className = 'note';
    hardware.textContent = ` · ${run.hardware}`;
    words.append(hardware);
  }
  const shares = document.createElement('span');
  shares.className = 'note';
  shares.dataset.shares = '';
  words.append(shares);
  const json = document.createElement('a');
  json.className = 'note';
  json.href = run.href;
  json.textContent = 'JSON';
  json.setAttribute('aria-label', `JSON of ${run.label}`);
  label.append(box, words, json);
  return label;
}

/** An experiment's fieldset: its title (a link to its page) and date, and its runs. */
export function experimentFieldset(document: Document, experiment: ExperimentCompareRuns): HTMLFieldSetElement {
  const fieldset = document.createElement('fieldset');
  fieldset.className = 'compare-experiment';
  fieldset.dataset.experiment = experiment.experiment;
  const legend = document.createElement('legend');
  const link = document.createElement('a');
  link.href = experimentHref(experiment.experiment);
  const first = experiment.runs[0];
  link.textContent = first?.experimentTitle ?? experiment.experiment;
  const date = document.createElement('span');
  date.className = 'note';
  date.textContent = first === undefined ? '' : formatPartialDate(first.date);
  legend.append(link, ' ', date);
  const hiddenRuns = document.createElement('p');
  hiddenRuns.className = 'note compare-hidden-runs';
  hiddenRuns.dataset.compareHiddenRuns = '';
  hiddenRuns.hidden = true;
  fieldset.append(legend, ...experiment.runs.map((run) => runBox(document, run)), hiddenRuns);
  return fieldset;
}

/**
 * Shows the runs that have every chosen chip (the chosen runs always), ticks the chosen ones, and
 * says in each fieldset how many runs the chips hide.
 */
export function showMatchingRuns(
  list: HTMLElement,
  facetsOf: (id: string) => RunFacets | undefined,
  filters: FacetFilters,
  chosen: readonly string[],
): void {
  for (const fieldset of list.querySelectorAll<HTMLFieldSetElement>('.compare-experiment')) {
    let shown = 0;
    let hidden = 0;
    for (const label of fieldset.querySelectorAll<HTMLLabelElement>('.compare-run')) {
      const box = label.querySelector<HTMLInputElement>('input[name="run"]');
      if (!box) continue;
      box.checked = chosen.includes(box.value);
      const facets = facetsOf(box.value);
      label.hidden = !box.checked && (facets === undefined || !matchesFilters(facets, filters));
      if (label.hidden) hidden++;
      else shown++;
    }
    const note = fieldset.querySelector<HTMLElement>('[data-compare-hidden-runs]');
    if (note) {
      note.textContent = hiddenRunsText(shown, hidden);
      note.hidden = hidden === 0;
    }
  }
}
