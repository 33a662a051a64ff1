import type { IndexEntry } from '../data/index-entry.ts';
import { type IndexFacets, indexFacets } from '../data/index-facets.ts';
import { loadIndex } from './site-view.ts';

/**
 * Cards per page of the index. The index is paged so that its pages stay small at any number of
 * experiments; the filters and the search go through Pagefind's index, not through the cards of
 * a page, so they reach every experiment from any page.
 */
export const INDEX_PAGE_SIZE = 50;

/** One page of the index. */
export interface IndexPage {
  /** From 1. */
  number: number;
  /** How many pages the index has (1 when it has no experiments). */
  pageCount: number;
  /** The position of its first experiment in the index, from 1. */
  first: number;
  /** This page's experiments, newest first. */
  entries: IndexEntry[];
  /** How many experiments the site has. */
  total: number;
  /** The filters' choices, counted over every experiment. */
  facets: IndexFacets;
}

let facets: { of: IndexEntry[]; facets: IndexFacets } | undefined;

/** Page `number` of the index (from 1), or undefined past the last. */
export async function loadIndexPage(number: number): Promise<IndexPage | undefined> {
  const index = await loadIndex();
  const pageCount = Math.max(1, Math.ceil(index.length / INDEX_PAGE_SIZE));
  if (!Number.isInteger(number) || number < 1 || number > pageCount) return undefined;
  // Counted once per build: every page shows the same choices.
  if (facets?.of !== index) facets = { of: index, facets: indexFacets(index) };
  const first = (number - 1) * INDEX_PAGE_SIZE + 1;
  const entries = index.slice(first - 1, first - 1 + INDEX_PAGE_SIZE);
  return { number, pageCount, first, entries, total: index.length, facets: facets.facets };
}

/** The address of index page `number` within the site: `/` for the first, `/page/<n>/` after. */
export function indexPageHref(number: number): string {
  return number === 1 ? '/' : `/page/${number}/`;
}
