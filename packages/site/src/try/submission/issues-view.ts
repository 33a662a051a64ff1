// The submission form's issues as the reader sees them: a list with a link to each field, and on
// each field its own (aria-invalid, the message beside it), once the reader has been there.

import { type Control, element } from './form-fields.ts';
import type { SubmissionIssue } from './run-folder.ts';

/** Fields that name folders, not lines of a file. */
const FOLDER_FIELDS = new Set(['experiment-id', 'existing-experiment', 'run-id']);

/** Lists `issues` in `list`, counts them in `count`, and marks the fields `isMarked` allows. */
export function showIssues(
  form: HTMLFormElement,
  issues: readonly SubmissionIssue[],
  count: HTMLElement,
  list: HTMLElement,
  isMarked: (control: Control) => boolean,
) {
  const document = form.ownerDocument;
  const byField = new Map<string, SubmissionIssue[]>();
  for (const issue of issues) byField.set(issue.field, [...(byField.get(issue.field) ?? []), issue]);
  const text =
    issues.length === 0
      ? 'No issues: the run folder validates.'
      : `${issues.length} issue${issues.length === 1 ? '' : 's'}:`;
  if (count.textContent !== text) count.textContent = text;
  count.closest<HTMLElement>('[data-submission-issues]')?.setAttribute('data-has-issues', String(issues.length > 0));
  list.replaceChildren(
    ...issues.map((issue) => {
      const item = element(document, 'li');
      item.dataset.field = issue.field;
      const target = controlFor(form, issue.field);
      // A link to the field when there is one to go to; the file's name for the file as a whole.
      const fieldName = element(document, target ? 'a' : 'span');
      if (target) {
        fieldName.setAttribute('href', `#${target.id}`);
        // Focus the field itself, and leave the page's URL (which holds other views' state) alone.
        fieldName.addEventListener('click', (event) => {
          event.preventDefault();
          target.focus();
        });
      }
      fieldName.append(element(document, 'code', issue.field || fileName(issue.file)));
      const where = FOLDER_FIELDS.has(issue.field)
        ? 'folder name'
        : `${fileName(issue.file)}, line ${issue.line}, column ${issue.column}`;
      item.append(
        fieldName,
        `: ${isMissing(issue) ? 'required' : withoutPath(issue.message, issue.field)} `,
        element(document, 'span', `(${where})`, 'note'),
      );
      return item;
    }),
  );
  for (const control of Array.from(form.elements) as Control[]) {
    if (!control.name || control.type === 'hidden' || control.type === 'radio') continue;
    const own = isMarked(control) ? matchingIssues(byField, control) : [];
    if (own.length > 0) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
    const slot = document.getElementById(`${control.id}-issue`);
    if (slot) {
      slot.textContent = own.map((issue) => inlineMessage(issue)).join(' ');
      slot.hidden = own.length === 0;
    }
  }
}

/**
 * A control's issues: its own, those of a list it holds (`commands.2`), and those of an object it
 * belongs to (`system.memory`: give bytes or a description), which a missing object (`variable`)
 * puts on its required fields only.
 */
function matchingIssues(byField: ReadonlyMap<string, SubmissionIssue[]>, control: Control): SubmissionIssue[] {
  const { name } = control;
  const found: SubmissionIssue[] = [];
  for (const [field, issues] of byField) {
    if (field === '') continue;
    const isOwn = name === field || (isGroupField(field) && field.startsWith(`${name}.`));
    const isInside = name.startsWith(`${field}.`);
    if (isOwn) found.push(...issues);
    else if (isInside) {
      found.push(...issues.filter((issue) => !isMissing(issue) || control.getAttribute('aria-required') === 'true'));
    }
  }
  return found;
}

function isMissing(issue: SubmissionIssue): boolean {
  return /received undefined$/.test(issue.message);
}

/** Beside the field: "Required." for a missing value, else the message without its path. */
function inlineMessage(issue: SubmissionIssue): string {
  return isMissing(issue) ? 'Required.' : withoutPath(issue.message, issue.field);
}

// An issue below a list field (`commands.2`) belongs to the textarea that holds the list.
function isGroupField(field: string): boolean {
  return /^(?:commands|experiment\.(?:constant|authors|tags))\.\d+$/.test(field);
}

function controlFor(form: HTMLFormElement, field: string): Control | null {
  if (field === '') return null;
  const exact = form.querySelector<Control>(`[name="${cssEscape(field)}"]:not([type=hidden])`);
  if (exact) return exact;
  const list = /^(.*)\.\d+$/.exec(field)?.[1];
  if (list && isGroupField(field)) return form.querySelector<Control>(`[name="${cssEscape(list)}"]`);
  return form.querySelector<Control>(`[name^="${cssEscape(field)}."]:not([type=hidden])`);
}

function cssEscape(text: string): string {
  return text.replace(/["\\]/g, '\\$&');
}

/** The zod message without the `path: ` checkYaml puts before it (the list names the field). */
function withoutPath(message: string, field: string): string {
  const path = field.startsWith('experiment.') ? field.slice('experiment.'.length) : field;
  return path !== '' && message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
}

function fileName(path: string): string {
  return path.split('/').at(-1) ?? path;
}
