import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BUILDS_DIR } from './build-site.ts';

// The site project's global setup (vitest.config.ts): a folder for the builds its test files share
// (shared-build.ts), made before the first file and removed after the last. It builds nothing
// itself: a run of the unit tests alone costs no build.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test run's folder of shared builds, inside BUILDS_DIR. */
    sharedBuildsDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await mkdir(BUILDS_DIR, { recursive: true });
  const dir = await mkdtemp(join(BUILDS_DIR, 'shared-'));
  project.provide('sharedBuildsDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
