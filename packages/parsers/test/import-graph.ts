import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** An `import`/`export ... from` statement or a bare `import '...'`: group 1 or 2 is the specifier. */
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
/** `import type { ... } from` and `export type { ... } from`: erased from the JavaScript. */
const TYPE_ONLY = /^\s*(?:import|export)\s+type\s/;
/** `import { type A, type B } from`: every name a type, nothing else bound, also erased. */
const TYPES_ONLY_BRACES = /^\s*(?:import|export)\s*\{([^}]*)\}\s*from/;
/** `import('...')` of a literal: loaded when the code runs, not when the module loads. */
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * How a module imports another: `static` when loading it loads the other, `type` when the import
 * names types only (erased at run time), `dynamic` for an `import()` run when the code needs it.
 */
export type ImportKind = 'static' | 'type' | 'dynamic';

export interface ModuleImport {
  specifier: string;
  kind: ImportKind;
}

/** Whether an import statement's text names types only. */
function isTypeOnly(statement: string): boolean {
  if (TYPE_ONLY.test(statement)) return true;
  const names = TYPES_ONLY_BRACES.exec(statement)?.[1]
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names !== undefined && names.length > 0 && names.every((name) => name.startsWith('type '));
}

/**
 * A source text's imports, read from the text: each `import`/`export ... from` (type-only or
 * not) and each `import()` of a literal, by its specifier as written.
 */
export function moduleImports(text: string): ModuleImport[] {
  return [
    ...[...text.matchAll(IMPORT)].map((match) => ({
      specifier: (match[1] ?? match[2]) as string,
      kind: isTypeOnly(match[0]) ? ('type' as const) : ('static' as const),
    })),
    ...[...text.matchAll(DYNAMIC_IMPORT)].map((match) => ({ specifier: match[1] as string, kind: 'dynamic' as const })),
  ];
}

/**
 * The static imports of a source file and of every relative module it reaches: each file's
 * specifiers, package names and node: built-ins included. Dynamic `import()`s are left out (the
 * CLI loads a command's modules that way). With `isRuntimeOnly`, type-only imports are left out
 * too, as TypeScript and Node's type stripping drop them: what loading the module loads.
 */
export function importGraph(entry: string, options: { isRuntimeOnly?: boolean } = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const specifiers = moduleImports(readFileSync(file, 'utf8'))
      .filter(({ kind }) => kind === 'static' || (kind === 'type' && options.isRuntimeOnly !== true))
      .map(({ specifier }) => specifier);
    graph.set(file, specifiers);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier));
    }
  };
  visit(entry);
  return graph;
}

/**
 * The import circles of a graph (module -> the modules it imports): its strongly connected sets of
 * two or more modules, each sorted (Tarjan's algorithm). Imports of modules outside the graph's
 * keys lead nowhere and are left out. The library's and the site's import-graph tests use it.
 */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (module: string): void => {
    index.set(module, index.size);
    low.set(module, index.get(module) as number);
    stack.push(module);
    for (const target of graph.get(module) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) visit(target);
      if (stack.includes(target)) low.set(module, Math.min(low.get(module) as number, low.get(target) as number));
    }
    if (low.get(module) !== index.get(module)) return;
    const circle: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      circle.push(member);
    } while (member !== module);
    if (circle.length > 1) found.push(circle.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found;
}
