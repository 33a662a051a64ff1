import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The parse path runs in browsers (DESIGN.md; the site's /try page parses in the reader's
 * browser). browser-safe.test.ts reads the import graph; this test bundles the entry points as a
 * browser bundler would (esbuild, platform `browser`: a Node built-in does not resolve and fails
 * the build) and then runs the bundle where only web globals exist, no `process`, `Buffer` or
 * `require`, on real outputs of every tool.
 */
const srcDir = new URL('.', import.meta.url).pathname;
const packageDir = join(srcDir, '..');

async function bundle(entry: string): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [join(srcDir, entry)],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'benchfolio',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0]?.text ?? '', inputs: Object.keys(result.metafile.inputs) };
}

/** A context with the web platform's globals the parsers may use, and nothing of Node's. */
function browserLikeContext(): Record<string, unknown> {
  const context: Record<string, unknown> = {
    TextEncoder,
    TextDecoder,
    TextDecoderStream,
    ReadableStream,
    TransformStream,
    WritableStream,
    URL,
    console,
    queueMicrotask,
    setTimeout,
    clearTimeout,
  };
  context.globalThis = context;
  context.self = context;
  return createContext(context);
}

const realOutput = (path: string) => readFileSync(join(packageDir, path), 'utf8');

describe('the parsers bundled for a browser', () => {
  it.each(['index.ts', 'content/index.ts'])(
    '%s bundles with no Node built-in and no node/ or cli/ module',
    async (entry) => {
      const { code, inputs } = await bundle(entry);
      expect(code.length).toBeGreaterThan(1000);
      expect(inputs.filter((input) => input.startsWith('node:') || /\/src\/(node|cli)\//.test(input))).toEqual([]);
    },
  );

  it('index.ts, the parse entry, bundles nothing of the content model (content/, node/, cli/)', async () => {
    const { inputs } = await bundle('index.ts');
    expect(inputs.filter((input) => /\/src\/(content|node|cli)\//.test(input))).toEqual([]);
    expect(inputs.some((input) => input.endsWith('/src/tools.ts'))).toBe(true);
  });

  it('parses every tool where only web globals exist', async () => {
    const { code } = await bundle('index.ts');
    const context = browserLikeContext();
    runInContext(code, context);
    const parsers = context.benchfolio as { parse(text: string): { tool: string; toolVersion: string | null } };
    expect(typeof context.process).toBe('undefined');
    const outputs = {
      fio: realOutput('fixtures/fio/fio-3.33--randwrite-desc.terse2-json.txt'),
      bonnie: realOutput('fixtures/bonnie/bonnie-2.00a--table-and-csv.input.txt'),
      sysbench: realOutput('fixtures/sysbench/sysbench-1.0.20--fileio-direct-threads.input.txt'),
      iostat: realOutput('fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt'),
    };
    for (const [tool, text] of Object.entries(outputs)) expect(parsers.parse(text).tool).toBe(tool);
  });
});

describe('content/index.ts in a browser bundle', () => {
  // The write-up check (markdown-check.ts) reads index.md with markdown-it, about 100 kB that
  // only validate and the loading need. The package is free of side effects (package.json), so
  // a bundler leaves out what the importer does not use: the site's /try form imports the
  // schemas and the name rules, and must not carry markdown-it to readers.
  it('leaves markdown-it out when only the schemas and the name rules are imported', async () => {
    const result = await build({
      stdin: {
        contents: `export { checkYaml, RunSchema, ExperimentSchema, outputFileNameProblem, runFolderNameProblem } from './content/index.ts';`,
        resolveDir: srcDir,
        sourcefile: 'try-form.ts',
        loader: 'ts',
      },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const output = Object.values(result.metafile.outputs)[0];
    const bundled = Object.entries(output?.inputs ?? {})
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path);
    expect(bundled.some((path) => path.endsWith('/src/content/run-schema.ts'))).toBe(true);
    expect(bundled.filter((path) => /markdown-it|markdown-check|linkify|mdurl|punycode|uc\.micro/.test(path))).toEqual(
      [],
    );
  });
});
