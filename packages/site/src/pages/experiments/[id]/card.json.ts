import type { APIRoute, GetStaticPaths } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { catalogEntryOf, loadCatalog } from '../../../catalog/site-content.ts';
import ExperimentCard from '../../../components/ExperimentCard.astro';

/**
 * `/experiments/<id>/card.json`: `{ "html": ... }`, the experiment's card exactly as the index
 * page renders it, which the index shows for a search's results (components/index/
 * experiment-index.ts). A file of its own rather than a value of the search record's meta:
 * Pagefind would index the markup's words. Made from the experiment's folder alone.
 */
export const getStaticPaths = (async () =>
  (await loadCatalog()).map((entry) => ({
    params: { id: entry.id },
    cacheKey: entry.digest,
  }))) satisfies GetStaticPaths;

let container: Promise<AstroContainer> | undefined;

export const GET: APIRoute = async ({ params }) => {
  const id = params.id as string;
  const entry = await catalogEntryOf(id);
  if (entry === undefined) throw new Error(`experiment ${id} is not in the content`);
  container ??= AstroContainer.create();
  const html = await (await container).renderToString(ExperimentCard, { props: { entry: entry.index } });
  return new Response(JSON.stringify({ html }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
