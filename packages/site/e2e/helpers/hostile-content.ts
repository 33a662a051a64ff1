import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './build-site.ts';

// A hostile experiment that validates (issue 34; e2e/helpers/hostile-content.test.ts checks it):
// a real experiment of content/results, Evan Hoffman's fio 1.57 runs on an HP MSA70, with what a
// hostile pull request can still put in it once validate has refused what it refuses.

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

/** A job name of 20 kB of markup: one long line per place fio prints it, well under the 50 MB limit. */
export const LONG_JOB_NAME = IMG_ALERT.repeat(Math.ceil(20_000 / IMG_ALERT.length));

/**
 * Raw outputs the fio reader reads whole, as it reads the real one they are made of, under names
 * validate allows (`.txt`, `.log`, `.out`): a `<script>` line first (skipped as a line fio does
 * not print), with job names carrying markup (fio prints any job name), the output wrapped in an
 * SVG document whose `onload` runs, and in an HTML page with a 20 kB job name.
 */
export function hostileOutputs(real: string): Record<string, string> {
  return {
    'fio--x.txt': `<script>alert(document.domain)</script>\n${real.replaceAll('random-write-direct', IMG_ALERT)}`,
    'fio--svg.txt': `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><!--\n${real}--></svg>\n`,
    'fio--page.log': `<!DOCTYPE html><html><body onload="alert(2)"><script>alert(3)</script>\n${real.replaceAll('random-write-buf', LONG_JOB_NAME)}</body></html>\n`,
    'fio--page.out': `<html><head><meta http-equiv="refresh" content="0;url=javascript:alert(4)"></head><body>\n${real}\n<iframe src="javascript:alert(5)"></iframe>\n`,
  };
}

/**
 * The hostile outputs again under the names issue 34 published them as: validate refuses such
 * names (its allow-list of extensions), and the hostile-build test puts them into the built
 * folder after the build, since a server must send them as text all the same.
 */
export const DANGEROUS_NAMES = { 'fio--x.txt': 'fio--x.html', 'fio--svg.txt': 'fio--x.svg' } as const;

/**
 * A write-up section with the links validate lets through, each with markup where Markdown takes
 * text: http(s) targets holding quotes and angle brackets, a mailto:, a link to the hostile raw
 * file, a #fragment, an autolink, link text and code spans that show scripts and `javascript:`
 * links, and a 20 kB line. The site must render each as the link or the text it is.
 */
export const ALLOWED_LINKS = `
## Links

[&lt;img src=x onerror=alert(1)&gt;](https://example.org/"onmouseover="alert(1)) and
[b](http://example.org/?q=%3Cscript%3Ealert(2)%3C/script%3E 'x" onmouseover="alert(3)') and
[c](mailto:a@example.org?subject=%22%3E%3Cscript%3E) and [d](runs/${HOSTILE_RUN}/fio--x.txt) and
[e](#links) and <https://example.org/%3Csvg%3E> and \`[f](javascript:alert(6))\` and \`<script>alert(7)</script>\`.

${'&lt;script&gt;alert(8)&lt;/script&gt; '.repeat(Math.ceil(20_000 / 36))}
`;

/** How many links ALLOWED_LINKS makes: a to e and the autolink (f is code). */
export const ALLOWED_LINK_COUNT = 6;

/**
 * Every `javascript:` form of issue 34 that passed validate's old line check, and data: and
 * vbscript: spelled with an entity. validate refuses each now (UNSAFE_LINK), so the hostile build
 * does not carry them: e2e/helpers/hostile-content.test.ts checks that validate refuses them, and
 * src/lib/safe-links.test.ts that the renderer would make text of them all the same.
 */
export const REFUSED_LINKS = `
## Links

[a](java&#115;cript:alert(1)) and [b](&#106;avascript:alert(2)) and [r] and [c](
javascript:alert(4)) and [d](javascript&colon;alert(5)) and [e](&#100;ata:text/html,x) and
[f](vb&#115;cript:alert(6)) and ![g](java&#115;cript:alert(7)).

[r]: javascript:alert(3)
`;

/**
 * Writes the hostile experiment, and ALL_TOOLS_ID as it is, into a new folder of experiments
 * and returns that folder. The runs' labels and other YAML fields refuse markup (validate), so
 * the markup goes where the schema lets it: raw outputs and the job names in them, and the
 * write-up's links and text.
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
  await writeFile(join(dir, 'index.md'), `${await readFile(join(dir, 'index.md'), 'utf8')}${ALLOWED_LINKS}`);
  await cp(join(RESULTS_DIR, ALL_TOOLS_ID), join(contentDir, ALL_TOOLS_ID), { recursive: true });
  return contentDir;
}
