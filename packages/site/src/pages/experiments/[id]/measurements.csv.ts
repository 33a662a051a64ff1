import type { LoadedExperiment } from '@benchfolio/parsers/node';
import type { APIRoute, GetStaticPaths } from 'astro';
import { measurementsCsv } from '../../../data/measurements-table.ts';
import { loadSiteContent } from '../../../data/site-content.ts';

/**
 * `/experiments/<id>/measurements.csv`: every measurement of every run, tidy, in base units. None
 * for an experiment awaiting runs: it would be a header alone.
 */
export const getStaticPaths = (async () =>
  (await loadSiteContent())
    .filter((loaded) => loaded.experiment.status !== 'awaiting-runs')
    .map((loaded) => ({
      params: { id: loaded.id },
      props: { loaded },
    }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { loaded } = props as { loaded: LoadedExperiment };
  return new Response(measurementsCsv(loaded), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
};
