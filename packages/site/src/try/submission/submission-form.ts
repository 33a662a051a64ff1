// "Prepare a submission": a form for run.yaml (and experiment.yaml for a new experiment),
// prefilled with what the outputs reveal, checked as the reader types with the schemas
// `npm run validate` uses, and a zip of the run folder made in the browser. Nothing is uploaded.

import { EXPERIMENT_ID } from '@benchfolio/parsers/content';
import { saveFile } from '../../lib/save-file.ts';
import { disksFieldset } from './disks-fieldset.ts';
import { type ExperimentCheck, experimentCheck, type PublishedState } from './experiment-check.ts';
import { experimentFieldset } from './experiment-fieldset.ts';
import { type Control, element } from './form-fields.ts';
import { showIssues } from './issues-view.ts';
import type { CutOutput, SubmissionPrefill } from './prefill.ts';
import type { PublishedExperiments } from './published-experiments.ts';
import { commandsFieldset, outputsFieldset, runFieldset, systemFieldset, toolsFieldset } from './run-fieldsets.ts';
import {
  checkRunFolder,
  RESULTS_ROOT,
  type RunFolderValues,
  runFolderZip,
  type SubmissionIssue,
} from './run-folder.ts';
import { stepsElement } from './submission-steps.ts';
import './submission.css';

export interface SubmissionFile {
  /** The name the page knows the input by: `PrefillOutput.source`. */
  name: string;
  bytes(): Promise<Uint8Array>;
  /** Its size, when known: outputs over validate's 50 MB limit are flagged before the download. */
  sizeBytes?: number;
}

export interface SubmissionOptions {
  prefill: SubmissionPrefill;
  files: SubmissionFile[];
  /** The site's experiments, asked one at a time: suggestions by title, and whether an id is published. */
  published: PublishedExperiments;
  /** Where the site links CONTRIBUTING.md (the repository's copy); named without a link when absent. */
  contributingHref?: string;
}

/** Builds the form in `container` (the page's `[data-try-submission]`), replacing what was there. */
export function mountSubmission(container: HTMLElement, options: SubmissionOptions): void {
  const document = container.ownerDocument;
  const { prefill } = options;
  const form = element(document, 'form', '', 'submission-form');
  form.noValidate = true;
  form.dataset.submissionForm = '';
  form.addEventListener('submit', (event) => event.preventDefault());

  // Answers about an experiment id come later: the form is checked again then.
  let refresh = () => {};
  const check = experimentCheck(options.published, () => refresh());
  const experiment = experimentFieldset(document, { published: options.published, check }, prefill);
  const disks = disksFieldset(document, prefill);
  form.append(
    experiment.element,
    runFieldset(document, prefill),
    systemFieldset(document, prefill, disks.element),
    toolsFieldset(document, prefill),
    outputsFieldset(document, prefill.outputs),
    commandsFieldset(document),
  );
  const panel = issuesPanel(document);
  const download = downloadControls(document);
  form.append(panel.box, download.button, download.status);
  const steps = stepsElement(document, options.contributingHref);
  container.replaceChildren(...introParagraphs(document), form, steps.element);

  // The file of each prefilled output, in the outputs' order (undefined once it left the page).
  const outputFiles = prefill.outputs.map((output) => options.files.find((file) => file.name === output.source));
  const checker = formChecker(form, { ...options, check }, outputFiles, panel, (values, issues) => {
    download.button.setAttribute('aria-disabled', String(issues.length > 0));
    steps.update(values);
  });
  form.addEventListener('input', checker.refresh);
  form.addEventListener('change', checker.refresh);
  experiment.onModeChange(() => checker.refresh());
  disks.onChange(() => checker.refresh());
  const cuts = prefill.outputs.map((output) => output.cut);
  download.button.addEventListener('click', () => downloadRunFolder(form, outputFiles, cuts, checker, download.status));
  refresh = () => checker.refresh();
  checker.refresh();
}

function introParagraphs(document: Document): HTMLElement[] {
  const privacy = element(
    document,
    'p',
    'Nothing is uploaded: the run folder is checked and zipped in your browser, and you open the pull request yourself.',
    'submission-privacy',
  );
  privacy.dataset.submissionPrivacy = '';
  const intro = element(
    document,
    'p',
    'Fields marked “from your outputs” were read from the outputs above; check them. Leave out what you do not know: nothing is guessed.',
  );
  return [privacy, intro];
}

/** The list of what still keeps the run folder from validating, with its count read out. */
interface IssuesPanel {
  box: HTMLElement;
  title: HTMLElement;
  count: HTMLElement;
  list: HTMLElement;
}

function issuesPanel(document: Document): IssuesPanel {
  const box = element(document, 'div', '', 'submission-issues');
  box.dataset.submissionIssues = '';
  const title = element(document, 'h3', 'Issues');
  title.id = 'submission-issues-title';
  title.tabIndex = -1;
  const count = element(document, 'p', '', 'submission-issues-count');
  count.setAttribute('aria-live', 'polite');
  const list = element(document, 'ul');
  box.append(title, count, list);
  return { box, title, count, list };
}

function downloadControls(document: Document): { button: HTMLButtonElement; status: HTMLElement } {
  const button = element(document, 'button', 'Download run folder (.zip)', 'submission-download');
  button.type = 'button';
  button.dataset.submissionDownload = '';
  const status = element(document, 'p', '', 'submission-download-status');
  status.setAttribute('role', 'status');
  return { button, status };
}

/** Checks the form as the reader types, and shows the issues of the fields they have been to. */
interface FormChecker {
  refresh(event?: Event): void;
  /** The issues of the last check. */
  issues(): SubmissionIssue[];
  /** Shows `issues` on every field, touched or not, and moves the focus to the list. */
  showAll(issues: SubmissionIssue[]): void;
}

function formChecker(
  form: HTMLFormElement,
  options: SubmissionOptions & { check: ExperimentCheck },
  outputFiles: ReadonlyArray<SubmissionFile | undefined>,
  panel: IssuesPanel,
  onChecked: (values: RunFolderValues, issues: readonly SubmissionIssue[]) => void,
): FormChecker {
  let issues: SubmissionIssue[] = [];
  // A field is marked once the reader has been to it, holds a value, or has tried to download:
  // an empty form is not a page of errors, though the list names everything still missing.
  const touched = new Set<string>();
  let isMarkingAll = false;
  const isMarked = (control: Control) => isMarkingAll || touched.has(control.name) || control.value.trim() !== '';
  const show = () => showIssues(form, issues, panel.count, panel.list, isMarked);
  return {
    refresh(event) {
      const target = event?.target as Partial<Control> | null | undefined;
      if (target?.name) touched.add(target.name);
      const values = readValues(form);
      const outputs = outputFiles.map((file, index) => ({
        sizeBytes: file?.sizeBytes ?? 0,
        cut: options.prefill.outputs[index]?.cut ?? null,
      }));
      // A published experiment's id is checked against the site (formIssues), not as a new folder.
      const folderIssues = checkRunFolder(values, outputs).issues.filter(
        (issue) => values.isNewExperiment || issue.field !== 'experiment-id',
      );
      issues = [...folderIssues, ...formIssues(values, options)];
      show();
      onChecked(values, issues);
    },
    issues: () => issues,
    showAll(shown) {
      issues = shown;
      isMarkingAll = true;
      show();
      panel.title.focus();
    },
  };
}

/** Checks everything once more, then zips the run folder and saves it, or says what is left. */
async function downloadRunFolder(
  form: HTMLFormElement,
  outputFiles: ReadonlyArray<SubmissionFile | undefined>,
  cuts: ReadonlyArray<CutOutput | null>,
  checker: FormChecker,
  status: HTMLElement,
): Promise<void> {
  checker.refresh();
  const issues = checker.issues();
  if (issues.length > 0) {
    checker.showAll(issues);
    status.textContent = `Fix the ${issues.length === 1 ? 'issue' : `${issues.length} issues`} listed above first.`;
    return;
  }
  status.textContent = 'Making the zip…';
  const values = readValues(form);
  const bytes = await Promise.all(outputFiles.map((file) => file?.bytes() ?? Promise.resolve(new Uint8Array())));
  const zip = runFolderZip(values, bytes, cuts);
  if (zip.bytes === null) {
    checker.showAll(zip.issues);
    status.textContent = 'The run folder has issues: see the list above.';
    return;
  }
  const document = form.ownerDocument;
  const blob = new (document.defaultView?.Blob ?? Blob)([zip.bytes as Uint8Array<ArrayBuffer>], {
    type: 'application/zip',
  });
  saveFile(document, blob, zip.fileName);
  status.textContent = `Saved ${zip.fileName}: unzip it in content/results/ as the steps below say.`;
}

/** The form's values: ids from the experiment choice, every other named control by its path. */
export function readValues(form: HTMLFormElement): RunFolderValues {
  const fields: Record<string, string> = {};
  let mode = 'new';
  let existing = '';
  let newId = '';
  let runId = '';
  for (const control of Array.from(form.elements) as Control[]) {
    if (!control.name || control.disabled || control.closest('fieldset[disabled]')) continue;
    if (control.type === 'radio') {
      const radio = control as HTMLInputElement;
      if (radio.checked && radio.name === 'experiment-mode') mode = radio.value;
      continue;
    }
    if (control.name === 'existing-experiment') existing = control.value;
    else if (control.name === 'experiment-id') newId = control.value.trim();
    else if (control.name === 'run-id') runId = control.value.trim();
    else fields[control.name] = control.value;
  }
  const isNewExperiment = mode === 'new';
  return { experimentId: isNewExperiment ? newId : existing, isNewExperiment, runId, fields };
}

/** What only the page knows: whether the experiment is published, and which inputs it has. */
function formIssues(
  values: RunFolderValues,
  options: SubmissionOptions & { check: ExperimentCheck },
): SubmissionIssue[] {
  const issues: SubmissionIssue[] = [];
  const at = (field: string, message: string) =>
    issues.push({ file: `${RESULTS_ROOT}/${values.experimentId}`, line: 1, column: 1, field, message });
  const id = values.experimentId;
  // Only a possible folder name is asked about; the folder checks name what is wrong with others.
  const state = EXPERIMENT_ID.test(id) ? options.check.state(id) : undefined;
  if (values.isNewExperiment && state === 'published') {
    at('experiment-id', `${id} is a published experiment: choose it above to add this run to it`);
  }
  if (!values.isNewExperiment) {
    const problem = existingProblem(id, state);
    if (problem !== undefined) at('existing-experiment', problem);
  }
  const names = new Set(options.files.map((file) => file.name));
  options.prefill.outputs.forEach((output, index) => {
    if (!names.has(output.source)) at(`outputs.${index}.file`, `${output.source} is no longer on the page`);
  });
  return issues;
}

/** What keeps `id` from naming a published experiment, if anything; the site unreachable is no reason. */
function existingProblem(id: string, state: PublishedState | undefined): string | undefined {
  if (id === '') return 'choose a published experiment';
  if (state === undefined) return `${id} is not a folder name: pick one of the suggestions`;
  if (state === 'checking') return `checking that ${id} is a published experiment…`;
  if (state === 'unpublished') return `no published experiment has the folder name ${id}`;
  return undefined;
}
