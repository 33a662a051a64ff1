import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * What the /try page runs in the reader's browser (the app and the parse worker, with the
 * parsers and the site's data layer), bundled as a browser bundler would: a Node built-in, or a
 * runtime import of `@benchfolio/parsers/node`, does not resolve and fails the build.
 */
const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe.each(['app.ts', 'parse-worker.ts'])('the /try %s bundled for a browser', (file) => {
  it('holds no Node built-in and no Node-only module of the parsers', async () => {
    const result = await build({
      entryPoints: [entry(file)],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      conditions: ['source'],
      write: false,
      metafile: true,
      logLevel: 'silent',
      // Stylesheets the app imports are Vite's to inject; they are not the parse path.
      loader: { '.css': 'empty' },
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes('parsers/src/registry.ts'))).toBe(true);
    expect(inputs.filter((input) => input.startsWith('node:') || /parsers\/src\/(node|cli)\//.test(input))).toEqual([]);
  });
});
