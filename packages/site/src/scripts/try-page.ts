// The /try page's entry script: small, loaded with the page. It collects what the reader gives
// (pasted text, chosen or dropped files) and loads the app (parsers, charts, form) only then.

import type { TryPage } from '../try/app.ts';
import type { TryInput } from '../try/try-view.ts';

const root = document.querySelector<HTMLElement>('[data-try]');
const settingsScript = document.getElementById('try-settings');
if (root && settingsScript?.textContent) start(root, JSON.parse(settingsScript.textContent));

function start(root: HTMLElement, settings: Pick<TryPage, 'base' | 'contributingHref'>): void {
  const find = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector) as T;
  const form = find<HTMLFormElement>('[data-try-form]');
  const paste = find<HTMLTextAreaElement>('[data-try-paste]');
  const picker = find<HTMLInputElement>('[data-try-files]');
  const drop = find<HTMLElement>('[data-try-drop]');
  const logKind = find<HTMLSelectElement>('[data-try-log-kind]');
  const page: TryPage = {
    ...settings,
    results: find('[data-try-results]'),
    status: find('[data-try-status]'),
    progress: find<HTMLProgressElement>('[data-try-progress]'),
    outputs: find('[data-try-outputs]'),
    sections: find('[data-try-sections]'),
    compare: find('[data-try-compare]'),
    standings: find('[data-try-standings]'),
    submission: find('[data-try-submission]'),
  };
  let files: File[] = [];
  /** A sample loaded into the textarea keeps its file's name while the text is unchanged. */
  let sample: { name: string; text: string } | undefined;

  const inputs = (): TryInput[] => {
    const name = sample !== undefined && sample.text === paste.value ? sample.name : pastedName(logKind.value);
    const given: TryInput[] = paste.value.trim() === '' ? [] : [{ name, text: paste.value }];
    for (const file of files) given.push({ name: uniqueName(file.name, given), file });
    return given;
  };

  const parse = async () => {
    const given = inputs();
    if (given.length === 0) {
      page.status.textContent = 'Paste an output or choose files first.';
      paste.focus();
      return;
    }
    page.status.textContent = 'Loading the parsers…';
    // zod is told to make no eval before the app makes any schema: loaded first, on its own
    // (a static import would not do: the bundler orders the modules of a chunk as it likes).
    await import('../try/zod-without-eval.ts');
    const app = await import('../try/app.ts');
    await app.showInputs(page, given);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void parse();
  });
  // A paste is the whole output: parse it at once (the textarea has the text on the next turn).
  paste.addEventListener('paste', () => setTimeout(() => void parse(), 0));
  // The kind of a pasted fio log, said after the paste: read it again.
  logKind.addEventListener('change', () => {
    if (paste.value.trim() !== '') void parse();
  });
  picker.addEventListener('change', () => {
    files = [...(picker.files ?? [])];
    void parse();
  });
  wireDropZone(drop, (dropped) => {
    files = dropped;
    if (files.length > 0) void parse();
  });
  wireSampleButtons(root, page, (name, text) => {
    sample = { name, text };
    paste.value = text;
    logKind.value = '';
    picker.value = '';
    files = [];
    void parse();
  });
  find<HTMLButtonElement>('[data-try-clear]').addEventListener('click', () => {
    paste.value = '';
    logKind.value = '';
    picker.value = '';
    files = [];
    showNothingParsed(page);
    paste.focus();
  });
}

/** The drop zone: files dropped on it go to `take`. */
function wireDropZone(drop: HTMLElement, take: (files: File[]) => void): void {
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('is-dragging');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('is-dragging'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('is-dragging');
    take([...(event.dataTransfer?.files ?? [])]);
  });
}

/** The "Try a sample" buttons: each fetches its real raw output from the site and hands it to `load`. */
function wireSampleButtons(root: HTMLElement, page: TryPage, load: (name: string, text: string) => void): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-try-sample]')) {
    button.addEventListener('click', async () => {
      const { href = '', name = 'sample.txt' } = button.dataset;
      page.status.textContent = `Loading the sample ${name}…`;
      try {
        const response = await fetch(href);
        if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${href}`);
        load(name, await response.text());
      } catch (error) {
        page.status.textContent = `Could not load the sample: ${error instanceof Error ? error.message : String(error)}`;
      }
    });
  }
}

/** The results as before anything was parsed: idle, no outputs, the sections below hidden. */
function showNothingParsed(page: TryPage): void {
  page.results.dataset.state = 'idle';
  page.status.textContent = '';
  page.progress.hidden = true;
  const nothing = document.createElement('p');
  nothing.className = 'note';
  nothing.textContent = 'Nothing parsed yet.';
  page.outputs.replaceChildren(nothing);
  for (const part of [page.sections, page.compare, page.submission]) {
    part.replaceChildren();
    part.closest('section')?.setAttribute('hidden', '');
  }
}

/**
 * The name a paste goes by: `pasted-1.txt`, or with a fio log's kind picked, the name fio would
 * have given it (`pasted-1_bw.log`), from which the library reads the kind.
 */
function pastedName(kind: string): string {
  return kind === '' ? 'pasted-1.txt' : `pasted-1_${kind}.log`;
}

/** Two files of one name (from two folders) get `-2`, `-3` before the extension. */
function uniqueName(name: string, taken: readonly TryInput[]): string {
  const names = new Set(taken.map((input) => input.name));
  if (!names.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let index = 2;
  while (names.has(`${stem}-${index}${extension}`)) index++;
  return `${stem}-${index}${extension}`;
}
