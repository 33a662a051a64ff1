// "Prepare a submission": a form for run.yaml (and experiment.yaml for a new experiment),
// prefilled with what the outputs reveal, checked as the reader types with the schemas
// `npm run validate` uses, and a zip of the run folder made in the browser. Nothing is uploaded.

import { disksFieldset } from './disks-fieldset.ts';
import { experimentFieldset } from './experiment-fieldset.ts';
import { type Control, element } from './form-fields.ts';
import { showIssues } from './issues-view.ts';
import type { SubmissionPrefill } from './prefill.ts';
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
  experiments: Array<{ id: string; title: string }>;
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

  const experiment = experimentFieldset(document, options, prefill);
  const disks = disksFieldset(document, prefill);
  form.append(
    experiment.element,
    runFieldset(document, prefill),
    systemFieldset(document, prefill, disks.element),
    toolsFieldset(document, prefill),
    outputsFieldset(document, prefill.outputs),
    commandsFieldset(document),
  );

  const issuesBox = element(document, 'div', '', 'submission-issues');
  issuesBox.dataset.submissionIssues = '';
  const issuesTitle = element(document, 'h3', 'Issues');
  issuesTitle.id = 'submission-issues-title';
  issuesTitle.tabIndex = -1;
  const issuesCount = element(document, 'p', '', 'submission-issues-count');
  issuesCount.setAttribute('aria-live', 'polite');
  const issuesList = element(document, 'ul');
  issuesBox.append(issuesTitle, issuesCount, issuesList);

  const download = element(document, 'button', 'Download run folder (.zip)', 'submission-download');
  download.type = 'button';
  download.dataset.submissionDownload = '';
  const downloadStatus = element(document, 'p', '', 'submission-download-status');
  downloadStatus.setAttribute('role', 'status');
  form.append(issuesBox, download, downloadStatus);

  const steps = stepsElement(document, options.contributingHref);
  container.replaceChildren(privacy, intro, form, steps.element);

  const bySource = new Map(options.files.map((file) => [file.name, file]));
  let issues: SubmissionIssue[] = [];
  // A field is marked once the reader has been to it, holds a value, or has tried to download:
  // an empty form is not a page of errors, though the list names everything still missing.
  const touched = new Set<string>();
  let isMarkingAll = false;
  const isMarked = (control: Control) => isMarkingAll || touched.has(control.name) || control.value.trim() !== '';
  const refresh = (event?: Event) => {
    const target = event?.target as Partial<Control> | null | undefined;
    if (target?.name) touched.add(target.name);
    const values = readValues(form);
    const sizes = prefill.outputs.map((output) => bySource.get(output.source)?.sizeBytes ?? 0);
    // A published experiment's id is one of the list's: the form checks the choice itself.
    const folderIssues = checkRunFolder(values, sizes).issues.filter(
      (issue) => values.isNewExperiment || issue.field !== 'experiment-id',
    );
    issues = [...folderIssues, ...formIssues(values, options)];
    showIssues(form, issues, issuesCount, issuesList, isMarked);
    download.setAttribute('aria-disabled', String(issues.length > 0));
    steps.update(values);
  };
  form.addEventListener('input', refresh);
  form.addEventListener('change', refresh);
  experiment.onModeChange(() => refresh());
  disks.onChange(() => refresh());

  download.addEventListener('click', async () => {
    refresh();
    if (issues.length > 0) {
      isMarkingAll = true;
      showIssues(form, issues, issuesCount, issuesList, isMarked);
      downloadStatus.textContent = `Fix the ${issues.length === 1 ? 'issue' : `${issues.length} issues`} listed above first.`;
      issuesTitle.focus();
      return;
    }
    downloadStatus.textContent = 'Making the zip…';
    const values = readValues(form);
    const bytes = await Promise.all(
      prefill.outputs.map((output) => bySource.get(output.source)?.bytes() ?? Promise.resolve(new Uint8Array())),
    );
    const zip = runFolderZip(values, bytes);
    if (zip.bytes === null) {
      issues = zip.issues;
      isMarkingAll = true;
      showIssues(form, issues, issuesCount, issuesList, isMarked);
      downloadStatus.textContent = 'The run folder has issues: see the list above.';
      issuesTitle.focus();
      return;
    }
    saveFile(document, zip.fileName, zip.bytes);
    downloadStatus.textContent = `Saved ${zip.fileName}: unzip it in content/results/ as the steps below say.`;
  });
  refresh();
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

/** What only the page knows: the published experiments, and which inputs it has. */
function formIssues(values: RunFolderValues, options: SubmissionOptions): SubmissionIssue[] {
  const issues: SubmissionIssue[] = [];
  const at = (field: string, message: string) =>
    issues.push({ file: `${RESULTS_ROOT}/${values.experimentId}`, line: 1, column: 1, field, message });
  const known = options.experiments.some((experiment) => experiment.id === values.experimentId);
  if (values.isNewExperiment && known) {
    at('experiment-id', `${values.experimentId} is a published experiment: choose it above to add this run to it`);
  }
  if (!values.isNewExperiment && !known) at('existing-experiment', 'choose a published experiment');
  const names = new Set(options.files.map((file) => file.name));
  options.prefill.outputs.forEach((output, index) => {
    if (!names.has(output.source)) at(`outputs.${index}.file`, `${output.source} is no longer on the page`);
  });
  return issues;
}

function saveFile(document: Document, name: string, bytes: Uint8Array): void {
  const view = document.defaultView;
  if (!view) return;
  const blob = new view.Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
  const url = view.URL.createObjectURL(blob);
  const link = element(document, 'a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  view.setTimeout(() => view.URL.revokeObjectURL(url), 60_000);
}
