import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadCatalog } from '../../../../../catalog/site-content.ts';

/**
 * `/experiments/<id>/runs/<run>/<file>`: each raw output of each run, byte for byte, and the
 * run's run.yaml. The content's loader has already refused any file name a static site cannot
 * serve (outputFileNameProblem in @benchfolio/parsers/content).
 */
export const getStaticPaths = (async () =>
  (await loadCatalog()).flatMap((entry) =>
    entry.runs.flatMap((run) =>
      [...run.files, 'run.yaml'].map((file) => ({
        params: { id: entry.id, run: run.id, file },
        props: { path: join(entry.dir, 'runs', run.id, file) },
        cacheKey: entry.digest,
      })),
    ),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const bytes = await readFile((props as { path: string }).path);
  return new Response(bytes, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
