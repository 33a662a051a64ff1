import { createHash } from 'node:crypto';
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteStandings } from '../../catalog/site-content.ts';
import { standingFiles } from '../../compare/standings-index.ts';
import type { WorkloadStandings } from '../../view/standing.ts';

/**
 * `/standings/<name>.json`: one workload's published numbers, per ranked metric, of every run
 * without an error finding on the number (WorkloadStandings in src/view/standing.ts), each with
 * its run page and raw file. The run pages rank against them at build time; /try fetches the
 * files of the reader's workloads by name (compare/standing-key.ts's standingFileName).
 */
export const getStaticPaths = (async () =>
  standingFiles(await siteStandings()).map(({ name, body }) => ({
    params: { name },
    props: { body },
    cacheKey: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const body = (props as { body: WorkloadStandings }).body;
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
