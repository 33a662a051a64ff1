import { createHash } from 'node:crypto';
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteStandings } from '../../../catalog/site-content.ts';
import { standingNameBuckets } from '../../../compare/standings-index.ts';

/**
 * `/standings/names/<digit>.json`: the names of the workloads' standings files whose name begins
 * with that hex digit, sorted (compare/standing-key.ts). /try reads the one of each of its
 * workloads' names and fetches only the files that exist. All sixteen are written.
 */
export const getStaticPaths = (async () =>
  standingNameBuckets(await siteStandings()).map(({ bucket, names }) => ({
    params: { bucket },
    props: { names },
    cacheKey: createHash('sha256').update(JSON.stringify(names)).digest('hex'),
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify((props as { names: string[] }).names), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
