// How each chart names and colours a run: the label and series class of its place in the
// experiment's declared order, so a run has the same colour on every chart of the page.

import type { RunRef } from '../view/model.ts';
import { seriesClass } from './svg.ts';

/** How a run is drawn: its label, and the class that colours it. */
export interface RunStyle {
  id: string;
  label: string;
  /** Its place in the experiment's declared order; runs missing from it follow, in the order given. */
  index: number;
  /** `series-N`, see seriesClass. */
  className: string;
}

/**
 * The style of each run id, in the order given. With `runOrder` (the experiment's runs in
 * declared order) a run gets the colour of its place there and its label; runs missing from it
 * (or all, without it) come after it in the order given, named by id.
 */
export function runStyles(runIds: readonly string[], runOrder: readonly RunRef[] = []): RunStyle[] {
  let missing = 0;
  return runIds.map((id) => {
    const declared = runOrder.findIndex((run) => run.id === id);
    const index = declared >= 0 ? declared : runOrder.length + missing++;
    const label = runOrder[declared]?.label ?? id;
    return { id, label, index, className: seriesClass(index) };
  });
}
