// Brings the index's filters to life: filters and sorts the server-rendered cards in place,
// searches the experiments' pages with Pagefind, and keeps the choice in the URL, so a link or
// a reload opens the same view. Bundled by Astro into the index page only.
import { href } from '../../lib/url.ts';
import {
  type CardFacts,
  compareCards,
  countText,
  experimentIdOfUrl,
  formatIndexQuery,
  type IndexQuery,
  matchesQuery,
  parseIndexQuery,
} from './index-query.ts';

/** The part of Pagefind's browser API used here (pagefind/pagefind.js, written at build time). */
interface Pagefind {
  options(options: { baseUrl?: string; excerptLength?: number }): Promise<void>;
  search(term: string): Promise<{ results: Array<{ data(): Promise<{ url: string; excerpt: string }> }> } | null>;
}

/** What a search found: the experiment ids, with the excerpt (Pagefind's HTML, words in <mark>). */
type SearchHits = Map<string, string>;

const SEARCH_DELAY_MS = 200;

class ExperimentIndex extends HTMLElement {
  #form!: HTMLFormElement;
  #list!: HTMLUListElement;
  #count!: HTMLElement;
  #noMatch!: HTMLElement;
  #cards: Array<{ item: HTMLLIElement; card: HTMLElement; facts: CardFacts }> = [];
  #pagefind: Promise<Pagefind> | undefined;
  #hits: SearchHits | undefined;
  #searchedFor = '';
  #searchTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by each search, so an older one finishing late is dropped. */
  #searchRound = 0;

  connectedCallback(): void {
    const search = this.querySelector<HTMLElement>('search');
    const form = this.querySelector('form');
    const list = this.querySelector('ul');
    const count = this.querySelector<HTMLElement>('.count');
    const noMatch = this.querySelector<HTMLElement>('.no-match');
    if (!search || !form || !list || !count || !noMatch) return;
    this.#form = form;
    this.#list = list;
    this.#count = count;
    this.#noMatch = noMatch;
    this.#cards = [...list.querySelectorAll<HTMLLIElement>(':scope > li')].flatMap((item) => {
      const card = item.querySelector<HTMLElement>('[data-id]');
      return card ? [{ item, card, facts: cardFacts(card) }] : [];
    });

    this.#restore(parseIndexQuery(window.location.search));
    search.hidden = false;
    form.addEventListener('change', () => this.#update());
    form.addEventListener('input', (event) => {
      if ((event.target as HTMLElement).matches('input[type="search"]')) this.#scheduleSearch();
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.#search();
    });
    // The reset button clears the controls; the view follows once they are cleared.
    form.addEventListener('reset', () => setTimeout(() => this.#search()));
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
    this.#search({ isWritingUrl: false });
  }

  /** The state the controls show. */
  #query(): IndexQuery {
    const data = new FormData(this.#form);
    const params = new URLSearchParams();
    for (const [key, value] of data) if (typeof value === 'string') params.set(key, value);
    return parseIndexQuery(params);
  }

  #scheduleSearch(): void {
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => this.#search(), SEARCH_DELAY_MS);
  }

  /** Runs the search the box asks for (if it changed), then shows the result. */
  async #search({ isWritingUrl = true } = {}): Promise<void> {
    clearTimeout(this.#searchTimer);
    const words = this.#query().q ?? '';
    if (words !== this.#searchedFor) {
      const round = ++this.#searchRound;
      // Busy until the cards show what Pagefind found (the browser tests wait for this too).
      this.#list.setAttribute('aria-busy', 'true');
      const hits = words === '' ? undefined : await this.#findPages(words);
      if (round !== this.#searchRound) return;
      this.#hits = hits;
      this.#searchedFor = words;
    }
    this.#update({ isWritingUrl });
    this.#list.removeAttribute('aria-busy');
  }

  /** Filters, sorts and counts the cards for the controls' state, and writes it to the URL. */
  #update({ isWritingUrl = true } = {}): void {
    const query = this.#query();
    // A search still to run (typing) leaves the last one's result in place meanwhile.
    const hits = this.#hits;
    const ids = hits === undefined ? undefined : new Set(hits.keys());
    const order = compareCards(query.sort);
    const sorted = [...this.#cards].sort((a, b) => order(a.facts, b.facts));
    let shown = 0;
    for (const { item, card, facts } of sorted) {
      const isShown = matchesQuery(facts, query, ids);
      item.hidden = !isShown;
      if (isShown) shown += 1;
      showExcerpt(card, hits?.get(facts.id));
      this.#list.append(item);
    }
    this.#count.textContent = countText(shown, this.#cards.length, query.sort);
    this.#noMatch.hidden = shown > 0;
    if (isWritingUrl) {
      const url = `${window.location.pathname}${formatIndexQuery(query)}${window.location.hash}`;
      if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
        window.history.replaceState(null, '', url);
      }
    }
  }

  /** The experiments whose pages hold the words, with an excerpt each. */
  async #findPages(words: string): Promise<SearchHits> {
    const pagefind = await this.#loadPagefind();
    const found = await pagefind.search(words);
    const hits: SearchHits = new Map();
    for (const result of await Promise.all((found?.results ?? []).map((entry) => entry.data()))) {
      const id = experimentIdOfUrl(result.url);
      if (id !== undefined && !hits.has(id)) hits.set(id, result.excerpt);
    }
    return hits;
  }

  #loadPagefind(): Promise<Pagefind> {
    this.#pagefind ??= (async () => {
      // Written by the build next to the pages, so not a module the bundler can see.
      const pagefind = (await import(/* @vite-ignore */ href('pagefind/pagefind.js'))) as Pagefind;
      await pagefind.options({ baseUrl: href('/'), excerptLength: 24 });
      return pagefind;
    })();
    return this.#pagefind;
  }
}

/** A card's facts from its data attributes (ExperimentCard.astro writes them). */
function cardFacts(card: HTMLElement): CardFacts {
  const words = (value: string | undefined) => (value ?? '').split(' ').filter((word) => word !== '');
  return {
    id: card.dataset.id ?? '',
    title: card.dataset.title ?? '',
    date: card.dataset.date ?? '',
    tools: words(card.dataset.tools),
    variable: card.dataset.variable ?? '',
    hardware: words(card.dataset.hardware),
  };
}

/** Shows where the search words occur in the experiment's page, or nothing. */
function showExcerpt(card: HTMLElement, excerpt: string | undefined): void {
  const match = card.querySelector<HTMLElement>('.card-match');
  if (!match) return;
  match.hidden = excerpt === undefined;
  // Pagefind escapes the page text and adds only <mark> around the words found.
  match.innerHTML = excerpt === undefined ? '' : `Matches: “…${excerpt}…”`;
}

customElements.define('experiment-index', ExperimentIndex);
