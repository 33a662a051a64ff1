import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { REPO_ROOT } from '../helpers/build-site.ts';

// The /try page's "prepare a submission" form ([data-try-submission], src/try/submission/): its
// controls are named by their run.yaml path (`label`, `value`), experiment.yaml's under
// `experiment.`, and the folder names `experiment-id` and `run-id`. The zip it downloads is
// unpacked and checked with the real `benchfolio validate`, as a reviewer's CI would.

const run = promisify(execFile);
const CLI = join(REPO_ROOT, 'packages', 'parsers', 'bin', 'benchfolio.js');

/** Values by control name; a select gets the option of that value. */
export type FormValues = Record<string, string>;

/** Fills the form's controls by name, leaving alone those not given (and those the outputs filled). */
export async function fillSubmission(form: Locator, values: FormValues): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const control = form.locator(`[name="${name}"]`);
    if ((await control.count()) !== 1)
      throw new Error(`the submission form has ${await control.count()} controls named ${name}`);
    const tag = await control.evaluate((node) => node.tagName);
    if (tag === 'SELECT') await control.selectOption(value);
    else await control.fill(value);
  }
}

/** The issues the form lists ([data-submission-issues] li), for a failure message. */
export async function listedIssues(form: Locator): Promise<string[]> {
  return form
    .locator('[data-submission-issues] li')
    .evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ''));
}

/** Clicks the download button and saves what the browser downloads into `dir`. */
export async function downloadZip(page: Page, button: Locator, dir: string, timeoutMs = 10_000): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: timeoutMs }), button.click()]);
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** Unpacks the zip into `dir`; returns the paths it held, as the zip names them. */
export async function unzipInto(zipPath: string, dir: string): Promise<string[]> {
  const entries = unzipSync(new Uint8Array(await readFile(zipPath)));
  const names = Object.keys(entries).filter((name) => !name.endsWith('/'));
  for (const name of names) {
    const path = join(dir, name);
    // A zip made for content/results/ holds relative paths inside one experiment folder.
    if (!path.startsWith(dir + sep)) throw new Error(`the zip's entry ${name} leaves the folder`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, entries[name] as Uint8Array);
  }
  return names.sort();
}

/**
 * The disks the form took from the outputs (fio's disk stats name them) need their model, which
 * no output prints: `lsblk`'s, else the kernel driver's name (a virtio disk has no model).
 */
export async function fillDiskModels(form: Locator): Promise<void> {
  const models = form.locator('[name^="system.disks."][name$=".model"]');
  for (let index = 0; index < (await models.count()); index++) {
    const device = await form.locator(`[name="system.disks.${index}.device"]`).inputValue();
    await form.locator(`[name="system.disks.${index}.model"]`).fill(await diskModel(device));
  }
}

async function diskModel(device: string): Promise<string> {
  const name = device.replace(/^\/dev\//, '');
  try {
    const { stdout } = await run('lsblk', ['-dno', 'MODEL', `/dev/${name}`]);
    if (stdout.trim() !== '') return stdout.trim();
  } catch {
    // No such device here, or no lsblk: the driver, then a plain statement.
  }
  try {
    const driver = /^DRIVER=(.+)$/m.exec(await readFile(`/sys/block/${name}/device/uevent`, 'utf8'))?.[1];
    if (driver !== undefined) return `${driver} device (lsblk prints no model)`;
  } catch {
    // Not a whole disk (a partition) or not this machine's.
  }
  return 'not reported (lsblk prints no model)';
}

export interface ValidateRun {
  exitCode: number;
  output: string;
}

/** `benchfolio validate <dir>`: the CLI contributors and CI run on content. */
export async function validate(dir: string): Promise<ValidateRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, 'validate', dir], { cwd: REPO_ROOT });
    return { exitCode: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { exitCode: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}
