// Brings the index's filters to life. The served page shows one page of cards; a filter, a search
// or another order is asked of the site's Pagefind index (one record per experiment, with its
// card: catalog/search-record.ts), whose results replace the cards, a batch at a time, until the
// filters are cleared. The choice is kept in the URL, so a link or a reload opens the same view.
// Bundled by Astro into the index pages only.
import { loadPagefind, type PagefindResult, type PagefindResultData } from '../../lib/pagefind.ts';
import {
  countText,
  formatIndexQuery,
  type IndexQuery,
  isDefaultQuery,
  pagefindSearch,
  parseIndexQuery,
} from './index-query.ts';

const SEARCH_DELAY_MS = 200;
/** The words of a card's "Matches:" excerpt. */
const EXCERPT_WORDS = 24;
/** Cards added per "Show more", as many as a served page has. */
const BATCH_SIZE = 50;

class ExperimentIndex extends HTMLElement {
  #form!: HTMLFormElement;
  #list!: HTMLUListElement;
  #count!: HTMLElement;
  #noMatch!: HTMLElement;
  #more!: HTMLElement;
  #pager: HTMLElement | null = null;
  /** The page's own cards and count, shown again when the filters are cleared. */
  #served: { items: HTMLLIElement[]; count: string } = { items: [], count: '' };
  #total = 0;
  /** What the last search found, and how many of its cards are shown. */
  #found: { results: PagefindResult[]; shown: number; hasWords: boolean } | undefined;
  #searchTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by each search, so an older one finishing late is dropped. */
  #searchRound = 0;

  connectedCallback(): void {
    const search = this.querySelector<HTMLElement>('search');
    const form = this.querySelector('form');
    const list = this.querySelector('ul');
    const count = this.querySelector<HTMLElement>('.count');
    const noMatch = this.querySelector<HTMLElement>('.no-match');
    const more = this.querySelector<HTMLElement>('.more');
    if (!search || !form || !list || !count || !noMatch || !more) return;
    this.#form = form;
    this.#list = list;
    this.#count = count;
    this.#noMatch = noMatch;
    this.#more = more;
    this.#pager = this.querySelector<HTMLElement>('.pager');
    this.#served = { items: [...list.querySelectorAll<HTMLLIElement>(':scope > li')], count: count.textContent ?? '' };
    this.#total = Number(this.dataset.total ?? this.#served.items.length);

    this.#restore(parseIndexQuery(window.location.search));
    search.hidden = false;
    form.addEventListener('change', (event) => {
      if (!(event.target as HTMLElement).matches('input[type="search"]')) void this.#search();
    });
    form.addEventListener('input', (event) => {
      if ((event.target as HTMLElement).matches('input[type="search"]')) this.#scheduleSearch();
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.#search();
    });
    // The reset button clears the controls; the view follows once they are cleared.
    form.addEventListener('reset', () => setTimeout(() => void this.#search()));
    more.querySelector('button')?.addEventListener('click', () => void this.#showMore());
    for (const chip of this.querySelectorAll<HTMLAnchorElement>('.index-chips .chip')) {
      chip.addEventListener('click', (event) => this.#pickVariable(event, chip));
    }
    window.addEventListener('popstate', () => this.#restore(parseIndexQuery(window.location.search)));
  }

  /** Sets the controls to a state (a URL's), ignoring values no option has, and shows it. */
  #restore(query: IndexQuery): void {
    for (const key of ['tool', 'variable', 'hardware', 'sort'] as const) {
      const select = this.#form.elements.namedItem(key) as HTMLSelectElement | null;
      if (!select) continue;
      const value = query[key] ?? '';
      select.value = [...select.options].some((option) => option.value === value)
        ? value
        : (select.options[0]?.value ?? '');
    }
    const search = this.#form.elements.namedItem('q') as HTMLInputElement | null;
    if (search) search.value = query.q ?? '';
    void this.#search({ isWritingUrl: false });
  }

  /** A chip sets the variable filter (or clears it, when it is the one set) without a reload. */
  #pickVariable(event: MouseEvent, chip: HTMLAnchorElement): void {
    const select = this.#form.elements.namedItem('variable') as HTMLSelectElement | null;
    if (!select || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    const value = chip.dataset.variable ?? '';
    select.value = select.value === value ? '' : value;
    void this.#search();
  }

  /** The chip of the variable filter in effect is marked as the current one. */
  #markChips(variable: string | undefined): void {
    for (const chip of this.querySelectorAll<HTMLElement>('.index-chips .chip')) {
      chip.setAttribute('aria-current', String(chip.dataset.variable === variable));
    }
  }

  /** The state the controls show. */
  #query(): IndexQuery {
    const data = new FormData(this.#form);
    const params = new URLSearchParams();
    for (const [key, value] of data) if (typeof value === 'string') params.set(key, value);
    return parseIndexQuery(params);
  }

  #scheduleSearch(): void {
    this.#setBusy(true);
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => void this.#search(), SEARCH_DELAY_MS);
  }

  /** Shows what the controls ask for: the served page, or what Pagefind finds. */
  async #search({ isWritingUrl = true } = {}): Promise<void> {
    clearTimeout(this.#searchTimer);
    const query = this.#query();
    this.#markChips(query.variable);
    const round = ++this.#searchRound;
    if (isWritingUrl) writeUrl(query);
    if (isDefaultQuery(query)) {
      this.#found = undefined;
      this.#list.replaceChildren(...this.#served.items);
      this.#count.textContent = this.#served.count;
      this.#show({ isPaged: true, isEmpty: this.#served.items.length === 0, hasMore: false });
      this.#setBusy(false);
      return;
    }
    this.#setBusy(true);
    const { term, options } = pagefindSearch(query);
    const found = await (await loadPagefind({ excerptLength: EXCERPT_WORDS })).search(term, options);
    if (round !== this.#searchRound) return;
    const results = found?.results ?? [];
    this.#found = { results, shown: 0, hasWords: term !== null };
    this.#list.replaceChildren();
    this.#count.textContent = countText(results.length, this.#total, query.sort);
    await this.#showMore();
  }

  /** Adds the next batch of the search's cards. */
  async #showMore(): Promise<void> {
    const found = this.#found;
    if (found === undefined) return;
    const round = this.#searchRound;
    this.#setBusy(true);
    const batch = found.results.slice(found.shown, found.shown + BATCH_SIZE);
    const pages = await Promise.all(batch.map(async (result) => withCard(await result.data())));
    if (round !== this.#searchRound) return;
    for (const { page, cardHtml } of pages) {
      const item = document.createElement('li');
      if (cardHtml === undefined) {
        item.append(titleLink(page));
      } else {
        // The card as the build rendered it (an Astro component, escaped there).
        item.innerHTML = cardHtml;
        const card = item.querySelector<HTMLElement>('.card');
        if (card && found.hasWords) showExcerpt(card, page.excerpt);
      }
      this.#list.append(item);
    }
    found.shown += batch.length;
    this.#show({ isPaged: false, isEmpty: found.results.length === 0, hasMore: found.shown < found.results.length });
    this.#setBusy(false);
  }

  /**
   * `aria-busy` while a search or a batch of cards is on its way: assistive technology waits for
   * the list to settle before reading it, and so do the tests.
   */
  #setBusy(isBusy: boolean): void {
    if (isBusy) this.setAttribute('aria-busy', 'true');
    else this.removeAttribute('aria-busy');
  }

  #show({ isPaged, isEmpty, hasMore }: { isPaged: boolean; isEmpty: boolean; hasMore: boolean }): void {
    if (this.#pager) this.#pager.hidden = !isPaged;
    this.#noMatch.hidden = !isEmpty;
    this.#more.hidden = !hasMore;
  }
}

/** Keeps the state in the address, without a history entry per keystroke. */
function writeUrl(query: IndexQuery): void {
  const url = `${window.location.pathname}${formatIndexQuery(query)}${window.location.hash}`;
  if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
    window.history.replaceState(null, '', url);
  }
}

/**
 * A result with its card (`<page>card.json`, written by the build beside the page: a search
 * record's meta holds no markup, for Pagefind indexes its words), or none when it did not load.
 */
async function withCard(page: PagefindResultData): Promise<{ page: PagefindResultData; cardHtml?: string }> {
  try {
    const response = await fetch(`${page.url}card.json`);
    if (!response.ok) return { page };
    return { page, cardHtml: ((await response.json()) as { html: string }).html };
  } catch {
    return { page };
  }
}

/** What stands for a card that did not load: the experiment's title, linked to its page. */
function titleLink(page: PagefindResultData): HTMLElement {
  const link = document.createElement('a');
  link.href = page.url;
  link.textContent = page.meta.title ?? page.url;
  return link;
}

/** Shows where the search words occur in the experiment's page. */
function showExcerpt(card: HTMLElement, excerpt: string): void {
  const match = card.querySelector<HTMLElement>('.card-match');
  if (!match) return;
  match.hidden = false;
  // Pagefind escapes the page text and adds only <mark> around the words found.
  match.innerHTML = `Matches: “…${excerpt}…”`;
}

customElements.define('experiment-index', ExperimentIndex);
