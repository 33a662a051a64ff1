import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { type BuildOptions, buildSite, buildSiteIn, type SiteBuild } from './build-site.ts';

// One build of a content folder for the whole test run, where several test files would each
// build the same site (nine build content/results): `astro build` is most of what they cost.

/** What the file that built a shared site leaves for the others. */
type SharedBuild = Pick<SiteBuild, 'isSuccess' | 'outDir' | 'workDir' | 'output'>;

/** How often a file waiting for another's build looks for its result. */
const POLL_MS = 250;

/**
 * The site built from `contentDir` once per test run: the first test file to ask builds it into
 * the run's folder (shared-builds-setup.ts), and the others, in this worker or another, wait for
 * that build and get the same one. Its `cleanup` does nothing (the global teardown removes it), and
 * no test may change its files: a test that serves files of its own serves them from its own
 * folder. Without the global setup (another Vitest config), a build of the file's own.
 */
export async function sharedBuild(contentDir: string, options: BuildOptions = {}): Promise<SiteBuild> {
  const runDir = inject('sharedBuildsDir') as string | undefined;
  if (runDir === undefined) return buildSite(contentDir, options);
  const key = createHash('sha256')
    .update(JSON.stringify([contentDir, options.env ?? {}]))
    .digest('hex')
    .slice(0, 16);
  const workDir = join(runDir, key);
  const resultFile = join(workDir, 'result.json');
  // mkdir is atomic: exactly one file makes the folder, and it builds.
  const isBuilder = await mkdir(workDir).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return false;
      throw error;
    },
  );
  const shared = isBuilder ? await build(workDir, contentDir, options, resultFile) : await waitFor(resultFile);
  return { ...shared, cleanup: async () => {} };
}

async function build(workDir: string, contentDir: string, options: BuildOptions, resultFile: string) {
  let shared: SharedBuild;
  try {
    const { isSuccess, outDir, output } = await buildSiteIn(workDir, contentDir, options);
    shared = { isSuccess, outDir, workDir, output };
  } catch (error) {
    // The waiting files must hear of it too, rather than wait until their hook times out.
    shared = {
      isSuccess: false,
      outDir: join(workDir, 'dist'),
      workDir,
      output: `astro build did not run: ${String(error)}`,
    };
  }
  // Written whole, then renamed into place: a waiting file never reads half of it.
  await writeFile(`${resultFile}.part`, JSON.stringify(shared));
  await rename(`${resultFile}.part`, resultFile);
  return shared;
}

/** The result another file's build leaves, once it is there (the caller's hook timeout bounds the wait). */
async function waitFor(resultFile: string): Promise<SharedBuild> {
  for (;;) {
    try {
      return JSON.parse(await readFile(resultFile, 'utf8')) as SharedBuild;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await sleep(POLL_MS);
  }
}
