import type { APIRoute, GetStaticPaths } from 'astro';
import { loadRunById, runPaths } from '../../../../catalog/site-content.ts';
import { runJson } from '../../../../data/run-json.ts';

/** `/experiments/<id>/runs/<run>.json`: the run parsed (RunJson in src/data/run-json.ts). */
export const getStaticPaths = runPaths satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const { loaded, run } = await loadRunById(params.id as string, params.run as string);
  return new Response(JSON.stringify(runJson(loaded, run)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
