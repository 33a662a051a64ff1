// Which experiment the run goes to: a published one, or a new one with its experiment.yaml fields.

import { VARIABLE_KINDS } from '@benchfolio/parsers/content';
import { element, fieldElement as field, fieldset } from './form-fields.ts';
import type { SubmissionPrefill } from './prefill.ts';

export function experimentFieldset(
  document: Document,
  options: { experiments: ReadonlyArray<{ id: string; title: string }> },
  prefill: SubmissionPrefill,
): { element: HTMLElement; onModeChange(listener: () => void): void } {
  const set = fieldset(document, 'Experiment', 'submission-experiment');
  const radios = modeRadios(document, options.experiments.length > 0);
  const existing = existingFieldset(document, options.experiments);
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

/** New experiment or published one; "published" is disabled when there is none. */
function modeRadios(document: Document, hasExisting: boolean): HTMLElement {
  const radios = element(document, 'div', '', 'submission-choice');
  const radio = (value: string, text: string) => {
    const label = element(document, 'label');
    const input = element(document, 'input');
    input.type = 'radio';
    input.name = 'experiment-mode';
    input.value = value;
    input.defaultChecked = value === 'new';
    input.checked = value === 'new';
    input.disabled = value === 'existing' && !hasExisting;
    label.append(input, ` ${text}`);
    return label;
  };
  radios.append(radio('new', 'Start a new experiment'), radio('existing', 'Add this run to a published experiment'));
  return radios;
}

function existingFieldset(
  document: Document,
  experiments: ReadonlyArray<{ id: string; title: string }>,
): HTMLFieldSetElement {
  const existing = fieldset(document, 'Published experiment', 'submission-existing');
  existing.append(
    field(document, {
      name: 'existing-experiment',
      label: 'Experiment',
      kind: 'select',
      options: [
        { value: '', label: 'Choose…' },
        ...experiments.map(({ id, title }) => ({ value: id, label: `${title} (${id})` })),
      ],
      hint: 'Its runs must differ from yours in the variable only: the same machine and settings otherwise.',
    }),
  );
  return existing;
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
