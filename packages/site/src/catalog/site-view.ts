import { type ExperimentView, experimentView } from '../data/experiment-view.ts';
import type { IndexEntry } from '../data/index-entry.ts';
import type { CatalogEntry } from './catalog.ts';
import { catalogEntryOf, loadCatalog, loadExperimentById } from './site-content.ts';

export type { ExperimentView, OutputView, RunView } from '../data/experiment-view.ts';
export type { HardwareFacet } from '../data/hardware-summary.ts';
export type { IndexEntry } from '../data/index-entry.ts';
export type { SystemRow, SystemsTable } from '../data/systems-table.ts';
export { toolTitle } from '../tools/index.ts';

let last: { id: string; view: Promise<ExperimentView> } | undefined;

/**
 * One experiment's view by folder name, or undefined. Made for its page from the experiment
 * alone (site-content.ts); the last one is kept, as its run pages come one after another.
 */
export async function loadExperimentView(id: string): Promise<ExperimentView | undefined> {
  if ((await catalogEntryOf(id)) === undefined) return undefined;
  if (last?.id !== id) last = { id, view: loadExperimentById(id).then(experimentView) };
  return last.view;
}

let index: { of: CatalogEntry[]; entries: IndexEntry[] } | undefined;

/** The index: one entry per experiment, newest first (date, then folder name). */
export async function loadIndex(): Promise<IndexEntry[]> {
  const catalog = await loadCatalog();
  if (index?.of !== catalog) index = { of: catalog, entries: catalog.map((entry) => entry.index) };
  return index.entries;
}
