import type { APIRoute } from 'astro';
import { compareIndex } from '../../data/compare-index.ts';
import { loadSiteContent } from '../../data/site-content.ts';

/**
 * `/compare/runs.json`: every run of every experiment with what it can be compared with and its
 * run JSON's address (under the site's base), for the compare page (CompareIndex in
 * src/data/compare-index.ts).
 */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(compareIndex(await loadSiteContent(), import.meta.env.BASE_URL)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
