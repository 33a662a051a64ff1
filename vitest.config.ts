import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources (the "source" export condition),
  // so tests never run against a stale build.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
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
          name: 'site',
          include: ['packages/site/**/*.test.ts'],
        },
      },
    ],
  },
});
