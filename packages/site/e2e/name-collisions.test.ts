import { access, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite, REPO_ROOT, type SiteBuild } from './helpers/build-site.ts';

// Content that named files as the site names its own, which validated before issue 34: a raw
// output `index.html` was overwritten by the run page without a word, and run folders `beta`
// and `beta.json` crashed the build (runs/beta.json both the run's JSON and a folder). The build
// now fails on them as validate does, naming each.

const ID = '2011-07-ext3-ext4-xfs-fio-msa70';
const BUILD_TIMEOUT_MS = 180_000;

let contentDir: string;
let build: SiteBuild;

beforeAll(async () => {
  contentDir = await mkdtemp(join(tmpdir(), 'benchfolio-collisions-'));
  const dir = join(contentDir, ID);
  await cp(join(REPO_ROOT, 'content', 'results', ID), dir, { recursive: true });
  // The ext3 run's real output again, as index.html, listed in its run.yaml.
  const ext3 = join(dir, 'runs', 'ext3');
  await cp(join(ext3, 'fio--ext3.txt'), join(ext3, 'index.html'));
  const runYaml = await readFile(join(ext3, 'run.yaml'), 'utf8');
  await writeFile(
    join(ext3, 'run.yaml'),
    runYaml.replace(/^notes:/m, '  - file: index.html\n    tool: fio\n    command: fio\nnotes:'),
  );
  // The xfs run twice more, as runs beta and beta.json.
  for (const [name, order] of [
    ['beta', 4],
    ['beta.json', 5],
  ] as const) {
    await cp(join(dir, 'runs', 'xfs'), join(dir, 'runs', name), { recursive: true });
    const yaml = await readFile(join(dir, 'runs', name, 'run.yaml'), 'utf8');
    await writeFile(
      join(dir, 'runs', name, 'run.yaml'),
      yaml
        .replace(/^label: xfs$/m, `label: ${name}`)
        .replace(/^value: xfs$/m, `value: ${name}`)
        .replace(/^order: 3$/m, `order: ${order}`),
    );
  }
  build = await buildSite(contentDir);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await build?.cleanup();
  if (contentDir !== undefined) await rm(contentDir, { recursive: true, force: true });
});

describe('astro build, given names that collide with the files the site writes', () => {
  test('fails before writing a page', async () => {
    expect(build.isSuccess).toBe(false);
    await expect(access(join(build.outDir, 'index.html'))).rejects.toThrow();
  });

  test('names each file or folder at fault as FILE:LINE:COL: message [CODE], without a stack trace', async () => {
    const shown = (path: string) => relative(REPO_ROOT, join(contentDir, ID, path));
    const lines = build.output.split('\n');
    // The library's loading (validate's checks) refuses both before the site's own guard
    // (data/name-collisions.ts, tested on its own) would.
    const runYaml = await readFile(join(contentDir, ID, 'runs', 'ext3', 'run.yaml'), 'utf8');
    const fileLine = runYaml.split('\n').findIndex((line) => line.includes('file: index.html')) + 1;
    const indexHtml = lines.find((line) => line.startsWith(`${shown('runs/ext3/run.yaml')}:${fileLine}:`));
    expect(indexHtml).toContain('index.html is a name the site makes in every run folder');
    expect(indexHtml).toMatch(/ \[RESERVED_NAME\]$/);
    const betaJson = lines.find((line) => line.startsWith(`${shown('runs/beta.json')}:1:1: `));
    expect(betaJson).toContain('may not end in ".json"');
    expect(betaJson).toMatch(/ \[RESERVED_NAME\]$/);
    // The run folder beta itself is fine: only beta.json is named.
    expect(lines.filter((line) => line.startsWith(`${shown('runs/beta')}:`))).toEqual([]);
    expect(build.output).not.toMatch(/^\s+at |Stack trace|ENOTDIR/m);
  });
});
