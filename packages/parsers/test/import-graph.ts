import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** An `import`/`export ... from` statement or a bare `import '...'`: group 1 or 2 is the specifier. */
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
/** `import type { ... } from` and `export type { ... } from`: erased from the JavaScript. */
const TYPE_ONLY = /^\s*(?:import|export)\s+type\s/;

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
    const specifiers = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .filter((match) => !(options.isRuntimeOnly === true && TYPE_ONLY.test(match[0])))
      .map((match) => (match[1] ?? match[2]) as string);
    graph.set(file, specifiers);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier));
    }
  };
  visit(entry);
  return graph;
}
