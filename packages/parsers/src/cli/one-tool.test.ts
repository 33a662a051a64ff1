import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../../test/import-graph.ts';
import { builtinRegistry } from '../builtin.ts';
import { runCli } from './run.ts';

// `benchfolio parse --tool iostat` (or fio-log) makes that one tool's parser from its definition
// without the result schema (iostat/definition.ts), so that the command's start loads no zod.

const fixture = (path: string) => fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));
const IOSTAT_LOG = fixture('iostat/sysstat-12.6.1--x-t-k-p-all.input.txt');
const FIO_LOG = fixture('fio-log/fio-3.33--win500_clat.1.log');

/** The CLI's output: with the package's registry when `isFull`, else the one it makes for `--tool`. */
async function cli(isFull: boolean, ...argv: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  };
  const status = await runCli(argv, io, isFull ? builtinRegistry : undefined);
  return { status, stdout, stderr };
}

/** What loading a source module loads, type-only imports left out: each package and built-in it reaches. */
function packagesReached(entry: string): Set<string> {
  const graph = importGraph(fileURLToPath(new URL(`../${entry}`, import.meta.url)), { isRuntimeOnly: true });
  return new Set([...graph.values()].flat().filter((specifier) => !specifier.startsWith('.')));
}

describe('benchfolio parse --tool with one tool', () => {
  it.each([
    ['iostat', IOSTAT_LOG],
    ['fio-log', FIO_LOG],
  ])('--tool %s writes what the package registry writes, --ndjson, --tidy and whole', async (tool, path) => {
    for (const flags of [['--ndjson'], ['--ndjson', '--tidy'], []]) {
      const argv = ['parse', ...flags, '--tool', tool, path];
      const [own, full] = [await cli(false, ...argv), await cli(true, ...argv)];
      expect(own.status).toBe(0);
      expect(own.stdout.length).toBeGreaterThan(100);
      expect(own).toEqual(full);
    }
  });

  it('--tool iostat reports a ParseError as the package registry does', async () => {
    const broken = fixture('fio/fio-3.33--randwrite-desc.terse2-json.txt');
    const [own, full] = [
      await cli(false, 'parse', '--ndjson', '--tool', 'iostat', broken),
      await cli(true, 'parse', '--ndjson', '--tool', 'iostat', broken),
    ];
    expect(own.status).toBe(1);
    expect(own).toEqual(full);
  });

  it.each(['cli/main.ts', 'cli/run.ts', 'iostat/definition.ts', 'fio/log/definition.ts', 'tool.ts', 'registry.ts'])(
    '%s, a module it loads, reaches no zod',
    (entry) => {
      expect([...packagesReached(entry)].filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
    },
  );

  it("the tools' modules with their schemas do reach zod (the check above can see it)", () => {
    expect(packagesReached('iostat/tool.ts').has('zod')).toBe(true);
    expect(packagesReached('fio/log/tool.ts').has('zod')).toBe(true);
  });
});
