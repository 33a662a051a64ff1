// Which experiment the run goes to: a published one, or a new one with its experiment.yaml fields.
// A published one is named by its folder name, with suggestions from the site's search as the
// reader types words of its title (the page has no list of every experiment).

import { EXPERIMENT_ID, VARIABLE_KINDS } from '@benchfolio/parsers/content';
import type { ExperimentCheck } from './experiment-check.ts';
import { element, fieldElement as field, fieldset } from './form-fields.ts';
import type { SubmissionPrefill } from './prefill.ts';
import type { PublishedExperiments } from './published-experiments.ts';

/** Suggestions shown at once: enough to find a title among, few enough to read through. */
const SUGGESTIONS = 8;
/** The pause in typing after which the search is asked for suggestions. */
const SUGGEST_DELAY_MS = 250;

export function experimentFieldset(
  document: Document,
  options: { published: PublishedExperiments; check: ExperimentCheck },
  prefill: SubmissionPrefill,
): { element: HTMLElement; onModeChange(listener: () => void): void } {
  const set = fieldset(document, 'Experiment', 'submission-experiment');
  const radios = modeRadios(document);
  const existing = existingFieldset(document, options);
  const fresh = newExperimentFieldset(document, prefill);
  set.append(radios, existing, fresh);

  const listeners: Array<() => void> = [];
  const apply = () => {
    const isNew = (radios.querySelector<HTMLInputElement>('input[value="new"]') as HTMLInputElement).checked;
    fresh.disabled = !isNew;
    fresh.hidden = !isNew;
    existing.disabled = isNew;
    existing.hidden = isNew;
    for (const listener of listeners) listener();
  };
  radios.addEventListener('change', apply);
  apply();
  return { element: set, onModeChange: (listener) => listeners.push(listener) };
}

/** New experiment or published one. */
function modeRadios(document: Document): HTMLElement {
  const radios = element(document, 'div', '', 'submission-choice');
  const radio = (value: string, text: string) => {
    const label = element(document, 'label');
    const input = element(document, 'input');
    input.type = 'radio';
    input.name = 'experiment-mode';
    input.value = value;
    input.defaultChecked = value === 'new';
    input.checked = value === 'new';
    label.append(input, ` ${text}`);
    return label;
  };
  radios.append(radio('new', 'Start a new experiment'), radio('existing', 'Add this run to a published experiment'));
  return radios;
}

/**
 * The published experiment's folder name, typed or picked from the suggestions (a datalist: each
 * suggestion's value is the id, its label the title), and a line saying how many were found.
 */
function existingFieldset(
  document: Document,
  options: { published: PublishedExperiments; check: ExperimentCheck },
): HTMLFieldSetElement {
  const existing = fieldset(document, 'Published experiment', 'submission-existing');
  const wrapper = field(document, {
    name: 'existing-experiment',
    label: 'Experiment: its folder name, or words of its title to find it',
    placeholder: 'ext4 xfs loop',
    hint: 'Pick one of the suggestions, or give the folder name its page has (/experiments/<folder name>/). Its runs must differ from yours in the variable only: the same machine and settings otherwise.',
  });
  const input = wrapper.querySelector('input') as HTMLInputElement;
  input.autocomplete = 'off';
  const suggestions = element(document, 'datalist');
  suggestions.id = `${input.id}-suggestions`;
  input.setAttribute('list', suggestions.id);
  const found = element(document, 'p', '', 'note submission-suggestions');
  found.dataset.existingSuggestions = '';
  found.setAttribute('aria-live', 'polite');
  existing.append(wrapper, suggestions, found);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    const term = input.value.trim();
    // A folder name is checked as such (experiment-check.ts), not searched for.
    if (EXPERIMENT_ID.test(term)) {
      asked += 1;
      found.textContent = '';
      return;
    }
    timer = setTimeout(async () => {
      const round = ++asked;
      const choices = await options.published.find(term, SUGGESTIONS).catch((caught: unknown) => {
        found.textContent = `The site's search did not answer: ${caught instanceof Error ? caught.message : String(caught)}.`;
        return undefined;
      });
      if (choices === undefined || round !== asked) return;
      options.check.know(choices.map((choice) => choice.id));
      suggestions.replaceChildren(
        ...choices.map(({ id, title }) => Object.assign(element(document, 'option'), { value: id, label: title })),
      );
      found.textContent = suggestionsText(term, choices.length);
    }, SUGGEST_DELAY_MS);
  });
  return existing;
}

/** "3 published experiments match “ext4”: pick one from the field's list." */
function suggestionsText(term: string, count: number): string {
  if (term === '') return '';
  if (count === 0) return `No published experiment matches “${term}”.`;
  const matches = count === 1 ? '1 published experiment matches' : `${count} published experiments match`;
  return `${matches} “${term}”: pick one from the field’s list.`;
}

/** The fields of a new experiment.yaml, in the file's order. */
function newExperimentFieldset(document: Document, prefill: SubmissionPrefill): HTMLFieldSetElement {
  const fresh = fieldset(document, 'New experiment: experiment.yaml', 'submission-new');
  fresh.append(
    field(document, {
      name: 'experiment-id',
      label: 'Experiment id (folder name)',
      isRequired: true,
      placeholder: `${prefill.date[0]?.value.slice(0, 7) ?? 'yyyy-mm'}-ext4-vs-xfs-nvme`,
      hint: 'The month of the runs, then lowercase words joined by hyphens.',
    }),
    field(document, { name: 'experiment.title', label: 'Title', isRequired: true }),
    field(document, {
      name: 'experiment.summary',
      label: 'Summary',
      kind: 'textarea',
      isRequired: true,
      hint: 'One or two sentences: what was compared and what came out.',
    }),
    field(document, { name: 'experiment.question', label: 'Question', kind: 'textarea', rows: 2 }),
    field(document, {
      name: 'experiment.variable.kind',
      label: 'Variable: what differs between the runs',
      kind: 'select',
      isRequired: true,
      options: [
        { value: '', label: 'Choose…' },
        ...Object.keys(VARIABLE_KINDS).map((kind) => ({ value: kind, label: kind })),
      ],
    }),
    field(document, {
      name: 'experiment.variable.name',
      label: 'Variable name',
      hint: 'How the site names it ("Filesystem and its options"); required for kind "other".',
    }),
    field(document, {
      name: 'experiment.constant',
      label: 'Held constant (one per line)',
      kind: 'textarea',
      hint: 'Hardware, tool options, procedure: what was the same for every run.',
    }),
    field(document, { name: 'experiment.method', label: 'Method', kind: 'textarea' }),
    field(document, {
      name: 'experiment.date',
      label: 'Date of the runs',
      isRequired: true,
      seen: prefill.date,
      placeholder: 'YYYY-MM-DD',
    }),
    field(document, {
      name: 'experiment.authors',
      label: 'Authors (one per line)',
      kind: 'textarea',
      rows: 2,
      isRequired: true,
    }),
    field(document, {
      name: 'experiment.license',
      label: 'License of the results',
      isRequired: true,
      placeholder: 'CC-BY-4.0',
      hint: 'An SPDX identifier; results you publish here carry an open license such as CC-BY-4.0.',
    }),
    field(document, { name: 'experiment.tags', label: 'Tags (one per line)', kind: 'textarea', rows: 2 }),
  );
  return fresh;
}
