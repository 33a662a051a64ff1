import type { APIRoute, GetStaticPaths } from 'astro';
import { aliasedCacheKey, aliasOf, loadCatalog, loadExperimentById } from '../../../catalog/site-content.ts';
import { compareRunsWithEvidence } from '../../../compare/compare-evidence.ts';
import type { ExperimentCompareRuns } from '../../../compare/compare-index.ts';

/**
 * `/experiments/<id>/compare-runs.json`: the experiment's runs with what they can be compared
 * with, their fingerprints and systems (ExperimentCompareRuns in src/compare/compare-index.ts), for
 * /compare and /try, which fetch it for the experiments the search index finds.
 */
export const getStaticPaths = (async () =>
  Promise.all(
    (await loadCatalog()).map(async (entry) => ({ params: { id: entry.id }, cacheKey: await aliasedCacheKey(entry) })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const id = params.id as string;
  const body: ExperimentCompareRuns = {
    experiment: id,
    alias: await aliasOf(id),
    runs: compareRunsWithEvidence(await loadExperimentById(id), import.meta.env.BASE_URL),
  };
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
