import type { APIRoute, GetStaticPaths } from 'astro';
import { loadCatalog } from '../../../catalog/site-content.ts';
import { rawZipName } from '../../../data/download-paths.ts';
import { experimentZip } from '../../../data/raw-zip.ts';

/**
 * `/experiments/<id>/<id>-raw.zip`: the experiment's folder as committed (experiment.yaml, the
 * write-up, each run's run.yaml and raw outputs), for experiments with runs.
 */
export const getStaticPaths = (async () =>
  (await loadCatalog())
    .filter((entry) => entry.runs.length > 0)
    .map((entry) => ({
      params: { id: entry.id, zip: rawZipName(entry.id) },
      props: { id: entry.id, dir: entry.dir },
      cacheKey: entry.digest,
    }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { id, dir } = props as { id: string; dir: string };
  // A copy on its own ArrayBuffer, as a Response body must be.
  const bytes = new Uint8Array(await experimentZip(id, dir));
  return new Response(bytes, { headers: { 'Content-Type': 'application/zip' } });
};
