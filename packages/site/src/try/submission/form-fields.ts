// The controls of the submission form: a label, the control named by its run.yaml path, a hint
// ("from your outputs"), and a place for the field's issue, tied together for screen readers.

import type { Seen } from './prefill.ts';

export type FieldKind = 'text' | 'textarea' | 'select' | 'hidden';

export interface FieldSpec {
  /** The control's name: its run.yaml path (`system.kernel`), `experiment.<path>`, or `run-id`. */
  name: string;
  label: string;
  kind?: FieldKind;
  value?: string;
  /** What the outputs show for it: one value fills the field; several leave it for the reader. */
  seen?: readonly Seen<string | number>[];
  hint?: string;
  placeholder?: string;
  isRequired?: boolean;
  options?: ReadonlyArray<{ value: string; label: string }>;
  inputMode?: 'numeric' | 'text';
  rows?: number;
}

export type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** An id for a control from its name: `system.disks.0.model` → `submission-system-disks-0-model`. */
export function controlId(name: string): string {
  return `submission-${name.replace(/[^a-zA-Z0-9]+/g, '-')}`;
}

/** A labelled control with its hint and issue slot, in a `div.submission-field`. */
export function fieldElement(document: Document, spec: FieldSpec): HTMLElement {
  const kind = spec.kind ?? 'text';
  const id = controlId(spec.name);
  const control = makeControl(document, spec, kind);
  control.id = id;
  control.name = spec.name;
  if (kind === 'hidden') return control;

  const wrapper = document.createElement('div');
  wrapper.className = kind === 'textarea' ? 'submission-field submission-field-wide' : 'submission-field';
  wrapper.dataset.submissionField = spec.name;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = spec.label;
  if (spec.isRequired) {
    label.append(' ', span(document, '(required)', 'submission-required'));
    control.setAttribute('aria-required', 'true');
  }
  wrapper.append(label, control);

  const described: string[] = [];
  const { value, note } = fromOutputs(spec.seen ?? []);
  setInitialValue(control, value ?? spec.value ?? '');
  if (note !== undefined) {
    const mark = span(document, note.text, 'submission-from-outputs');
    mark.id = `${id}-from`;
    if (note.isFilled) mark.dataset.fromOutputs = '';
    wrapper.append(mark);
    described.push(mark.id);
  }
  if (spec.hint !== undefined) {
    const hint = span(document, spec.hint, 'submission-hint');
    hint.id = `${id}-hint`;
    wrapper.append(hint);
    described.push(hint.id);
  }
  const issue = span(document, '', 'submission-field-issue');
  issue.id = `${id}-issue`;
  issue.dataset.fieldIssue = '';
  issue.hidden = true;
  wrapper.append(issue);
  described.push(issue.id);
  control.setAttribute('aria-describedby', described.join(' '));
  return wrapper;
}

function makeControl(document: Document, spec: FieldSpec, kind: FieldKind): Control {
  if (kind === 'textarea') {
    const area = document.createElement('textarea');
    area.rows = spec.rows ?? 3;
    if (spec.placeholder) area.placeholder = spec.placeholder;
    return area;
  }
  if (kind === 'select') {
    const select = document.createElement('select');
    for (const option of spec.options ?? []) {
      const element = document.createElement('option');
      element.value = option.value;
      element.textContent = option.label;
      select.append(element);
    }
    return select;
  }
  const input = document.createElement('input');
  input.type = kind === 'hidden' ? 'hidden' : 'text';
  if (spec.placeholder) input.placeholder = spec.placeholder;
  if (spec.inputMode) input.inputMode = spec.inputMode;
  if (kind === 'hidden') input.defaultValue = spec.value ?? '';
  return input;
}

/** The value, also as the default one: the markup shows it, and a form reset comes back to it. */
function setInitialValue(control: Control, value: string): void {
  if (control.tagName === 'SELECT') {
    for (const option of Array.from((control as HTMLSelectElement).options))
      option.defaultSelected = option.value === value;
  } else {
    (control as HTMLInputElement | HTMLTextAreaElement).defaultValue = value;
  }
  control.value = value;
}

/** The value the outputs agree on, and the words that say where it came from. */
function fromOutputs(seen: readonly Seen<string | number>[]): {
  value?: string;
  note?: { text: string; isFilled: boolean };
} {
  const [only] = seen;
  if (only === undefined) return {};
  if (seen.length === 1) {
    return {
      value: String(only.value),
      note: { text: `From your outputs (${only.files.join(', ')}).`, isFilled: true },
    };
  }
  const values = seen.map((entry) => `${entry.value} (${entry.files.join(', ')})`).join('; ');
  return { note: { text: `Your outputs disagree: ${values}. Give the one that is right.`, isFilled: false } };
}

export function span(document: Document, text: string, className: string): HTMLElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
}

export function element<K extends keyof HTMLElementTagNameMap>(
  document: Document,
  tag: K,
  text = '',
  className = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** A fieldset with its legend. */
export function fieldset(document: Document, legend: string, className = ''): HTMLFieldSetElement {
  const set = element(document, 'fieldset', '', className);
  set.append(element(document, 'legend', legend));
  return set;
}
