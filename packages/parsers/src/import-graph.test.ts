// The library's modules import each other in the rows ARCHITECTURE.md draws ("The import graph"),
// read from its "Library rules" block: every runtime import points to a lower row, but for the
// pairs the block lets import each other; `cli/` starts with the modules it names and loads the
// rest lazily; the type-only imports that point up or beside are exactly the ones it names. Each
// rule is held both ways: a module in no row, an exception no import uses or an import no rule
// allows all fail. And no module reaches itself through its imports: at run time none at all, and
// with type-only imports counted none but through a type-only import of `tools.ts` or
// `measurement.ts` (the tool list's loop: `tools.ts -> <tool>/tool.ts -> Measurement -> ToolName
// -> tools.ts`, erased at run time and cut for the checker by each definition's `Tool<...>` type).

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { type ImportKind, importCircles, moduleImports } from '../test/import-graph.ts';

const SRC_DIR = fileURLToPath(new URL('.', import.meta.url));
const ARCHITECTURE = join(SRC_DIR, '../../../ARCHITECTURE.md');
/** The modules whose type-only imports may close a loop (see the top of this file). */
const LOOP_TYPES = new Set(['tools.ts', 'measurement.ts']);

interface Edge {
  from: string;
  to: string;
  kind: ImportKind;
}

/** The library's modules under src, tests aside (they may import anything). */
function libraryModules(): string[] {
  return readdirSync(SRC_DIR, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split('\\').join('/'))
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts'))
    .sort();
}

/** Every import of one library module by another, module to module. */
function moduleEdges(modules: readonly string[]): Edge[] {
  return modules.flatMap((from) =>
    moduleImports(readFileSync(join(SRC_DIR, from), 'utf8'))
      .filter(({ specifier }) => specifier.startsWith('.'))
      .map(({ specifier, kind }) => {
        const to = relative(SRC_DIR, resolve(SRC_DIR, dirname(from), specifier))
          .split('\\')
          .join('/');
        if (!modules.includes(to)) throw new Error(`${from}: no library module ${specifier}`);
        return { from, to, kind };
      }),
  );
}

/**
 * What the rules call a module: itself at src's top or where a rule names it (`fio/latency-bins.ts`),
 * else the innermost folder the rules name that holds it (`fio/normal/`, `cli/`).
 */
function ruleName(path: string, named: ReadonlySet<string>): string {
  if (named.has(path)) return path;
  const folders = path.split('/').slice(0, -1);
  for (let depth = folders.length; depth > 0; depth--) {
    const folder = `${folders.slice(0, depth).join('/')}/`;
    if (named.has(folder)) return folder;
  }
  return path;
}

interface LibraryRules {
  /** Each name's row, 0 at the top of the picture. */
  rows: Map<string, number>;
  /** `from to` pairs that import across a row's rule (inside a tool folder). */
  beside: Set<string>;
  /** What `cli/main.ts` loads when it starts. */
  start: Set<string>;
  /** The rest that `cli/`'s modules import: loaded through `import()` when a command needs it. */
  lazy: Set<string>;
  /** `from to` pairs of type-only imports up or beside. */
  types: Set<string>;
}

/** ARCHITECTURE.md's library rules: the fenced block after "### Library rules", one rule a line. */
function statedRules(): LibraryRules {
  const text = readFileSync(ARCHITECTURE, 'utf8');
  const block = /### Library rules[\s\S]*?```\n([\s\S]*?)```/.exec(text)?.[1];
  if (block === undefined) throw new Error('ARCHITECTURE.md has no "### Library rules" block');
  const rules: LibraryRules = {
    rows: new Map(),
    beside: new Set(),
    start: new Set(),
    lazy: new Set(),
    types: new Set(),
  };
  let row = 0;
  for (const line of block.split('\n').filter((text) => text.trim() !== '')) {
    const [keyword, ...names] = line.trim().split(/\s+/);
    if (keyword === 'row') {
      for (const name of names) rules.rows.set(name, row);
      row++;
    } else if (keyword === 'beside' || keyword === 'type')
      rules[keyword === 'type' ? 'types' : 'beside'].add(names.join(' '));
    else if (keyword === 'start' || keyword === 'lazy') for (const name of names) rules[keyword].add(name);
    else throw new Error(`ARCHITECTURE.md's library rules: no rule "${keyword}"`);
  }
  return rules;
}

/** The import circles of these edges (importCircles of the shared test helper). */
function circles(edges: readonly Edge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const { from, to } of edges) graph.set(from, [...(graph.get(from) ?? []), to]);
  return importCircles(graph);
}

describe('the library modules', () => {
  const modules = libraryModules();
  const edges = moduleEdges(modules);
  const rules = statedRules();
  const named = new Set(rules.rows.keys());
  const name = (path: string) => ruleName(path, named);
  /** Imports between two names of the rules, each once, as `from to`. */
  const pairs = (kinds: readonly ImportKind[]) =>
    new Set(
      edges
        .filter((edge) => kinds.includes(edge.kind) && name(edge.from) !== name(edge.to))
        .map((edge) => `${name(edge.from)} ${name(edge.to)}`),
    );
  const isDown = (pair: string) => {
    const [from = '', to = ''] = pair.split(' ');
    return (rules.rows.get(from) as number) < (rules.rows.get(to) as number);
  };

  test('are found, with their imports', () => {
    expect(edges).toContainEqual({ from: 'tools.ts', to: 'fio/tool.ts', kind: 'static' });
    expect(edges).toContainEqual({ from: 'cli/run.ts', to: 'builtin.ts', kind: 'dynamic' });
    expect(edges).toContainEqual({ from: 'errors.ts', to: 'tools.ts', kind: 'type' });
  });

  test('each stand in one row of the picture, and each name of the picture is a module or folder', () => {
    expect(modules.filter((path) => !named.has(name(path)))).toEqual([]);
    expect([...named].filter((entry) => !modules.some((path) => name(path) === entry))).toEqual([]);
  });

  test('import at run time only rows below their own, or across a stated exception, each used', () => {
    const runtime = pairs(['static', 'dynamic']);
    expect([...runtime].filter((pair) => !isDown(pair) && !rules.beside.has(pair))).toEqual([]);
    expect([...rules.beside].filter((pair) => !runtime.has(pair))).toEqual([]);
  });

  test('import types up or beside only where the rules name the import, and each is made', () => {
    const upward = [...pairs(['type'])].filter((pair) => !isDown(pair) && !rules.beside.has(pair));
    expect(upward.sort()).toEqual([...rules.types].sort());
  });

  test('of cli/ load at its start what the rules say, and the rest only when a command needs it', () => {
    /** The rule names of what loading `cli/main.ts` loads, through imports of the given kinds. */
    const loaded = (kinds: readonly ImportKind[]): Set<string> => {
      const reached = new Set<string>();
      const load = (path: string): void => {
        if (reached.has(path)) return;
        reached.add(path);
        for (const edge of edges) if (edge.from === path && kinds.includes(edge.kind)) load(edge.to);
      };
      load('cli/main.ts');
      return new Set([...reached].map(name));
    };
    const start = loaded(['static']);
    expect([...start].sort()).toEqual([...rules.start].sort());
    const imported = edges
      .filter((edge) => edge.kind !== 'type' && name(edge.from) === 'cli/')
      .map((edge) => name(edge.to));
    expect([...new Set(imported.filter((entry) => !start.has(entry)))].sort()).toEqual([...rules.lazy].sort());
  });

  test('import no circle at run time', () => {
    expect(circles(edges.filter((edge) => edge.kind !== 'type'))).toEqual([]);
  });

  test('import no circle with type-only imports counted, but through the tool list', () => {
    expect(circles(edges.filter((edge) => edge.kind !== 'type' || !LOOP_TYPES.has(edge.to)))).toEqual([]);
  });
});
