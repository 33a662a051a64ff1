import type { LoadedExperiment, LoadedRun } from '@benchfolio/parsers/node';
import type { APIRoute, GetStaticPaths } from 'astro';
import { runSectionsJson } from '../../../../data/run-json.ts';
import { loadSiteContent } from '../../../../data/site-content.ts';

/**
 * `/experiments/<id>/runs/<run>.sections.json`: the run's bars and distributions alone
 * (RunSectionsJson in src/data/run-json.ts), what the compare page fetches: a small part of the
 * full run JSON, which also holds every parsed result and measurement.
 */
export const getStaticPaths = (async () =>
  (await loadSiteContent()).flatMap((loaded) =>
    loaded.runs.map((run) => ({ params: { id: loaded.id, run: run.id }, props: { loaded, run } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { loaded, run } = props as { loaded: LoadedExperiment; run: LoadedRun };
  return new Response(JSON.stringify(runSectionsJson(loaded, run)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
