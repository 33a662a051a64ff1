// The /try page once the reader has given outputs: analyze them (in a worker when large), then
// draw what was detected, the tables, the charts, the compare view and the submission form.
// Loaded lazily by the page's small entry script: none of this is fetched before an input.

import { loadPagefind } from '../lib/pagefind.ts';
import { analyze } from './analyze.ts';
import { mountCompareWith } from './compare-with.ts';
import { inputBytes } from './parse-input.ts';
import { renderOutputs } from './render-outputs.ts';
import { renderSections } from './render-sections.ts';
import { mountStandings } from './standings.ts';
import { sitePublishedExperiments } from './submission/published-experiments.ts';
import { mountSubmission } from './submission/submission-form.ts';
import { type TryInput, type TryView, WORKER_THRESHOLD_BYTES, type WorkerMessage, YOUR_RUN } from './try-view.ts';

export interface TryPage {
  results: HTMLElement;
  status: HTMLElement;
  progress: HTMLProgressElement;
  outputs: HTMLElement;
  sections: HTMLElement;
  compare: HTMLElement;
  /** "Where your run stands": the reader's numbers among the published runs of their workloads. */
  standings: HTMLElement;
  submission: HTMLElement;
  /**
   * The site's base path (`/`, `/benchfolio/`). The page carries nothing that lists the
   * experiments: the compare view and the form ask the site's search index and files.
   */
  base: string;
  /** The repository's CONTRIBUTING.md, when the build knows the repository. */
  contributingHref?: string;
}

let current = 0;
let worker: Worker | undefined;

/** Analyzes `inputs` and draws the result; a later call supersedes an unfinished one. */
export async function showInputs(page: TryPage, inputs: readonly TryInput[]): Promise<void> {
  const ticket = ++current;
  worker?.terminate();
  worker = undefined;
  const totalBytes = inputs.reduce((sum, input) => sum + inputBytes(input), 0);
  page.results.dataset.state = 'parsing';
  page.progress.hidden = false;
  page.progress.value = 0;
  page.status.textContent = `Parsing ${describe(inputs)}…`;
  const onProgress = ({ name, readBytes }: { name: string; readBytes: number; totalBytes: number }) => {
    if (ticket !== current) return;
    const percent = totalBytes === 0 ? 100 : Math.floor((100 * readBytes) / totalBytes);
    page.progress.value = percent / 100;
    page.status.textContent = `Parsing ${name}… ${percent} %`;
  };
  let view: TryView;
  try {
    view = totalBytes > WORKER_THRESHOLD_BYTES ? await inWorker(inputs, onProgress) : await analyze(inputs, onProgress);
  } catch (error) {
    if (ticket !== current) return;
    page.results.dataset.state = 'done';
    page.progress.hidden = true;
    page.status.textContent = `The page could not parse these outputs: ${error instanceof Error ? error.message : String(error)}`;
    return;
  }
  if (ticket !== current) return;
  draw(page, view, inputs);
}

function draw(page: TryPage, view: TryView, inputs: readonly TryInput[]): void {
  const failed = view.outputs.filter((output) => !output.ok).length;
  page.progress.hidden = true;
  page.status.textContent = `Parsed ${view.outputs.length} output${view.outputs.length === 1 ? '' : 's'}${failed > 0 ? `: ${failed} could not be read` : ''}.`;
  renderOutputs(page.outputs, view.outputs);
  renderSections(page.sections, view.sections, [YOUR_RUN]);
  page.sections.closest('section')?.toggleAttribute('hidden', view.sections.length === 0);
  const parsedSizes = new Map(view.outputs.flatMap((output) => (output.ok ? [[output.name, output.sizeBytes]] : [])));
  const hasParsed = parsedSizes.size > 0;
  page.compare.closest('section')?.toggleAttribute('hidden', !hasParsed);
  page.standings.closest('section')?.toggleAttribute('hidden', !hasParsed);
  page.submission.closest('section')?.toggleAttribute('hidden', !hasParsed);
  if (hasParsed) {
    void mountCompareWith(page.compare, {
      yours: view.sections,
      yourRun: YOUR_RUN,
      yourFingerprints: view.fingerprints,
      yourIostat: view.iostat,
      loadSearch: loadPagefind,
      base: page.base,
    });
    void mountStandings(page.standings, {
      yours: view.sections,
      yourRun: YOUR_RUN,
      yourFingerprints: view.fingerprints,
      base: page.base,
    });
    mountSubmission(page.submission, {
      prefill: view.prefill,
      files: inputs.flatMap((input) => {
        const sizeBytes = parsedSizes.get(input.name);
        return sizeBytes === undefined ? [] : [{ name: input.name, sizeBytes, bytes: () => bytesOf(input) }];
      }),
      published: sitePublishedExperiments(loadPagefind, page.base),
      ...(page.contributingHref === undefined ? {} : { contributingHref: page.contributingHref }),
    });
  }
  page.results.dataset.state = 'done';
  // An error is the thing to look at: bring the first failing line into view.
  page.outputs.querySelector('[data-offending="true"]')?.scrollIntoView({ block: 'center' });
}

function inWorker(
  inputs: readonly TryInput[],
  onProgress: (progress: { name: string; readBytes: number; totalBytes: number }) => void,
): Promise<TryView> {
  return new Promise((resolve, reject) => {
    const parser = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });
    worker = parser;
    parser.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.kind === 'progress') onProgress(message);
      else {
        parser.terminate();
        if (message.kind === 'done') resolve(message.view);
        else reject(new Error(message.message));
      }
    });
    parser.addEventListener('error', (event) => {
      parser.terminate();
      reject(new Error(event.message || 'the parse worker stopped'));
    });
    parser.postMessage({ inputs });
  });
}

async function bytesOf(input: TryInput): Promise<Uint8Array> {
  return 'text' in input ? new TextEncoder().encode(input.text) : new Uint8Array(await input.file.arrayBuffer());
}

function describe(inputs: readonly TryInput[]): string {
  return inputs.length === 1 ? (inputs[0]?.name ?? '') : `${inputs.length} outputs`;
}
