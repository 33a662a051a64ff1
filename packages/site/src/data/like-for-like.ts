// Which runs a verdict may rank against each other: those whose recorded systems differ in the
// declared variable alone (run.yaml `system`, as validation compares them). An experiment that
// also holds other machines (the CPU governor page: Host1 and Host3 beside Host2's two governors)
// answers its question with the runs that differ in the variable only; the others are shown in
// the charts, but a verdict ranking them would answer another question (which machine is faster).

import type { SystemDifference } from '@benchfolio/parsers/content';

/** The runs a verdict ranks, and those it leaves out with the fields they differ in. */
export interface LikeForLike {
  /** Run ids, in the order given. */
  runs: string[];
  /** Each run left out, with the system fields (dotted paths) where it differs from `runs`. */
  left: Array<{ run: string; paths: string[] }>;
}

/**
 * The largest set of at least two runs that agree on every system field but the variable's
 * (the first such set in run order on a tie); undefined where every run agrees (nothing to leave
 * out), where no two runs do, or where whole machines are the variable (`host`).
 */
export function likeForLikeRuns(
  runIds: readonly string[],
  differences: readonly SystemDifference[],
  variableKind: string,
): LikeForLike | undefined {
  if (variableKind === 'host') return undefined;
  const others = differences.filter((difference) => !difference.isVariable);
  if (others.length === 0) return undefined;
  const keyOf = (run: string) => JSON.stringify(others.map((difference) => difference.values[run] ?? null));
  const sets = new Map<string, string[]>();
  for (const run of runIds) sets.set(keyOf(run), [...(sets.get(keyOf(run)) ?? []), run]);
  const largest = [...sets.values()].reduce((best, set) => (set.length > best.length ? set : best), [] as string[]);
  const [first] = largest;
  if (largest.length < 2 || first === undefined) return undefined;
  const left = runIds
    .filter((run) => !largest.includes(run))
    .map((run) => ({
      run,
      paths: others.filter((difference) => difference.values[run] !== difference.values[first]).map((d) => d.path),
    }));
  return { runs: largest, left };
}
