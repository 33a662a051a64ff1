import type { APIRoute, GetStaticPaths } from 'astro';
import { loadRunById, runPaths } from '../../../../catalog/site-content.ts';
import { runSectionsJson } from '../../../../data/run-json.ts';

/**
 * `/experiments/<id>/runs/<run>.sections.json`: the run's bars and distributions alone
 * (RunSectionsJson in src/data/run-json.ts), what the compare page fetches: a small part of the
 * full run JSON, which also holds every parsed result and measurement.
 */
export const getStaticPaths = runPaths satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const { loaded, run } = await loadRunById(params.id as string, params.run as string);
  return new Response(JSON.stringify(runSectionsJson(loaded, run)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
