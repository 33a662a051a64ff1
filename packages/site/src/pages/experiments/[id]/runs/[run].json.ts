import type { LoadedExperiment, LoadedRun } from '@benchfolio/parsers/node';
import type { APIRoute, GetStaticPaths } from 'astro';
import { runJson } from '../../../../data/run-json.ts';
import { loadSiteContent } from '../../../../data/site-content.ts';

/** `/experiments/<id>/runs/<run>.json`: the run parsed (RunJson in src/data/run-json.ts). */
export const getStaticPaths = (async () =>
  (await loadSiteContent()).flatMap((loaded) =>
    loaded.runs.map((run) => ({ params: { id: loaded.id, run: run.id }, props: { loaded, run } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { loaded, run } = props as { loaded: LoadedExperiment; run: LoadedRun };
  return new Response(JSON.stringify(runJson(loaded, run)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
