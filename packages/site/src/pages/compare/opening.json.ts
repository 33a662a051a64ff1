import type { APIRoute } from 'astro';
import { loadCatalog } from '../../catalog/site-content.ts';
import { openingView } from '../../compare/opening-view.ts';
import { toolTitle } from '../../tools/index.ts';

/**
 * `/compare/opening.json`: what a bare /compare/ opens on (compare/opening-view.ts), with its
 * workload in words ("fio random-write-direct", "fio bs=16k, threads=32"), or `null`. A file of
 * its own, fetched by the page's script: the page itself holds nothing that grows with the
 * experiments.
 */
export const GET: APIRoute = async () => {
  const opened = openingView(await loadCatalog());
  const [tool = '', group = ''] = opened?.key.split('|') ?? [];
  const words = `${toolTitle(tool.split(':')[0] ?? tool)} ${group.replaceAll(';', ', ')}`;
  const body = opened === undefined ? null : { ...opened, words };
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
