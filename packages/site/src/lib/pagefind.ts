// The site's Pagefind index in the browser (pagefind/pagefind.js, written next to the pages by
// integrations/pagefind.ts), loaded once per page: the index of experiments, /compare and /try
// ask it for experiments by words, filters and order. Only the part of Pagefind's API they use
// is typed.
import { href } from './url.ts';

/**
 * A filter's value in a search: one value, every value of a list (Pagefind's default for an
 * array), any of them, or none of them.
 */
export type PagefindFilter =
  | string
  | readonly string[]
  | { any: readonly string[] }
  | { all: readonly string[] }
  | { none: readonly string[] };

export interface PagefindSearchOptions {
  filters?: Record<string, PagefindFilter>;
  /** Sort keys of the records (data/search-record.ts), each sorted ascending. */
  sort?: Record<string, 'asc' | 'desc'>;
}

/** What a result gives back when asked: the record's address, excerpt and meta. */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { id?: string; title?: string; date?: string; card?: string };
}

export interface PagefindResult {
  /** The record's, the same in every search. */
  id: string;
  data(): Promise<PagefindResultData>;
}

export interface PagefindSearch {
  results: PagefindResult[];
  /**
   * For each filter, how many of the results also have each value: what adding that value to
   * the search's filters would leave (a value of a filter already in the search narrows it).
   */
  filters: Record<string, Record<string, number>>;
}

export interface Pagefind {
  /** Null `term` lists every record the filters let through. Null when a newer search replaced it. */
  search(term: string | null, options?: PagefindSearchOptions): Promise<PagefindSearch | null>;
  /** Every filter's values, each with how many records have it. */
  filters(): Promise<Record<string, Record<string, number>>>;
}

let loading: Promise<Pagefind> | undefined;

/**
 * The site's index, loaded on first use. `excerptLength` (in words) is taken from the first call
 * only: each page asks with the same. A failure says so in words ("the site's search index ...
 * did not load: ...") and is not kept: the next call tries again.
 */
export function loadPagefind({ excerptLength }: { excerptLength?: number } = {}): Promise<Pagefind> {
  loading ??= (async () => {
    const script = href('pagefind/pagefind.js');
    try {
      // Written by the build next to the pages, so not a module the bundler can see.
      const pagefind = (await import(/* @vite-ignore */ script)) as Pagefind & {
        options(options: { baseUrl: string; excerptLength?: number }): Promise<void>;
      };
      await pagefind.options({ baseUrl: href('/'), ...(excerptLength !== undefined && { excerptLength }) });
      return pagefind;
    } catch (caught) {
      loading = undefined;
      throw new Error(
        `the site's search index (${script}) did not load: ${caught instanceof Error ? caught.message : String(caught)}`,
      );
    }
  })();
  return loading;
}
