// The view state of the /try page's charts: the experiment page's ViewController, kept in memory.
// The /try page has no URL state (the reader's run exists only in this tab), so nothing is written.

import type { StateListener, ViewController } from '../../figures/view-controller.ts';
import { defaultPageState, type PageChoices, type PageState } from '../../lib/page-state.ts';

export function createViewStore(choices: PageChoices): ViewController {
  let current: PageState = defaultPageState(choices);
  const listeners = new Set<StateListener>();
  return {
    choices,
    state: () => current,
    update(change) {
      current = { ...current, ...change };
      for (const listener of listeners) listener(current);
    },
    subscribe(listener) {
      listeners.add(listener);
      listener(current);
    },
  };
}
