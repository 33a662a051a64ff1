import { describe, expect, test } from 'vitest';
import { contentDir } from './content-dir.ts';
import { recordRepoRoot, repoRoot } from './repo-root.ts';

const SITE_DIR = new URL('file:///srv/benchfolio/packages/site/');

describe('recordRepoRoot(siteDir, env) and repoRoot(env)', () => {
  test('the repository is two folders above the site', () => {
    const env: NodeJS.ProcessEnv = {};
    recordRepoRoot(SITE_DIR, env);
    expect(repoRoot(env)).toBe('/srv/benchfolio/');
  });

  test('a root given in the environment is kept', () => {
    const env: NodeJS.ProcessEnv = { BENCHFOLIO_REPO_ROOT: '/elsewhere' };
    recordRepoRoot(SITE_DIR, env);
    expect(repoRoot(env)).toBe('/elsewhere');
  });

  test('repoRoot throws when nothing recorded the root', () => {
    expect(() => repoRoot({})).toThrow(/BENCHFOLIO_REPO_ROOT is not set/);
  });
});

describe('contentDir(env)', () => {
  const env = { BENCHFOLIO_REPO_ROOT: '/srv/benchfolio/' };

  test('is content/results in the repository by default', () => {
    expect(contentDir(env)).toBe('/srv/benchfolio/content/results');
  });

  test('takes BENCHFOLIO_CONTENT_DIR relative to the repository root, or absolute', () => {
    expect(contentDir({ ...env, BENCHFOLIO_CONTENT_DIR: 'test/results' })).toBe('/srv/benchfolio/test/results');
    expect(contentDir({ ...env, BENCHFOLIO_CONTENT_DIR: '/tmp/results' })).toBe('/tmp/results');
  });
});
