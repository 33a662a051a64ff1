import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `packages/site`, the Astro project root. */
export const SITE_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** The repository root: content paths in build errors are relative to it. */
export const REPO_ROOT = join(SITE_DIR, '..', '..');

// Found the way Node finds it from the site, wherever npm placed the package.
const ASTRO_PACKAGE = createRequire(join(SITE_DIR, 'package.json')).resolve('astro/package.json');
const ASTRO_BIN = join(dirname(ASTRO_PACKAGE), 'bin', 'astro.mjs');
// Builds go inside the package: Astro renders the pages by importing a bundle it writes into the
// output folder, and that bundle finds its dependencies in the node_modules folders above it.
export const BUILDS_DIR = join(SITE_DIR, 'node_modules', '.cache', 'benchfolio-e2e');

/**
 * The Node options of the site's `npm run build` (package.json: `node <options> .../astro.mjs
 * build`), so that the tests and bench/build-scale.ts run the build the way a contributor does.
 * `--heap-growing-percent=50`: after each full collection V8 lets the heap grow to 1.5 times
 * what survived it, not up to 4 times (its default when the heap may reach 2 GB or more). A
 * build makes garbage fast (each page loads its experiment afresh): at 400 experiments the heap
 * peaked at 784 MB with about 170 MB live, and at 402 MB with this (docs/02-hosting.md, "Builds at scale").
 */
export function buildNodeOptions(packageJson = readFileSync(join(SITE_DIR, 'package.json'), 'utf8')): string[] {
  const script = (JSON.parse(packageJson) as { scripts: { build: string } }).scripts.build;
  const match = /^node((?: --[\w-]+=\S+)*) \S+\/astro\.mjs build$/.exec(script);
  if (match === null)
    throw new Error(`the site's build script is not "node [--option=value ...] <astro.mjs> build": ${script}`);
  return (match[1] ?? '').split(' ').filter(Boolean);
}

export interface SiteBuild {
  /** Whether `astro build` exited with status 0. */
  isSuccess: boolean;
  /** The folder the site was built into. */
  outDir: string;
  /** The folder of this build: its output folder and its caches. */
  workDir: string;
  /** Standard output then standard error of `astro build`. */
  output: string;
  /** Removes every file the build wrote. */
  cleanup(): Promise<void>;
}

export interface BuildOptions {
  /** More environment for the build: `BENCHFOLIO_BASE`, `BENCHFOLIO_SITE_URL`. */
  env?: Record<string, string>;
  /**
   * An earlier build to build again, into its output folder with its caches, as a user's
   * second `npm run build` does; by default a build starts from nothing.
   */
  after?: SiteBuild;
  /** Called with the process ID of `astro build` once it started (bench/build-scale.ts watches its memory). */
  onStart?: (pid: number) => void;
}

/**
 * Runs `astro build` of the site against a folder of experiments, into a fresh temporary folder.
 * Builds can run at the same time: each has its own output folder and content cache.
 */
export async function buildSite(contentDir: string, options: BuildOptions = {}): Promise<SiteBuild> {
  await mkdir(BUILDS_DIR, { recursive: true });
  const workDir = options.after?.workDir ?? (await mkdtemp(join(BUILDS_DIR, 'build-')));
  return buildSiteIn(workDir, contentDir, options);
}

/**
 * `buildSite` into a folder made for it, which must be inside `BUILDS_DIR` (see there): the
 * output goes to its `dist`, Astro's content cache to its `cache`.
 */
export async function buildSiteIn(workDir: string, contentDir: string, options: BuildOptions = {}): Promise<SiteBuild> {
  const outDir = join(workDir, 'dist');
  // Vitest sets NODE_ENV "test" (a build is "production") and puts Vite's import.meta.env values
  // of the test run in process.env (BASE_URL "/", DEV "1", ...): Astro would take them for its own.
  const { NODE_ENV: _nodeEnv, BASE_URL: _base, MODE: _mode, DEV: _dev, PROD: _prod, SSR: _ssr, ...env } = process.env;
  // Astro runs on the Node that runs the tests.
  const args = [...buildNodeOptions(), ASTRO_BIN, 'build', '--root', SITE_DIR, '--outDir', outDir];
  const child = spawn(process.execPath, args, {
    cwd: SITE_DIR,
    env: {
      ...env,
      ...options.env,
      BENCHFOLIO_CONTENT_DIR: contentDir,
      BENCHFOLIO_CACHE_DIR: join(workDir, 'cache'),
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_COLOR: '1',
    },
  });
  if (child.pid !== undefined) options.onStart?.(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  return {
    isSuccess: exitCode === 0,
    outDir,
    workDir,
    output: stdout + stderr,
    cleanup: () => rm(workDir, { recursive: true, force: true }),
  };
}
