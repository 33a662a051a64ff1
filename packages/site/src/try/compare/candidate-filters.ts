// Which experiments of the search index can hold a run like the reader's, as filter values of
// the search records (compare/compare-filters.ts): the workload kinds that the library would call
// the same as one of the reader's or not said by one side (kindMatch `same` or `unknown`), and the
// categories, within which every workload is related (`different` at worst). Pagefind matches
// filter values exactly, so the kinds are spelled out one by one. Pure and browser-safe.

import type { AccessPattern, Operation, WorkloadFingerprint, WorkloadKind } from '@benchfolio/parsers';
import { workloadKindValue } from '../../compare/compare-filters.ts';

// Written as records so that a pattern or an operation the library adds fails to compile here.
const ACCESS_PATTERNS = Object.keys({ random: true, sequential: true } satisfies Record<
  AccessPattern,
  true
>) as AccessPattern[];
const OPERATIONS = Object.keys({ read: true, write: true, mixed: true, trim: true } satisfies Record<
  Operation,
  true
>) as Operation[];

/**
 * The `workload-kind` values of workloads like one of `yours`: for each part (access, op) the
 * reader's output says, that value or none said; for a part it does not say, any value or none.
 * `io:random:write` → `io:random:write`, `io:random:any`, `io:any:write`, `io:any:any`.
 */
export function likeKindValues(yours: readonly WorkloadFingerprint[]): string[] {
  const values = new Set<string>();
  for (const { kind } of yours) {
    const accesses = kind.access === null ? [...ACCESS_PATTERNS, null] : [kind.access, null];
    const ops = kind.op === null ? [...OPERATIONS, null] : [kind.op, null];
    for (const access of accesses) {
      for (const op of ops) values.add(workloadKindValue({ ...kind, access, op } satisfies WorkloadKind));
    }
  }
  return [...values].sort();
}

/** The `workload-category` values of `yours`: every workload of one of them is related to the reader's. */
export function categoryValues(yours: readonly WorkloadFingerprint[]): string[] {
  return [...new Set(yours.map(({ kind }) => kind.category))].sort();
}
