import type { APIRoute } from 'astro';
import { loadCompareIndex } from '../../data/site-content.ts';

/**
 * `/compare/runs.json`: every run of every experiment with what it can be compared with and its
 * run JSON's address (under the site's base), for the compare page (CompareIndex in
 * src/data/compare-index.ts).
 */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await loadCompareIndex()), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
