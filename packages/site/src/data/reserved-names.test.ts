import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EXPERIMENT_GENERATED_FILES,
  experimentZipName,
  RUN_GENERATED_FILES,
  runGeneratedSiblings,
} from '@benchfolio/parsers/content';
import { describe, expect, it } from 'vitest';
import { rawZipName } from './download-paths.ts';

// validate refuses the names the build makes inside an experiment's and a run's folder
// (reserved-names.ts in @benchfolio/parsers/content). Every page under
// src/pages/experiments/[id]/ must be on that list, or a submission could collide with it.

const PAGES = fileURLToPath(new URL('../pages/experiments/[id]/', import.meta.url));
const ID = '2011-07-some-experiment';
const RUN = 'some-run';

/** The file a route writes, for ID and RUN: `runs/[run].json.ts` -> `runs/some-run.json`. */
function writtenPath(route: string): string {
  return route
    .replace(/\.astro$/, '.html')
    .replace(/\.ts$/, '')
    .replaceAll('[run]', RUN)
    .replace('[zip]', rawZipName(ID));
}

function routes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|astro)$/.test(entry.name) && !entry.name.includes('.test.'))
    .map((entry) => relative(PAGES, join(entry.parentPath, entry.name)));
}

describe('the names the site makes in an experiment folder', () => {
  it('are all reserved by the library', () => {
    const found = routes(PAGES);
    expect(found.length).toBeGreaterThanOrEqual(9);
    for (const route of found) {
      const path = writtenPath(route);
      if (route === 'runs/[run]/[file].ts') {
        // The raw outputs themselves, and run.yaml under its own name.
        expect(RUN_GENERATED_FILES).toContain('run.yaml');
      } else if (path.startsWith(`runs/${RUN}/`)) {
        expect(RUN_GENERATED_FILES, route).toContain(path.slice(`runs/${RUN}/`.length));
      } else if (path.startsWith('runs/')) {
        expect(runGeneratedSiblings(RUN), route).toContain(path.slice('runs/'.length));
      } else if (route === '[zip].zip.ts') {
        expect(experimentZipName(ID)).toBe(path);
      } else {
        expect(EXPERIMENT_GENERATED_FILES, route).toContain(path);
      }
    }
  });
});
