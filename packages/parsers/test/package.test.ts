import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The package as a user gets it: `npm pack` (which builds), publint and arethetypeswrong on the
 * tarball, then an install into an empty project that imports it and runs its CLI.
 */
const exec = promisify(execFile);
const packageDir = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'benchfolio-pack-'));
let tarball = '';
let files: string[] = [];

beforeAll(async () => {
  const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', work], { cwd: packageDir });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  if (packed === undefined) throw new Error('npm pack printed no package');
  tarball = join(work, packed.filename);
  files = packed.files.map((file) => file.path);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the npm package', () => {
  it('holds the build, the sources its source maps point to, the JSON Schema and the README, and no tests', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/index.js',
        'dist/index.d.ts',
        'dist/node/index.js',
        'dist/content/index.js',
        'dist/cli/main.js',
        'bin/benchfolio.js',
        'src/index.ts',
        'schema/measurement.schema.json',
        'README.md',
        'package.json',
      ]),
    );
    expect(files.filter((path) => /\.test\.|\/test\/|\/bench\//.test(path))).toEqual([]);
  });

  it('passes publint in strict mode', async () => {
    const { messages } = await publint({ pkgDir: packageDir, strict: true });
    expect(messages.map((message) => `${message.type} ${message.code} ${message.path.join('.')}`)).toEqual([]);
  });

  it('passes arethetypeswrong for ESM consumers', async () => {
    const result = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(tarball))));
    if (!('problems' in result)) throw new Error('arethetypeswrong found no types');
    // The package is ESM only (arethetypeswrong's "esm-only" profile): resolution as CommonJS
    // (node16-cjs) and the pre-exports resolution of TypeScript's node10 mode are not offered.
    const problems = result.problems.filter(
      (problem) =>
        !(
          'resolutionKind' in problem &&
          (problem.resolutionKind === 'node16-cjs' || problem.resolutionKind === 'node10')
        ),
    );
    expect(problems).toEqual([]);
  });

  it('installs into an empty project, imports, and runs its CLI', async () => {
    const project = join(work, 'project');
    await exec('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), '{ "name": "user-project", "private": true, "type": "module" }\n');
    await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: project });
    writeFileSync(
      join(project, 'use.js'),
      [
        "import { parse, parseSize, MeasurementSchema, ParseError } from '@benchfolio/parsers';",
        "import { readTextFile } from '@benchfolio/parsers/node';",
        "import schema from '@benchfolio/parsers/measurement.schema.json' with { type: 'json' };",
        "const size = parseSize('6377.3MB', { kbBase: 1024 });",
        'let code;',
        "try { parse('hello'); } catch (error) { code = error instanceof ParseError ? error.code : 'not a ParseError'; }",
        'console.log(JSON.stringify({ size, code, schema: schema.title, node: typeof readTextFile, zod: typeof MeasurementSchema.parse }));',
      ].join('\n'),
    );
    const { stdout } = await exec(process.execPath, ['use.js'], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({
      size: 6377.3 * 1024 * 1024,
      code: 'UNKNOWN_FORMAT',
      schema: 'benchfolio measurement',
      node: 'function',
      zod: 'function',
    });
    const help = await exec(join(project, 'node_modules/.bin/benchfolio'), ['--help'], { cwd: project });
    expect(help.stdout).toContain('benchfolio parse');
  }, 180_000);
});
