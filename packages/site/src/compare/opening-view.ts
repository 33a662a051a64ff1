/**
 * What /compare shows before a reader picks anything: the workload that the most experiments
 * share, with the runs that measured it (a page that opens empty answers nothing). Made at build
 * time from the catalog; a link with runs of its own, or with filters, is shown as it asks.
 */
export interface OpeningView {
  /** The compare key (`fio|random-write-direct`): a tool and a workload. */
  key: string;
  /** `<experiment id>/<run>`, newest experiments first, at most MAX_OPENING_RUNS. */
  runs: string[];
  /** How many experiments share the key. */
  experimentCount: number;
}

/** Runs the opening view draws at most: enough to compare, few enough to read on a phone. */
export const MAX_OPENING_RUNS = 8;

interface Entry {
  id: string;
  runs: ReadonlyArray<{ id: string; keys: readonly string[] }>;
}

/**
 * The key most experiments share (at least two: a comparison across experiments), then the one
 * with the most runs, then by name; its runs from the newest experiment on (the catalog's order).
 * Undefined when no key is shared by two experiments.
 */
export function openingView(entries: readonly Entry[]): OpeningView | undefined {
  const byKey = new Map<string, { experiments: Set<string>; runs: string[] }>();
  for (const entry of entries) {
    for (const run of entry.runs) {
      for (const key of run.keys) {
        const found = byKey.get(key) ?? { experiments: new Set<string>(), runs: [] };
        found.experiments.add(entry.id);
        found.runs.push(`${entry.id}/${run.id}`);
        byKey.set(key, found);
      }
    }
  }
  const [best] = [...byKey.entries()]
    .filter(([, found]) => found.experiments.size >= 2)
    .sort(
      ([keyA, a], [keyB, b]) =>
        b.experiments.size - a.experiments.size || b.runs.length - a.runs.length || keyA.localeCompare(keyB),
    );
  if (best === undefined) return undefined;
  const [key, found] = best;
  return { key, runs: found.runs.slice(0, MAX_OPENING_RUNS), experimentCount: found.experiments.size };
}
