import { execFile } from 'node:child_process';
import { appendFile, copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './build-site.ts';
import { DANGEROUS_NAMES, HOSTILE_ID, HOSTILE_RUN, REFUSED_LINKS, writeHostileContent } from './hostile-content.ts';

// The hostile build (e2e/hostile-build.test.ts) must build content that `benchfolio validate`
// accepts, or the build would fail on the content before any page is opened; and what validate
// refuses of issue 34's cases must stay refused. The CLI is run from its sources.

const CLI = join(REPO_ROOT, 'packages/parsers/src/cli/main.ts');

let contentDir: string | undefined;
afterEach(async () => {
  if (contentDir !== undefined) await rm(contentDir, { recursive: true, force: true });
  contentDir = undefined;
});

/** `benchfolio validate <dir>`: its exit status and what it printed on stderr. */
async function validate(dir: string): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, 'validate', dir], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { status: code, stdout, stderr };
  }
}

/** The `[CODE]` of each error line validate printed for `file` (a path ending). */
function codesAt(stderr: string, file: string): string[] {
  return stderr
    .split('\n')
    .filter((line) => line.includes(`${file}:`) && !line.includes(': warning: '))
    .map((line) => /\[([A-Z_]+)\]$/.exec(line)?.[1] ?? line);
}

describe('the hostile content of the hostile build', () => {
  it('passes benchfolio validate', async () => {
    contentDir = await writeHostileContent();
    const { status, stdout, stderr } = await validate(contentDir);
    // Warnings and lint findings (`error BF001 …`: the copied seed experiments' page cache and
    // stalls) are printed but never fail validate; anything else would be a refusal.
    const isWarningOrFinding = (line: string) =>
      line.includes(': warning: ') || / (?:error|warning|note) BF\d{3} /.test(line);
    expect(stderr.split('\n').filter((line) => line !== '' && !isWarningOrFinding(line))).toEqual([]);
    expect(status).toBe(0);
    expect(stdout).toContain('2 experiments valid, 0 errors');
  }, 120_000);

  it('with the javascript:, data: and vbscript: links of issue 34, is refused at each', async () => {
    contentDir = await writeHostileContent();
    const indexMd = join(contentDir, HOSTILE_ID, 'index.md');
    const before = (await readFile(indexMd, 'utf8')).split('\n').length;
    await appendFile(indexMd, REFUSED_LINKS);
    const { status, stderr } = await validate(contentDir);
    expect(status).toBe(1);
    const lines = stderr.split('\n').filter((line) => line.includes(`${HOSTILE_ID}/index.md:`));
    // a, b, the link through r, c, d, e, f and the image g, then the definition r.
    expect(lines.map((line) => /\[([A-Z_]+)\]$/.exec(line)?.[1])).toEqual(Array(9).fill('UNSAFE_LINK'));
    const lineNumbers = lines.map((line) => Number(/index\.md:(\d+):/.exec(line)?.[1]));
    expect(Math.min(...lineNumbers)).toBeGreaterThan(before);
    expect(stderr).toContain('to "javascript:"');
    expect(stderr).toContain('to "data:"');
    expect(stderr).toContain('to "vbscript:"');
  }, 120_000);

  it('with its raw outputs named .html and .svg, is refused by their type', async () => {
    contentDir = await writeHostileContent();
    const runDir = join(contentDir, HOSTILE_ID, 'runs', HOSTILE_RUN);
    let runYaml = await readFile(join(runDir, 'run.yaml'), 'utf8');
    for (const [file, name] of Object.entries(DANGEROUS_NAMES)) {
      await copyFile(join(runDir, file), join(runDir, name));
      await rm(join(runDir, file));
      runYaml = runYaml.replace(`file: ${file}`, `file: ${name}`);
    }
    await writeFile(join(runDir, 'run.yaml'), runYaml);
    const { status, stderr } = await validate(contentDir);
    expect(status).toBe(1);
    expect(codesAt(stderr, `runs/${HOSTILE_RUN}/run.yaml`)).toEqual(['FILE_TYPE', 'FILE_TYPE']);
  }, 120_000);
});
