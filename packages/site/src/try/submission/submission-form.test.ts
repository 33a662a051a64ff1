import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse } from '@benchfolio/parsers';
import { unzipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchRecord } from '../../catalog/search-record.ts';
import { loadRealExperiments } from '../../data/test-content.ts';
import { fakePagefind, searchRecordsOf } from '../test-pagefind.ts';
import { submissionPrefill } from './prefill.ts';
import { sitePublishedExperiments } from './published-experiments.ts';
import { mountSubmission } from './submission-form.ts';

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const EXT4 = join(REPO, 'content/results/2026-11-ext4-xfs-btrfs-loopback/runs/ext4');
const CLI = join(REPO, 'packages/parsers/src/cli/main.ts');
const OUTPUTS = ['iostat--ext4.txt', 'sysbench--fileio-rndrw-t4-1.txt'];
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
/** A real iostat output stopped by ^C inside a report: the parser's TRUNCATED warning. */
const IOSTAT_CUT = join(REPO, 'packages/parsers/fixtures/iostat/sysstat-12.6.1--ctrl-c-inside-report.input.txt');

/** The site's search records (content/results), and the addresses its experiment pages have. */
let records: SearchRecord[];
let pages: Set<string>;
beforeAll(async () => {
  records = searchRecordsOf(await loadRealExperiments());
  pages = new Set(records.map((record) => record.url));
});

let dom: JSDOM | undefined;
const temps: string[] = [];
afterEach(async () => {
  dom?.window.close();
  dom = undefined;
  vi.unstubAllGlobals();
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** `fetch` as the static site answers it: 200 for an experiment's page, 404 for anything else. */
function stubSite(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${url}`);
    return pages.has(url) ? new Response(null, { status: 200 }) : new Response(null, { status: 404 });
  });
  return asked;
}

/** The form mounted as the page mounts it, on real outputs (by default two of EXT4) given as pasted text. */
async function mounted(paths: readonly string[] = OUTPUTS.map((file) => join(EXT4, file))) {
  const asked = stubSite();
  dom = new JSDOM('<!doctype html><body><div data-try-submission></div></body>', { url: 'https://example.test/try/' });
  const { window } = dom;
  const container = window.document.querySelector<HTMLElement>('[data-try-submission]') as HTMLElement;
  const texts = await Promise.all(paths.map((path) => readFile(path)));
  const inputs = texts.map((bytes, index) => ({ name: `pasted-${index + 1}.txt`, bytes: new Uint8Array(bytes) }));
  const prefill = submissionPrefill(
    inputs.map((input) => ({ file: input.name, parsed: parse(new TextDecoder().decode(input.bytes)) })),
  );
  mountSubmission(container, {
    prefill,
    files: inputs.map((input) => ({ name: input.name, bytes: async () => input.bytes })),
    published: sitePublishedExperiments(async () => fakePagefind(records), '/'),
  });
  const control = (name: string) => {
    const found = container.querySelector<HTMLInputElement>(`[name="${name}"]`);
    if (!found) throw new Error(`no control named ${name}`);
    return found;
  };
  const fill = (name: string, value: string) => {
    const target = control(name);
    target.value = value;
    target.dispatchEvent(new window.Event('input', { bubbles: true }));
  };
  const issueFields = () =>
    Array.from(container.querySelectorAll<HTMLElement>('[data-submission-issues] li')).map(
      (item) => item.dataset.field,
    );
  return { window, container, inputs, control, fill, issueFields, asked };
}

describe('mountSubmission', () => {
  it('prefills what the outputs show and marks it as from the outputs', async () => {
    const { container, control } = await mounted();
    const banner = /^Linux (\S+) \((\S+)\)/.exec(await readFile(join(EXT4, 'iostat--ext4.txt'), 'utf8'));
    expect(control('system.kernel').value).toBe(banner?.[1]);
    expect(control('system.host').value).toBe(banner?.[2]);
    expect(control('tools.sysbench').value).toBe('sysbench 1.0.20');
    expect(control('outputs.1.workload').value).toBe('fileio-rndrw-t4');
    const kernelNote = container.querySelector(`#${control('system.kernel').id}-from`);
    expect(kernelNote?.textContent).toBe('From your outputs (pasted-1.txt).');
    expect(control('system.kernel').getAttribute('aria-describedby')).toContain(kernelNote?.id);
    // Nothing leaves the browser, and the page says so.
    expect(container.querySelector('[data-submission-privacy]')?.textContent).toContain('Nothing is uploaded');
  });

  it('lists an issue for a bad value live, on its field, and refuses to download', async () => {
    const { container, control, fill, issueFields } = await mounted();
    // The iostat devices came in as disks without a model: the form asks for them. The list names
    // every missing field; a field is marked only once the reader has been to it.
    expect(issueFields()).toContain('system.disks.0.model');
    expect(issueFields()).toContain('label');
    expect(control('label').hasAttribute('aria-invalid')).toBe(false);
    fill('date', '2026-21-11');
    expect(issueFields()).toContain('date');
    expect(control('date').getAttribute('aria-invalid')).toBe('true');
    const item = container.querySelector('[data-submission-issues] li[data-field="date"]');
    expect(item?.textContent).toContain('a date: YYYY-MM-DD, YYYY-MM or YYYY');
    expect(item?.textContent).toMatch(/run\.yaml, line \d+, column \d+/);
    expect(item?.querySelector('a')?.getAttribute('href')).toBe(`#${control('date').id}`);
    fill('date', '2026-11-21');
    expect(issueFields()).not.toContain('date');
    expect(control('date').hasAttribute('aria-invalid')).toBe(false);

    const download = container.querySelector<HTMLButtonElement>('button[data-submission-download]');
    expect(download?.getAttribute('aria-disabled')).toBe('true');
    download?.click();
    expect(container.ownerDocument.activeElement?.id).toBe('submission-issues-title');
    // Having tried, every field with an issue is marked, with the reason beside it.
    expect(control('label').getAttribute('aria-invalid')).toBe('true');
    expect(container.querySelector(`#${control('label').id}-issue`)?.textContent).toBe('Required.');
  });

  it('downloads a zip of a new experiment that benchfolio validate accepts', async () => {
    const { window, container, inputs, control, fill, issueFields } = await mounted();
    fill('experiment-id', '2026-11-try-page-ext4');
    fill('experiment.title', 'ext4 on a loop image, from the /try page');
    fill('experiment.summary', 'The loopback run’s iostat log and one sysbench run, submitted through the form.');
    control('experiment.variable.kind').value = 'filesystem';
    control('experiment.variable.kind').dispatchEvent(new window.Event('change', { bubbles: true }));
    fill('experiment.authors', 'A. Reader');
    fill('experiment.license', 'CC-BY-4.0');
    fill('run-id', 'ext4');
    fill('label', 'ext4, defaults');
    fill('value', 'ext4');
    // Of the devices iostat saw, vda is the disk; loop0 is not a disk: remove it.
    expect(control('system.disks.0.device').value).toBe('loop0');
    container.querySelector<HTMLButtonElement>('[data-remove-disk="0"]')?.click();
    expect(control('system.disks.0.device').value).toBe('vda');
    fill('system.disks.0.model', 'no model reported (virtio_blk)');
    fill('system.cpu.model', 'AMD EPYC');
    fill('tools.iostat', 'sysstat 12.6.1');
    expect(issueFields()).toEqual([]);

    const saved = new Promise<{ name: string; blob: Blob }>((resolve) => {
      let blob: Blob | undefined;
      window.URL.createObjectURL = (object: Blob) => {
        blob = object;
        return 'blob:https://example.test/zip';
      };
      window.URL.revokeObjectURL = () => {};
      window.HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        if (blob) resolve({ name: this.download, blob });
      };
    });
    const download = container.querySelector<HTMLButtonElement>('button[data-submission-download]');
    expect(download?.getAttribute('aria-disabled')).toBe('false');
    download?.click();
    const { name, blob } = await saved;
    expect(name).toBe('2026-11-try-page-ext4--ext4.zip');

    const entries = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const runDir = '2026-11-try-page-ext4/runs/ext4';
    expect(Object.keys(entries).sort()).toEqual(
      [
        '2026-11-try-page-ext4/experiment.yaml',
        `${runDir}/run.yaml`,
        `${runDir}/${control('outputs.0.file').value}`,
        `${runDir}/${control('outputs.1.file').value}`,
      ].sort(),
    );
    expect(entries[`${runDir}/${control('outputs.1.file').value}`]).toEqual(inputs[1]?.bytes);

    const dir = await mkdtemp(join(tmpdir(), 'benchfolio-form-'));
    temps.push(dir);
    for (const [path, bytes] of Object.entries(entries)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), bytes);
    }
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'validate', dir]);
    expect(stdout).toContain('1 experiment valid, 0 errors');

    // The steps name the zip and the folder the reader chose.
    const steps = container.querySelector('[data-submission-steps]')?.textContent ?? '';
    expect(steps).toContain('unzip ~/Downloads/2026-11-try-page-ext4--ext4.zip');
    expect(steps).toContain('npm run validate');
  });

  it('adds to a published experiment found by words of its title, without an experiment.yaml', async () => {
    const { window, container, control, fill, issueFields } = await mounted();
    const radio = container.querySelector<HTMLInputElement>('input[name="experiment-mode"][value="existing"]');
    if (!radio) throw new Error('no radio');
    radio.checked = true;
    radio.dispatchEvent(new window.Event('change', { bubbles: true }));
    expect(issueFields()).toContain('existing-experiment');
    expect(issueFields().some((field) => field?.startsWith('experiment.'))).toBe(false);
    // The loopback's title: "ext4 vs xfs vs btrfs on loop images on a virtio disk, with fio, ...". The
    // btrfs RAID experiments' titles say "loop images" too, but not "xfs".
    fill('existing-experiment', 'xfs vs btrfs on loop images');
    const suggestions = () =>
      [...container.querySelectorAll<HTMLOptionElement>('datalist option')].map((option) => [
        option.value,
        option.label,
      ]);
    await vi.waitFor(() => expect(suggestions()).toHaveLength(1));
    const title = records.find((record) => record.meta.id === LOOPBACK)?.meta.title;
    expect(suggestions()).toEqual([[LOOPBACK, title]]);
    const list = container.querySelector('datalist');
    expect(control('existing-experiment').getAttribute('list')).toBe(list?.id);
    expect(container.querySelector('[data-existing-suggestions]')?.textContent).toBe(
      '1 published experiment matches “xfs vs btrfs on loop images”: pick one from the field’s list.',
    );
    // Words are no folder name; the suggestion picked is.
    expect(issueFields()).toContain('existing-experiment');
    control('existing-experiment').value = LOOPBACK;
    control('existing-experiment').dispatchEvent(new window.Event('change', { bubbles: true }));
    fill('run-id', 'ext4-again');
    expect(issueFields()).not.toContain('existing-experiment');
    expect(issueFields()).not.toContain('experiment-id');
  });

  it('checks a typed folder name against the site: its page there or not', async () => {
    const { window, container, fill, issueFields, asked } = await mounted();
    const radio = container.querySelector<HTMLInputElement>('input[name="experiment-mode"][value="existing"]');
    radio?.click();
    const issueOf = (field: string) =>
      container.querySelector(`[data-submission-issues] li[data-field="${field}"]`)?.textContent ?? '';
    fill('existing-experiment', '2026-11-no-such-experiment');
    expect(issueOf('existing-experiment')).toContain(
      'checking that 2026-11-no-such-experiment is a published experiment',
    );
    await vi.waitFor(() =>
      expect(issueOf('existing-experiment')).toContain(
        'no published experiment has the folder name 2026-11-no-such-experiment',
      ),
    );
    fill('existing-experiment', '2011-07-ext3-ext4-xfs-fio-msa70');
    await vi.waitFor(() => expect(issueFields()).not.toContain('existing-experiment'));
    expect(asked).toEqual([
      'HEAD /experiments/2026-11-no-such-experiment/',
      'HEAD /experiments/2011-07-ext3-ext4-xfs-fio-msa70/',
    ]);
    // A new experiment may not take a published one's folder name.
    container.querySelector<HTMLInputElement>('input[name="experiment-mode"][value="new"]')?.click();
    expect(window.document.querySelector('[name="experiment-id"]')).not.toBeNull();
    fill('experiment-id', LOOPBACK);
    await vi.waitFor(() =>
      expect(issueOf('experiment-id')).toContain(
        `${LOOPBACK} is a published experiment: choose it above to add this run to it`,
      ),
    );
  });

  it('says an output is cut short, and zips truncated: { accepted } only with the reader’s reason', async () => {
    const { window, container, control, fill, issueFields } = await mounted([IOSTAT_CUT]);
    const note = container.querySelector('[data-submission-cut]')?.textContent ?? '';
    expect(note).toContain('Cut short:');
    expect(note).toContain('validate refuses a cut output');
    fill('experiment-id', '2026-11-try-page-cut');
    fill('experiment.title', 'A cut iostat log, from the /try page');
    fill('experiment.summary', 'An iostat log stopped by ^C inside a report, submitted through the form.');
    control('experiment.variable.kind').value = 'filesystem';
    control('experiment.variable.kind').dispatchEvent(new window.Event('change', { bubbles: true }));
    fill('experiment.authors', 'A. Reader');
    fill('experiment.license', 'CC-BY-4.0');
    fill('run-id', 'ext4');
    fill('label', 'ext4, defaults');
    fill('value', 'ext4');
    for (let index = 0; container.querySelector(`[name="system.disks.${index}.model"]`); index++) {
      fill(`system.disks.${index}.model`, 'no model reported');
    }
    fill('tools.iostat', 'sysstat 12.6.1');
    fill('system.cpu.model', 'AMD EPYC');
    // Without a reason, the cut output keeps the zip from being made.
    expect(issueFields()).toEqual(['outputs.0.truncated.accepted']);
    const issue = container.querySelector('[data-submission-issues] li')?.textContent ?? '';
    expect(issue).toContain('validate refuses a cut output');
    const download = container.querySelector<HTMLButtonElement>('button[data-submission-download]');
    expect(download?.getAttribute('aria-disabled')).toBe('true');

    const reason = 'the operator stopped iostat with ^C during a report';
    fill('outputs.0.truncated.accepted', reason);
    expect(issueFields()).toEqual([]);
    const saved = new Promise<Blob>((resolve) => {
      let blob: Blob | undefined;
      window.URL.createObjectURL = (object: Blob) => {
        blob = object;
        return 'blob:https://example.test/zip';
      };
      window.URL.revokeObjectURL = () => {};
      window.HTMLAnchorElement.prototype.click = () => {
        if (blob) resolve(blob);
      };
    });
    download?.click();
    const entries = unzipSync(new Uint8Array(await (await saved).arrayBuffer()));
    const runYaml = new TextDecoder().decode(entries['2026-11-try-page-cut/runs/ext4/run.yaml']);
    expect(runYaml).toContain(`truncated:\n      accepted: '${reason}'`);
    const dir = await mkdtemp(join(tmpdir(), 'benchfolio-form-'));
    temps.push(dir);
    for (const [path, bytes] of Object.entries(entries)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), bytes);
    }
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, 'validate', dir]);
    expect(stdout).toContain('1 experiment valid, 0 errors');
    // The cut is still said, as a warning.
    expect(stderr).toMatch(/warning: .*\[TRUNCATED\]/);
  });
});
