import { getEntry } from 'astro:content';
import type { APIRoute, GetStaticPaths } from 'astro';
import { searchRecord } from '../../../catalog/search-record.ts';
import { aliasedCacheKey, aliasOf, catalogEntryOf, loadCatalog } from '../../../catalog/site-content.ts';

/**
 * `/experiments/<id>/search-record.json`: what the site search indexes of the experiment
 * (catalog/search-record.ts), read by the Pagefind integration once the build is done. Made from
 * the experiment's folder and its alias, so kept from the last build while both are the same.
 */
export const getStaticPaths = (async () =>
  Promise.all(
    (await loadCatalog()).map(async (entry) => ({ params: { id: entry.id }, cacheKey: await aliasedCacheKey(entry) })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const id = params.id as string;
  const entry = await catalogEntryOf(id);
  if (entry === undefined) throw new Error(`experiment ${id} is not in the content`);
  const writeUp = (await getEntry('experiments', id))?.rendered?.html ?? '';
  // The page's address within the site: the index's Pagefind adds the base (its baseUrl option).
  const record = searchRecord(entry, {
    alias: await aliasOf(id),
    writeUpHtml: writeUp,
    url: entry.index.href,
  });
  return new Response(JSON.stringify(record), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
