import { type IndexEntry, indexEntry } from './index-entry.ts';
import { loadSiteContent } from './site-content.ts';

export type { HardwareFacet } from './hardware-summary.ts';
export type { IndexEntry } from './index-entry.ts';
export { toolTitle } from './tool-names.ts';

/** Everything the site's pages are made from, once per build. */
export interface SiteView {
  /** One entry per experiment, newest first (date, then folder name). */
  index: IndexEntry[];
}

let loading: Promise<SiteView> | undefined;

/** The site's view of the content, made on first call and shared by every page of the build. */
export function loadSiteView(): Promise<SiteView> {
  loading ??= (async () => {
    const experiments = await loadSiteContent();
    return { index: experiments.map(indexEntry) };
  })();
  return loading;
}
