// The compare page's state in its URL, short and readable:
// `#runs=msa70/ext4,loopback/xfs&metric=write.iops&base=msa70/ext4&scale=log&fs=ext4&list=shared`.
// Runs are `<experiment alias>/<run>` (compare/aliases.ts); the chips chosen are one parameter per
// facet. The long form of older links, `?runs=<experiment id>/<run>,…&baseline=…&metric-fio=…`,
// is read too. A link names runs by alias, which only the experiments' own files map to ids: it
// is read in two steps, the names as written (readCompareLink), then resolved (compareStateOf)
// once the page has loaded the experiments they name (linkHeads).

import { experimentHead, type RunNames } from './aliases.ts';
import { FACETS, type Facet, type FacetFilters } from './facets.ts';

export type CompareScale = 'auto' | 'linear' | 'log';

export interface CompareState {
  /** The chosen runs, `<experiment id>/<run>`, in the order they were picked. */
  runs: string[];
  /** The run every other is shown relative to; null for the best of the selection. */
  base: string | null;
  /** The measurement shown (`write.iops`), or a compared metric's key from an old link; null for each section's first. */
  metric: string | null;
  /** `auto`: log when the values shown span more than ten times, else linear. */
  scale: CompareScale;
  filters: FacetFilters;
  /** Whether the list keeps only experiments with a run sharing a tool and workload with the chosen runs. */
  isSharedOnly: boolean;
}

/** A link's state with its runs as it names them (`msa70/ext4`), not yet resolved. */
export interface CompareLink extends Omit<CompareState, 'runs' | 'base'> {
  runs: string[];
  base: string | null;
}

/** Each facet's parameter in the URL. */
const FACET_PARAMS: Readonly<Record<Facet, string>> = {
  tool: 'tool',
  workload: 'workload',
  hardware: 'hw',
  filesystem: 'fs',
  device: 'device',
};

export const EMPTY_COMPARE_STATE: CompareState = {
  runs: [],
  base: null,
  metric: null,
  scale: 'auto',
  filters: {},
  isSharedOnly: false,
};

/** What a location asks for: its hash when it has one, else the long query of older links. */
export function readCompareLink(location: { search: string; hash: string }): CompareLink {
  const hash = location.hash.replace(/^#/, '');
  if (hash === '' && new URLSearchParams(location.search).has('runs')) return legacyLink(location.search);
  const params = new URLSearchParams(hash);
  const filters: FacetFilters = {};
  for (const facet of FACETS) {
    const value = params.get(FACET_PARAMS[facet]);
    if (value) filters[facet] = value;
  }
  return {
    runs: readRuns(params.get('runs')),
    base: params.get('base') || null,
    metric: params.get('metric') || null,
    scale: readScale(params.get('scale')),
    filters,
    isSharedOnly: params.get('list') === 'shared',
  };
}

function readRuns(list: string | null): string[] {
  return [
    ...new Set(
      (list ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ];
}

function readScale(value: string | null): CompareScale {
  return value === 'log' || value === 'linear' ? value : 'auto';
}

/** `?runs=…&baseline=…&scale=log&metric-<section>=<metric key>`, as the page wrote it before. */
function legacyLink(search: string): CompareLink {
  const params = new URLSearchParams(search);
  return {
    ...EMPTY_COMPARE_STATE,
    runs: readRuns(params.get('runs')),
    base: params.get('baseline') || null,
    metric: [...params].find(([name]) => name.startsWith('metric-'))?.[1] ?? null,
    scale: params.get('scale') === 'log' ? 'log' : 'auto',
  };
}

/** The experiments a link's runs name (aliases or ids), each once: what the page must load to resolve them. */
export function linkHeads(link: CompareLink): string[] {
  return [...new Set(link.runs.flatMap((name) => experimentHead(name) ?? []))];
}

/**
 * The state of a link, its runs resolved: runs no loaded experiment has are dropped, and a base
 * that is not one of the chosen runs is the best.
 */
export function compareStateOf(link: CompareLink, names: RunNames): CompareState {
  const runs = [...new Set(link.runs.flatMap((name) => names.resolve(name) ?? []))];
  const base = link.base === null ? null : (names.resolve(link.base) ?? null);
  return { ...link, runs, base: base !== null && runs.includes(base) ? base : null };
}

/** The hash of `state`, without the `#` ("" for the empty state), in short names; `/`, `,`, `:` stay readable. */
export function compareHash(state: CompareState, names: RunNames): string {
  const params = new URLSearchParams();
  if (state.runs.length > 0) params.set('runs', state.runs.map((id) => names.short(id)).join(','));
  if (state.metric !== null) params.set('metric', state.metric);
  if (state.base !== null) params.set('base', names.short(state.base));
  if (state.scale !== 'auto') params.set('scale', state.scale);
  for (const facet of FACETS) {
    const value = state.filters[facet];
    if (value !== undefined) params.set(FACET_PARAMS[facet], value);
  }
  if (state.isSharedOnly) params.set('list', 'shared');
  return params.toString().replaceAll('%2F', '/').replaceAll('%2C', ',').replaceAll('%3A', ':');
}

/** The state with a run picked or dropped; a dropped base falls back to the best. */
export function toggledRun(state: CompareState, id: string, isChosen: boolean): CompareState {
  const runs = isChosen ? [...new Set([...state.runs, id])] : state.runs.filter((run) => run !== id);
  return { ...state, runs, base: state.base !== null && runs.includes(state.base) ? state.base : null };
}
