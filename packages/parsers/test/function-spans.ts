// How long each function of some source files runs, for the tests that keep functions at 80
// lines or fewer (packages/parsers/test/function-length.test.ts, scripts/function-length.test.ts).
// Functions are found by TypeScript's own parser, so nothing a regex would miss (arrows, methods,
// accessors, nested functions) escapes; each is measured from its first token (not its doc
// comment) to its closing line. The same measure as the site's src/function-length.test.ts.

import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Node, SourceFile } from 'typescript/unstable/ast';
import { isFunctionLikeDeclaration } from 'typescript/unstable/ast/is';
import { createVirtualFileSystem } from 'typescript/unstable/fs';
import { API } from 'typescript/unstable/sync';

export const MAX_FUNCTION_LINES = 80;

export interface FunctionSpan {
  /** The file, relative to the folder the scripts were read from. */
  path: string;
  /** The function's name, or the name of what it is assigned to; `(anonymous)` when neither. */
  name: string;
  /** The file's line the function starts on, 1-based. */
  line: number;
  lines: number;
}

/** A TypeScript file's text, by its path relative to some root folder. */
export interface Script {
  path: string;
  text: string;
}

/**
 * The `.ts` files that are not tests (`*.test.ts`) under `root`'s folder `dir`, or directly in
 * it with `recursive: false`; paths relative to `root`.
 */
export async function scriptsUnder(root: string, dir: string, options = { recursive: true }): Promise<Script[]> {
  const entries = await readdir(join(root, dir), { recursive: options.recursive, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
  return Promise.all(paths.map(async (path) => ({ path, text: await readFile(join(root, path), 'utf8') })));
}

/** A function's name, or the name of what it is assigned to (`const start = () => ...`). */
function nameOf(node: Node, file: SourceFile): string {
  for (const named of [node, node.parent]) {
    const name = (named as Node & { name?: Node }).name;
    if (name !== undefined) return name.getText(file);
  }
  return '(anonymous)';
}

/** Every function-like declaration of one parsed file, measured. */
function spansOf(file: SourceFile, path: string): FunctionSpan[] {
  const spans: FunctionSpan[] = [];
  const visit = (node: Node): void => {
    if (isFunctionLikeDeclaration(node)) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.end).line;
      spans.push({ path, name: nameOf(node, file), line: first + 1, lines: last - first + 1 });
    }
    node.forEachChild(visit);
  };
  file.forEachChild(visit);
  return spans;
}

/**
 * Every function of every script, measured. The scripts are parsed as one program over a
 * virtual file system holding only them: no imports are followed and no library is read.
 */
export function measureFunctions(scripts: readonly Script[]): FunctionSpan[] {
  const files: Record<string, string> = {};
  for (const script of scripts) files[`/src/${script.path}`] = script.text;
  files['/src/tsconfig.json'] = JSON.stringify({
    compilerOptions: { noLib: true, noResolve: true, types: [], noEmit: true },
    files: Object.keys(files),
  });
  const api = new API({ cwd: '/src', fs: createVirtualFileSystem(files) });
  try {
    const program = api.updateSnapshot({ openProjects: ['/src/tsconfig.json'] }).getProjects()[0]?.program;
    if (program === undefined) throw new Error('TypeScript opened no project');
    return scripts.flatMap((script) => {
      const file = program.getSourceFile(`/src/${script.path}`);
      if (file === undefined) throw new Error(`TypeScript did not parse ${script.path}`);
      return spansOf(file, script.path);
    });
  } finally {
    api.close();
  }
}

/** The functions over the limit, each as `<path>:<line> <name>: <lines> lines`. */
export function tooLong(spans: readonly FunctionSpan[]): string[] {
  return spans
    .filter((span) => span.lines > MAX_FUNCTION_LINES)
    .map((span) => `${span.path}:${span.line} ${span.name}: ${span.lines} lines`);
}
