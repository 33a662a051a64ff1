// The published experiments as the submission form asks about them, one at a time: the site's
// search index suggests experiments by the words of their title, and an id is checked by asking
// for its page. The page carries no list of every experiment.

import { EXPERIMENT_ID } from '@benchfolio/parsers/content';
import { experimentPath } from '../../data/download-paths.ts';
import type { Pagefind } from '../../lib/pagefind.ts';
import { href } from '../../lib/url.ts';

export interface ExperimentChoice {
  id: string;
  title: string;
}

export interface PublishedExperiments {
  /** At most `limit` experiments whose words (title, summary, runs, write-up) hold `term`, best first. */
  find(term: string, limit: number): Promise<ExperimentChoice[]>;
  /**
   * Whether the site has an experiment of this folder name: true, false, or undefined when it
   * could not be told (offline). An id that cannot be a folder name is not asked about.
   */
  isPublished(id: string): Promise<boolean | undefined>;
}

/** The site's published experiments: its search index, and its experiment pages at `base`. */
export function sitePublishedExperiments(loadSearch: () => Promise<Pagefind>, base: string): PublishedExperiments {
  return {
    async find(term, limit) {
      if (term.trim() === '') return [];
      const found = await (await loadSearch()).search(term.trim());
      const data = await Promise.all((found?.results ?? []).slice(0, limit).map((result) => result.data()));
      return data.flatMap(({ meta }) => (meta.id === undefined ? [] : [{ id: meta.id, title: meta.title ?? meta.id }]));
    },
    async isPublished(id) {
      if (!EXPERIMENT_ID.test(id)) return false;
      try {
        // Its page is there exactly when the experiment is published; HEAD, for no body.
        const response = await fetch(href(experimentPath(id), base), { method: 'HEAD' });
        if (response.ok) return true;
        return response.status === 404 || response.status === 410 ? false : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
