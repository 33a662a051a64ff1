import type { VariableKind } from '@benchfolio/parsers/content';
import type { CatalogEntry } from './catalog.ts';
import { loadCatalog } from './site-content.ts';

/** Another experiment whose variable is of the same kind, as a link with what it holds. */
export interface RelatedExperiment {
  id: string;
  /** Site path of its page (pass through href()). */
  href: string;
  title: string;
  status: 'published' | 'awaiting-runs';
  runCount: number;
  /** "2011-07", "2026-11-24": when its runs were made. */
  date: string;
}

/** The experiments beside one: the others of its variable's kind. */
export interface RelatedExperiments {
  kind: VariableKind;
  /** Those with numbers first, newest first within each (the catalog's order). */
  entries: RelatedExperiment[];
  /**
   * What the list depends on beyond the experiment's own folder: a page is kept from the last
   * build only while the experiments of its kind are the same (Astro's `cacheKey`).
   */
  cacheKey: string;
}

/**
 * The other experiments of an experiment's variable kind (a disk model beside other disk
 * models). An experiment awaiting runs links those of its kind that have numbers, and they
 * link it back, so a reader who came for a kind finds both what is measured and what is not yet.
 * `host` and `other` name no kind a reader chooses by: none for them.
 */
export function relatedAmong(
  entries: readonly Pick<CatalogEntry, 'id' | 'experiment' | 'index'>[],
  id: string,
): RelatedExperiments | undefined {
  const self = entries.find((entry) => entry.id === id);
  const kind = self?.experiment.variable.kind;
  if (self === undefined || kind === undefined || kind === 'host' || kind === 'other') return undefined;
  const related = entries
    .filter((entry) => entry.id !== id && entry.experiment.variable.kind === kind)
    .map(
      (entry): RelatedExperiment => ({
        id: entry.id,
        href: entry.index.href,
        title: entry.experiment.title,
        status: entry.experiment.status,
        runCount: entry.index.runCount,
        date: entry.experiment.date,
      }),
    );
  const withNumbers = related.filter((entry) => entry.status === 'published');
  const awaiting = related.filter((entry) => entry.status === 'awaiting-runs');
  const ordered = [...withNumbers, ...awaiting];
  return {
    kind,
    entries: ordered,
    cacheKey: ordered.map((entry) => `${entry.id}:${entry.status}:${entry.runCount}:${entry.title}`).join('|'),
  };
}

/** relatedAmong over the site's catalog. */
export async function relatedExperiments(id: string): Promise<RelatedExperiments | undefined> {
  return relatedAmong(await loadCatalog(), id);
}
