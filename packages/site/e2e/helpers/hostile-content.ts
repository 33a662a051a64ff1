import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './build-site.ts';

// A hostile experiment that validates today (issue 34): a real experiment of content/results,
// Evan Hoffman's fio 1.57 runs on an HP MSA70, with what a hostile pull request can put in it.

export const HOSTILE_ID = '2011-07-ext3-ext4-xfs-fio-msa70';
export const HOSTILE_RUN = 'ext3';
/** Markup that runs a script wherever it is parsed as HTML. */
export const IMG_ALERT = '<img src=x onerror=alert(1)>';

/**
 * A real experiment beside it, as committed: the runner's outputs of every tool but sadf (fio
 * logs, iostat, bonnie++, sysbench, dd), so that each kind of chart is drawn under the policy.
 */
export const ALL_TOOLS_ID = '2026-11-ext4-xfs-btrfs-loopback';

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const REAL_EXPERIMENT = join(RESULTS_DIR, HOSTILE_ID);

/**
 * Raw outputs the fio reader reads whole, as it reads the real one they are made of: a
 * `<script>` line first (skipped as a line fio does not print), with job names carrying markup
 * (fio prints any job name), and the output wrapped in an SVG document whose `onload` runs.
 */
export function hostileOutputs(real: string): Record<string, string> {
  return {
    'fio--x.txt': `<script>alert(document.domain)</script>\n${real.replaceAll('random-write-direct', IMG_ALERT)}`,
    'fio--svg.txt': `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><!--\n${real}--></svg>\n`,
  };
}

/**
 * A write-up paragraph with every `javascript:` form of issue 34 that passes validate's line
 * check today, and data: and vbscript: spelled with an entity: each must render as its text.
 */
export const HOSTILE_LINKS = `
## Links

[a](java&#115;cript:alert(1)) and [b](&#106;avascript:alert(2)) and [r] and [c](
javascript:alert(4)) and [d](javascript&colon;alert(5)) and [e](&#100;ata:text/html,x) and
[f](vb&#115;cript:alert(6)) and ![g](java&#115;cript:alert(7)).

[r]: javascript:alert(3)
`;

/**
 * Writes the hostile experiment, and ALL_TOOLS_ID as it is, into a new folder of experiments
 * and returns that folder. The
 * runs' labels and other YAML fields refuse markup (validate), so the markup goes where the
 * schema lets it: raw outputs and the job names in them, and the write-up's links.
 */
export async function writeHostileContent(): Promise<string> {
  const contentDir = await mkdtemp(join(tmpdir(), 'benchfolio-hostile-'));
  const dir = join(contentDir, HOSTILE_ID);
  await cp(REAL_EXPERIMENT, dir, { recursive: true });
  const runDir = join(dir, 'runs', HOSTILE_RUN);
  const outputs = hostileOutputs(await readFile(join(runDir, 'fio--ext3.txt'), 'utf8'));
  const listed = Object.keys(outputs).map((file) => `  - file: ${file}\n    tool: fio\n    command: fio\n`);
  for (const [file, text] of Object.entries(outputs)) await writeFile(join(runDir, file), text);
  const runYaml = await readFile(join(runDir, 'run.yaml'), 'utf8');
  await writeFile(join(runDir, 'run.yaml'), runYaml.replace(/^notes:/m, `${listed.join('')}notes:`));
  await writeFile(join(dir, 'index.md'), `${await readFile(join(dir, 'index.md'), 'utf8')}${HOSTILE_LINKS}`);
  await cp(join(RESULTS_DIR, ALL_TOOLS_ID), join(contentDir, ALL_TOOLS_ID), { recursive: true });
  return contentDir;
}
