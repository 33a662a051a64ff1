// Whether the experiment id in the form is a published experiment, known without a list of
// every experiment: each id is asked about once (published-experiments.ts), once the reader has
// stopped typing it, and the form is checked again when the answer comes.

import type { PublishedExperiments } from './published-experiments.ts';

/** `checking` while the site is asked; `unknown` when it could not answer. */
export type PublishedState = 'published' | 'unpublished' | 'unknown' | 'checking';

export interface ExperimentCheck {
  /** What is known of `id`: `checking` when nothing is yet, and the site is asked after a pause. */
  state(id: string): PublishedState;
  /** Ids known to be published without asking (the search's suggestions). */
  know(ids: readonly string[]): void;
}

/** Answers to the state of ids, asking `published`; `onAnswer` runs when an answer changes what is known. */
export function experimentCheck(
  published: Pick<PublishedExperiments, 'isPublished'>,
  onAnswer: () => void,
  delayMs = 300,
): ExperimentCheck {
  const known = new Map<string, Exclude<PublishedState, 'checking'>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: string | undefined;
  const ask = async (id: string) => {
    const answer = await published.isPublished(id);
    known.set(id, answer === undefined ? 'unknown' : answer ? 'published' : 'unpublished');
    onAnswer();
  };
  return {
    state(id) {
      const state = known.get(id);
      if (state !== undefined) return state;
      // Only the latest id typed is asked about, once typing pauses.
      if (waiting !== id) {
        waiting = id;
        clearTimeout(timer);
        timer = setTimeout(() => void ask(id), delayMs);
      }
      return 'checking';
    },
    know(ids) {
      for (const id of ids) known.set(id, 'published');
    },
  };
}
