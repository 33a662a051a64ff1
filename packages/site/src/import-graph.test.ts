// The site's modules import each other in layers, as ARCHITECTURE.md draws them: no module
// reaches itself through its imports (type-only imports count: a type's module is where the type
// is owned, and a circle of types is a circle of concerns), and each folder imports only the
// folders ARCHITECTURE.md's "Folder rules" give it, which are exactly those it imports. Imports are
// read from the text (`import`/`export ... from`, bare `import` of a file, a dynamic `import()` of a
// literal): a `.ts` file whole, an `.astro` file's frontmatter and scripts.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOL_NAMES } from '@benchfolio/parsers';
import { describe, expect, test } from 'vitest';
import { importCircles } from '../../parsers/test/import-graph.ts';

const SRC_DIR = fileURLToPath(new URL('.', import.meta.url));
const ARCHITECTURE = join(SRC_DIR, '../../../ARCHITECTURE.md');
/** Data modules at most (`src/data/`: page data from the loaded content, none of them a tool's). */
const MAX_DATA_MODULES = 20;

const STATIC_IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Tests and their helpers (`test-content.ts`, `chart-test-data.ts`): they may import any layer. */
const isTestModule = (path: string) => /\.test\.ts$|(?:^|\/)test-[^/]*\.ts$|-test-data\.ts$/.test(path);

/** Every module under src, by its path there: `.ts` and `.astro` files, declarations aside. */
function siteModules(): string[] {
  return readdirSync(SRC_DIR, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(?:ts|astro)$/.test(path) && !path.endsWith('.d.ts'))
    .map((path) => path.split('\\').join('/'))
    .sort();
}

/** A module's imports of other files under src (modules and style sheets), by their paths there. */
function importsOf(path: string): string[] {
  const text = readFileSync(join(SRC_DIR, path), 'utf8');
  const specifiers = [
    ...[...text.matchAll(STATIC_IMPORT)].map((match) => (match[1] ?? match[2]) as string),
    ...[...text.matchAll(DYNAMIC_IMPORT)].map((match) => match[1] as string),
  ];
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const target = resolve(SRC_DIR, dirname(path), specifier.replace(/\?.*$/, ''));
      if (!statSync(target, { throwIfNoEntry: false })?.isFile()) throw new Error(`${path}: no file ${specifier}`);
      return relative(SRC_DIR, target).split('\\').join('/');
    });
}

/**
 * The folder a module is in, as the folder rules name it: `tools/<tool>/` for a tool's folder,
 * `tools/` for the descriptors' shared modules, else the first folder under src (`./` at its top).
 */
function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts.length === 1) return './';
  if (parts[0] === 'tools' && parts.length > 2) return 'tools/<tool>/';
  return `${parts[0]}/`;
}

/** What the rules name a target by: its folder, or the module itself where a rule names one. */
function ruleTarget(path: string, named: ReadonlySet<string>): string {
  const generic = path.replace(/^tools\/[^/]+\//, 'tools/<tool>/');
  return named.has(generic) ? generic : folderOf(path);
}

/** ARCHITECTURE.md's folder rules: the fenced block after "### Folder rules", folder then targets. */
function statedRules(): Map<string, Set<string>> {
  const text = readFileSync(ARCHITECTURE, 'utf8');
  const block = /### Folder rules[\s\S]*?```\n([\s\S]*?)```/.exec(text)?.[1];
  if (block === undefined) throw new Error('ARCHITECTURE.md has no "### Folder rules" block');
  const rules = new Map<string, Set<string>>();
  for (const line of block.split('\n').filter((row) => row.trim() !== '')) {
    const [folder = '', ...targets] = line.trim().split(/\s+/);
    rules.set(folder, new Set(targets.filter((target) => target !== '-')));
  }
  return rules;
}

describe('the site modules', () => {
  const modules = siteModules();
  const graph = new Map(modules.map((path) => [path, importsOf(path)]));

  test('are found, with their imports', () => {
    expect(graph.get('tools/index.ts')).toContain('tools/fio/descriptor.ts');
    expect(graph.get('pages/compare/index.astro')).toContain('compare/compare.css');
    expect(graph.get('scripts/try-page.ts')).toContain('try/app.ts');
  });

  test('import no circle, type-only imports counted', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  test("import only the folders ARCHITECTURE.md's folder rules give them, and every one it gives", () => {
    const stated = statedRules();
    const named = new Set([...stated.values()].flatMap((targets) => [...targets].filter((t) => t.endsWith('.ts'))));
    const actual = new Map<string, Set<string>>();
    for (const [path, targets] of graph) {
      if (isTestModule(path)) continue;
      for (const target of targets) {
        const from = folderOf(path);
        const to = ruleTarget(target, named);
        if (to === from) continue;
        actual.set(from, (actual.get(from) ?? new Set()).add(to));
      }
    }
    const table = (rules: Map<string, Set<string>>) =>
      Object.fromEntries([...rules].map(([folder, targets]) => [folder, [...targets].sort()]).sort());
    expect(table(actual), 'the rules as the imports are (ARCHITECTURE.md, "Folder rules")').toEqual(table(stated));
  });

  test(`keep data/ to ${MAX_DATA_MODULES} modules, none of them a tool's`, () => {
    const data = modules.filter((path) => path.startsWith('data/') && !isTestModule(path));
    expect(data.length).toBeLessThanOrEqual(MAX_DATA_MODULES);
    expect(data.filter((path) => TOOL_NAMES.some((tool) => path.startsWith(`data/${tool}-`)))).toEqual([]);
  });

  test('of each tool are in its own folder: its descriptor, its words and its sections', () => {
    for (const tool of TOOL_NAMES) {
      for (const face of ['descriptor.ts', 'words.ts', 'sections.ts']) {
        expect(modules, `tools/${tool}/${face}`).toContain(`tools/${tool}/${face}`);
      }
    }
  });
});
