// The site's Pagefind index as /try asks it: which experiments have a workload like the reader's
// (the search record's filters, data/search-record.ts), and which match words of a title. The
// index is written by the build next to the pages (integrations/pagefind.ts) and loaded the
// first time it is needed. The index page loads it the same way (components/index/).

import { href } from '../lib/url.ts';

/** A filter's values as Pagefind takes them: one value, all of several, or any of several. */
export type PagefindFilter = string | string[] | { any: string[] } | { all: string[] } | { none: string[] };

export interface PagefindSearchOptions {
  filters?: Record<string, PagefindFilter>;
  /** One of the records' sort keys (`newest`, `oldest`, `title`). */
  sort?: Record<string, 'asc' | 'desc'>;
}

/** What a result gives back once asked: the record's address and meta (data/search-record.ts). */
export interface PagefindResultData {
  url: string;
  meta: { id?: string; title?: string; [key: string]: string | undefined };
}

/** A search result: its `id` is the record's, the same in every search; `data()` fetches the rest. */
export interface PagefindResult {
  id: string;
  data(): Promise<PagefindResultData>;
}

/** The part of Pagefind's browser API (pagefind/pagefind.js) that /try uses. */
export interface Pagefind {
  search(term: string | null, options?: PagefindSearchOptions): Promise<{ results: PagefindResult[] } | null>;
  /** Every filter's values, each with how many records have it. */
  filters(): Promise<Record<string, Record<string, number>>>;
}

let loading: Promise<Pagefind> | undefined;

/**
 * The site's Pagefind index, loaded once. A failure says so in words ("the site's search index
 * did not load: ...") and is not kept: the next call tries again.
 */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= (async () => {
    const script = href('pagefind/pagefind.js');
    try {
      // Written by the build next to the pages, so not a module the bundler can see.
      const pagefind = (await import(/* @vite-ignore */ script)) as Pagefind & {
        options(options: { baseUrl?: string }): Promise<void>;
      };
      await pagefind.options({ baseUrl: href('/') });
      return pagefind;
    } catch (caught) {
      loading = undefined;
      throw new Error(`the site's search index (${script}) did not load: ${messageOf(caught)}`);
    }
  })();
  return loading;
}

function messageOf(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}
