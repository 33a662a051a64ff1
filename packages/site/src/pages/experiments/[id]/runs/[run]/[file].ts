import { readFile } from 'node:fs/promises';
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadSiteContent } from '../../../../../data/site-content.ts';

/**
 * `/experiments/<id>/runs/<run>/<file>`: each raw output of each run, byte for byte, and the
 * run's run.yaml. The content's loader has already refused any file name a static site cannot
 * serve (outputFileNameProblem in @benchfolio/parsers/content).
 */
export const getStaticPaths = (async () => {
  const paths = [];
  for (const loaded of await loadSiteContent()) {
    for (const run of loaded.runs) {
      const files = [
        ...run.outputs.map((output) => ({ name: output.file, path: output.path })),
        { name: 'run.yaml', path: `${run.dir}/run.yaml` },
      ];
      for (const file of files) {
        paths.push({ params: { id: loaded.id, run: run.id, file: file.name }, props: { path: file.path } });
      }
    }
  }
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const bytes = await readFile((props as { path: string }).path);
  return new Response(bytes, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
