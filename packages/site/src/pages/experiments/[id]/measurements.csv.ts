import type { APIRoute, GetStaticPaths } from 'astro';
import { loadCatalog, loadExperimentById } from '../../../catalog/site-content.ts';
import { measurementsCsv } from '../../../data/measurements-table.ts';

/**
 * `/experiments/<id>/measurements.csv`: every measurement of every run, tidy, in base units. None
 * for an experiment awaiting runs: it would be a header alone.
 */
export const getStaticPaths = (async () =>
  (await loadCatalog())
    .filter((entry) => entry.experiment.status !== 'awaiting-runs')
    .map((entry) => ({ params: { id: entry.id }, cacheKey: entry.digest }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const loaded = await loadExperimentById(params.id as string);
  return new Response(measurementsCsv(loaded), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
};
