import { type ExperimentView, experimentView } from './experiment-view.ts';
import { type IndexEntry, indexEntry } from './index-entry.ts';
import { loadSiteContent } from './site-content.ts';

export { toolTitle } from '../tools/index.ts';
export type { ExperimentView, OutputView, RunView } from './experiment-view.ts';
export type { HardwareFacet } from './hardware-summary.ts';
export type { IndexEntry } from './index-entry.ts';
export type { SystemRow, SystemsTable } from './systems-table.ts';

/** Everything the site's pages are made from, once per build. */
export interface SiteView {
  /** One entry per experiment, newest first (date, then folder name). */
  index: IndexEntry[];
  /** The experiment views, in the same order. */
  experiments: ExperimentView[];
}

let loading: Promise<SiteView> | undefined;

/** The site's view of the content, made on first call and shared by every page of the build. */
export function loadSiteView(): Promise<SiteView> {
  loading ??= (async () => {
    const experiments = await loadSiteContent();
    return { index: experiments.map(indexEntry), experiments: experiments.map(experimentView) };
  })();
  return loading;
}

/** One experiment's view by folder name, or undefined. */
export async function loadExperimentView(id: string): Promise<ExperimentView | undefined> {
  return (await loadSiteView()).experiments.find((view) => view.id === id);
}
