// No function of the site's sources runs over 80 lines, in any folder under src: a longer one is split into named
// steps (axes, bars, labels, ...). Functions are found by TypeScript's own parser, so nothing a
// regex would miss (arrows, methods, accessors, nested functions) escapes; each is measured from
// its first token (not its doc comment) to its closing line. `.astro` files are measured by
// their frontmatter script. Tests are left out: a describe block reads best whole.

import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node, SourceFile } from 'typescript/unstable/ast';
import { isFunctionLikeDeclaration } from 'typescript/unstable/ast/is';
import { createVirtualFileSystem } from 'typescript/unstable/fs';
import { API } from 'typescript/unstable/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const MAX_LINES = 80;
const SRC_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * Functions still over the limit, with the length they may not exceed, and why. Each entry
 * goes once its function is split (the last test says so).
 */
const KNOWN_LONG: Record<string, { lines: number; why: string }> = {};

interface FunctionSpan {
  /** `<path under src> <function name>`: how KNOWN_LONG names it. */
  id: string;
  /** Where it starts, `<path under src>:<line>`. */
  at: string;
  lines: number;
}

/** The TypeScript of a file under src: a `.ts` file whole, an `.astro` file's frontmatter. */
interface Script {
  path: string;
  text: string;
  /** The file's line number of the script's first line, less one. */
  lineOffset: number;
}

/** Every script under src, in every folder: nothing is left out but tests. */
async function siteScripts(): Promise<Script[]> {
  const entries = await readdir(SRC_DIR, { recursive: true, withFileTypes: true });
  const scripts: Script[] = [];
  for (const entry of entries) {
    const path = relative(SRC_DIR, join(entry.parentPath, entry.name));
    if (!entry.isFile() || path.endsWith('.test.ts')) continue;
    const text = await readFile(join(SRC_DIR, path), 'utf8');
    if (path.endsWith('.ts')) scripts.push({ path, text, lineOffset: 0 });
    if (path.endsWith('.astro')) {
      const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
      if (frontmatter !== undefined) scripts.push({ path, text: frontmatter, lineOffset: 1 });
    }
  }
  return scripts;
}

/** A function's name, or the name of what it is assigned to (`const start = () => ...`). */
function nameOf(node: Node, file: SourceFile): string {
  for (const named of [node, node.parent]) {
    const name = (named as Node & { name?: Node }).name;
    if (name !== undefined) return name.getText(file);
  }
  return '(anonymous)';
}

/**
 * Every function of every script, measured. The scripts are parsed as one program over a
 * virtual file system holding only them: no imports are followed and no library is read.
 */
function measure(api: API, scripts: readonly Script[]): FunctionSpan[] {
  const snapshot = api.updateSnapshot({ openProjects: ['/src/tsconfig.json'] });
  const program = snapshot.getProjects()[0]?.program;
  if (program === undefined) throw new Error('TypeScript opened no project');
  const spans: FunctionSpan[] = [];
  for (const script of scripts) {
    const file = program.getSourceFile(virtualPath(script));
    if (file === undefined) throw new Error(`TypeScript did not parse ${script.path}`);
    const visit = (node: Node): void => {
      if (isFunctionLikeDeclaration(node)) {
        const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
        const last = file.getLineAndCharacterOfPosition(node.end).line;
        spans.push({
          id: `${script.path} ${nameOf(node, file)}`,
          at: `${script.path}:${first + 1 + script.lineOffset}`,
          lines: last - first + 1,
        });
      }
      node.forEachChild(visit);
    };
    file.forEachChild(visit);
  }
  return spans;
}

/** Where a script is in the virtual file system: an `.astro` file's frontmatter as `<file>.astro.ts`. */
function virtualPath(script: Script): string {
  return `/src/${script.path}${script.path.endsWith('.astro') ? '.ts' : ''}`;
}

/** The scripts, and a tsconfig.json listing them. */
function virtualFiles(scripts: readonly Script[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const script of scripts) files[virtualPath(script)] = script.text;
  files['/src/tsconfig.json'] = JSON.stringify({
    compilerOptions: { noLib: true, noResolve: true, types: [], noEmit: true },
    files: Object.keys(files),
  });
  return files;
}

describe('functions of every site source folder', () => {
  let api: API | undefined;
  let spans: FunctionSpan[] = [];

  beforeAll(async () => {
    const scripts = await siteScripts();
    api = new API({ cwd: '/src', fs: createVirtualFileSystem(virtualFiles(scripts)) });
    spans = measure(api, scripts);
  }, 30_000);
  afterAll(() => api?.close());

  test('are found, in .ts files and .astro frontmatter, in every folder', () => {
    const ids = spans.map((span) => span.id);
    expect(ids).toContain('charts/bar-chart.ts barChart');
    expect(ids).toContain('compare/compare-page.ts start');
    expect(ids).toContain('tools/dd/sections.ts ddSections');
    expect(ids).toContain('catalog/catalog.ts catalogEntry');
    expect(ids).toContain('data/verdict.ts verdict');
    expect(spans.some((span) => span.at.startsWith('pages/') && span.id.includes('.astro '))).toBe(true);
  });

  test(`run ${MAX_LINES} lines at most`, () => {
    const tooLong = spans
      .filter((span) => span.lines > MAX_LINES && span.lines > (KNOWN_LONG[span.id]?.lines ?? 0))
      .map((span) => `${span.at} ${span.id.split(' ')[1]}: ${span.lines} lines`);
    expect(tooLong, 'split these into named steps, one concern each').toEqual([]);
  });

  test('still over the limit, for each known long one', () => {
    const split = Object.keys(KNOWN_LONG).filter(
      (id) => !spans.some((span) => span.id === id && span.lines > MAX_LINES),
    );
    expect(split, 'these are split (or gone): take them off KNOWN_LONG').toEqual([]);
  });
});
