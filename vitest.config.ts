import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources (the "source" export condition),
  // so tests never run against a stale build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    // No test is bounded by time: these limits only turn a hang into a failure. They are far
    // above what any test takes on an idle machine, because the suite must pass on one whose
    // cores are all busy (a property test that takes 1 s idle can take 6 s there).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine. Much
    // of the suite waits on other processes (astro build, chromium, fio, sysbench, sshd), so two
    // files at a time keep both cores busy: the whole suite took 760 s instead of 1015 s here.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // On CI a JSON report is written too, for .ci/run's closing line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.ci/test-results.json' }]] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'parsers',
          include: ['packages/parsers/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The site's unit tests: no Astro build, no browser.
          name: 'site',
          include: ['packages/site/**/*.test.ts'],
          exclude: ['packages/site/e2e/**'],
        },
      },
      {
        extends: true,
        test: {
          // The site's builds and browser tests, a project of their own so that `npm run test:unit`
          // (every project but this one) starts no Astro build and no Chromium.
          name: 'e2e',
          include: ['packages/site/e2e/**/*.test.ts'],
          // A folder for the site builds the browser test files share (e2e/helpers/shared-build.ts).
          globalSetup: ['packages/site/e2e/helpers/shared-builds-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
        },
      },
    ],
  },
});
