// What /compare and /try find runs by, without a list of every run: filters of the site's
// Pagefind index (one record per experiment, catalog/search-record.ts), each the union over the
// experiment's runs. The browser asks the index for the experiments that have a value, then
// fetches those experiments' runs (`/experiments/<id>/compare-runs.json`) and nothing else.

import type { WorkloadKind } from '@benchfolio/parsers';
import type { CompareRun } from './compare-index.ts';
import { FACETS, type Facet, runFacets } from './facets.ts';

/** The Pagefind filter of each /compare chip: `run-tool`, `run-workload`, ... */
export const FACET_FILTERS: Readonly<Record<Facet, string>> = {
  tool: 'run-tool',
  workload: 'run-workload',
  hardware: 'run-hardware',
  filesystem: 'run-filesystem',
  device: 'run-device',
};

/** Filter of the runs' compare keys (`fio|random-write-direct`): experiments with a run comparable to a given one. */
export const COMPARE_KEY_FILTER = 'compare-key';
/** Filter of what the runs' workloads are (workloadKindValue): /try's candidates for the reader's run. */
export const WORKLOAD_KIND_FILTER = 'workload-kind';
/** Filter of the workloads' categories alone (`io`, `filesystem-suite`, ...): candidates of a related kind. */
export const WORKLOAD_CATEGORY_FILTER = 'workload-category';

/**
 * A workload's kind as one filter value, `<category>:<access>:<op>` with `any` for what the
 * output does not say: `io:random:write`, `io:any:read`, `filesystem-suite:any:any`.
 */
export function workloadKindValue(kind: WorkloadKind): string {
  return `${kind.category}:${kind.access ?? 'any'}:${kind.op ?? 'any'}`;
}

/** An experiment's compare filters and, for the chips, the words of each facet value. */
export interface CompareFilters {
  /** Pagefind filter name → the values of any of the experiment's runs, sorted. */
  filters: Record<string, string[]>;
  /** `<facet filter>=<value>` → the chip's words (`run-workload=random-writes` → `random writes`). */
  labels: Record<string, string>;
}

/** The filters of an experiment's runs (none while it awaits runs: nothing to compare). */
export function compareFilters(runs: readonly CompareRun[]): CompareFilters {
  const values = new Map<string, Set<string>>();
  const labels: Record<string, string> = {};
  const add = (filter: string, value: string) => {
    const set = values.get(filter) ?? new Set<string>();
    values.set(filter, set.add(value));
  };
  for (const run of runs) {
    for (const key of run.keys) add(COMPARE_KEY_FILTER, key);
    for (const { fingerprint } of run.fingerprints) {
      add(WORKLOAD_KIND_FILTER, workloadKindValue(fingerprint.kind));
      add(WORKLOAD_CATEGORY_FILTER, fingerprint.kind.category);
    }
    const facets = runFacets(run);
    for (const facet of FACETS) {
      for (const { value, label } of facets[facet]) {
        add(FACET_FILTERS[facet], value);
        labels[`${FACET_FILTERS[facet]}=${value}`] = label;
      }
    }
  }
  const filters: Record<string, string[]> = {};
  for (const [filter, set] of values) filters[filter] = [...set].sort();
  return { filters, labels };
}
