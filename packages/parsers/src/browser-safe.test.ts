import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../test/import-graph.ts';

/**
 * The parse path runs in browsers too (DESIGN.md): nothing reachable from the main and
 * content entry points may import a Node built-in. Node helpers live in `node/` and `cli/`.
 */
const srcDir = dirname(new URL(import.meta.url).pathname);

describe.each(['index.ts', 'content/index.ts'])('the modules reachable from %s', (entry) => {
  const graph = importGraph(join(srcDir, entry));

  it('import no Node built-in', () => {
    const nodeImports = [...graph].flatMap(([file, specifiers]) =>
      specifiers
        .filter((s) => s.startsWith('node:') || ['fs', 'path', 'os', 'stream', 'util'].includes(s))
        .map((s) => `${relative(srcDir, file)} imports ${s}`),
    );
    expect(nodeImports).toEqual([]);
  });

  it('stay out of the node/ and cli/ folders', () => {
    const files = [...graph.keys()].map((file) => relative(srcDir, file));
    expect(files.filter((file) => file.startsWith('node/') || file.startsWith('cli/'))).toEqual([]);
    expect(files.length).toBeGreaterThan(1);
  });
});
