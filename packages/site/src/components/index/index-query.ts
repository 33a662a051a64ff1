// The index page's filter state and its URL form, `?tool=fio&variable=filesystem&sort=oldest`.
// Plain functions, the same in the browser and in tests.

export const SORT_ORDERS = ['newest', 'oldest', 'title'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** What the reader chose. A facet left out shows every experiment. */
export interface IndexQuery {
  /** A command name, `fio`. */
  tool?: string;
  /** A variable kind, `filesystem`. */
  variable?: string;
  /** A hardware facet key, `raid:raid-0-hpe-smart-array-p440` (see hardwareKey). */
  hardware?: string;
  /** Words to search the experiments' pages for. */
  q?: string;
  sort: SortOrder;
}

/** The filter keys in the order the URL writes them. */
const FILTER_KEYS = ['tool', 'variable', 'hardware', 'q'] as const;

/** Reads the state from a URL query. Blank values are absent; an unknown sort is the default. */
export function parseIndexQuery(search: string | URLSearchParams): IndexQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const query: IndexQuery = { sort: 'newest' };
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) query[key] = value;
  }
  const sort = params.get('sort');
  if ((SORT_ORDERS as readonly string[]).includes(sort ?? '')) query.sort = sort as SortOrder;
  return query;
}

/** The URL query of a state, `?tool=fio&sort=title`: only what differs from the default; "" for none. */
export function formatIndexQuery(query: IndexQuery): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query[key]?.trim();
    if (value) params.set(key, value);
  }
  if (query.sort !== 'newest') params.set('sort', query.sort);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Whether a state is the index as served: no filter, no search, newest first. */
export function isDefaultQuery(query: IndexQuery): boolean {
  return formatIndexQuery(query) === '';
}

/**
 * The Pagefind search for a state (the records of catalog/search-record.ts): its words, or null to
 * list every experiment the filters let through, and the filters and the order.
 */
export function pagefindSearch(query: IndexQuery): {
  term: string | null;
  options: { filters: Record<string, string>; sort: Record<string, 'asc' | 'desc'> };
} {
  const filters: Record<string, string> = {};
  for (const key of ['tool', 'variable', 'hardware'] as const) {
    const value = query[key];
    if (value !== undefined) filters[key] = value;
  }
  // The records have a key per order (catalog/search-record.ts), each sorted ascending.
  return { term: query.q ?? null, options: { filters, sort: { [query.sort]: 'asc' } } };
}

const SORT_PHRASES: Record<SortOrder, string> = {
  newest: 'newest first',
  oldest: 'oldest first',
  title: 'by title',
};

/** "8 experiments, newest first." unfiltered; "3 of 8 experiments, by title." when filtered. */
export function countText(shown: number, total: number, order: SortOrder): string {
  const noun = total === 1 ? 'experiment' : 'experiments';
  const count =
    shown === total ? `${COUNT.format(total)} ${noun}` : `${COUNT.format(shown)} of ${COUNT.format(total)} ${noun}`;
  return `${count}, ${SORT_PHRASES[order]}.`;
}

const COUNT = new Intl.NumberFormat('en-US');

/**
 * The count of a served page: "8 experiments, newest first." when the index fits on one page,
 * "Experiments 51–100 of 2,000, newest first." when it has several.
 */
export function pageCountText(page: {
  first: number;
  pageCount: number;
  entries: readonly unknown[];
  total: number;
}): string {
  if (page.pageCount === 1) return countText(page.total, page.total, 'newest');
  const last = page.first + page.entries.length - 1;
  return `Experiments ${COUNT.format(page.first)}–${COUNT.format(last)} of ${COUNT.format(page.total)}, newest first.`;
}
