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

/** What the index knows of a card to filter and sort it by (the card's data attributes). */
export interface CardFacts {
  id: string;
  title: string;
  /** `2011-07-22`, `2011-07` or `2011`: sorts as text. */
  date: string;
  tools: readonly string[];
  variable: string;
  hardware: readonly string[];
}

/**
 * Whether a card passes the filters. `searchIds` is the set of experiments the search found, or
 * undefined when there are no words to search for.
 */
export function matchesQuery(card: CardFacts, query: IndexQuery, searchIds?: ReadonlySet<string>): boolean {
  if (query.tool !== undefined && !card.tools.includes(query.tool)) return false;
  if (query.variable !== undefined && card.variable !== query.variable) return false;
  if (query.hardware !== undefined && !card.hardware.includes(query.hardware)) return false;
  if (searchIds !== undefined && !searchIds.has(card.id)) return false;
  return true;
}

/**
 * The order of cards. Newest and oldest by date, the folder name breaking ties (newest keeps the
 * server's order: date descending, id ascending); title alphabetically, as English readers expect.
 */
export function compareCards(order: SortOrder): (a: CardFacts, b: CardFacts) => number {
  switch (order) {
    case 'newest':
      return (a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
    case 'oldest':
      return (a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id);
    case 'title':
      return (a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);
  }
}

const SORT_PHRASES: Record<SortOrder, string> = {
  newest: 'newest first',
  oldest: 'oldest first',
  title: 'by title',
};

/** "8 experiments, newest first." unfiltered; "3 of 8 experiments, by title." when filtered. */
export function countText(shown: number, total: number, order: SortOrder): string {
  const noun = total === 1 ? 'experiment' : 'experiments';
  const count = shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
  return `${count}, ${SORT_PHRASES[order]}.`;
}

/** The experiment id in a page address, `/base/experiments/<id>/`; undefined for other pages. */
export function experimentIdOfUrl(url: string): string | undefined {
  const match = /\/experiments\/([^/?#]+)\/?(?:[?#]|$)/.exec(url);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}
