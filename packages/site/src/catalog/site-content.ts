import { createHash } from 'node:crypto';
import {
  contentContext,
  formatIssue,
  hasErrors,
  type LoadedExperiment,
  type LoadedRun,
  loadExperiment,
} from '@benchfolio/parsers/node';
import { experimentAliases } from '../compare/aliases.ts';
import { expandStandingValues } from '../compare/standing-values.ts';
import { type OwnFindings, runStandings, standingsByKey } from '../compare/standings-index.ts';
import { repoRoot } from '../lib/repo-root.ts';
import { type CatalogEntry, newestFirst } from './catalog.ts';
import { sharedContent, sharedParseCache } from './shared-content.ts';

let catalog: Promise<CatalogEntry[]> | undefined;

/**
 * Every experiment of the results folder as the catalog has it (catalog.ts), newest first: the
 * pages that list experiments and the routes of every experiment's pages read this. The content
 * loader has already failed the build on any error, so an error here means the loader did not
 * run in this process and the content has errors.
 */
export function loadCatalog(): Promise<CatalogEntry[]> {
  catalog ??= sharedContent().then(({ entries, issues }) => {
    if (hasErrors(issues)) throw new Error(issues.map(formatIssue).join('\n'));
    // A copy: the shared list stays in folder order.
    return [...entries].sort((a, b) => newestFirst({ id: a.id, ...a.experiment }, { id: b.id, ...b.experiment }));
  });
  return catalog;
}

let byId: { of: CatalogEntry[]; entries: Map<string, CatalogEntry> } | undefined;

/** The catalog entry of one experiment, or undefined. */
export async function catalogEntryOf(id: string): Promise<CatalogEntry | undefined> {
  const entries = await loadCatalog();
  // Every page of every experiment asks: a map, not a search of thousands of entries each time.
  if (byId?.of !== entries) byId = { of: entries, entries: new Map(entries.map((entry) => [entry.id, entry])) };
  return byId.entries.get(id);
}

let aliases: { of: CatalogEntry[]; aliases: Map<string, string> } | undefined;

/**
 * An experiment's short name in /compare's links (`msa70` for `2011-07-ext3-ext4-xfs-fio-msa70`,
 * compare/aliases.ts), unique among the experiments of the content. It depends on the other
 * experiments' names, so the files that carry it are kept from the last build only while it is
 * the same (experimentCacheKey).
 */
export async function aliasOf(id: string): Promise<string> {
  const entries = await loadCatalog();
  if (aliases?.of !== entries)
    aliases = {
      of: entries,
      aliases: experimentAliases(entries.map((entry) => ({ id: entry.id, date: entry.experiment.date }))),
    };
  return aliases.aliases.get(id) ?? id;
}

/**
 * The cache key of a file made from an experiment's folder and its alias: what tells Astro's
 * incremental build whether the file of the last build can be kept.
 */
export async function aliasedCacheKey(entry: CatalogEntry): Promise<string> {
  return `${entry.digest} ${await aliasOf(entry.id)}`;
}

let last: { id: string; loading: Promise<LoadedExperiment> } | undefined;

/**
 * One experiment, loaded for its pages: its parsed outputs come from the parse cache the
 * catalog's load filled, so nothing is parsed twice. The last one is kept, for Astro renders
 * the pages of one route in the order of its paths (an experiment's runs one after another);
 * no other is, so a build holds one experiment at a time.
 */
export function loadExperimentById(id: string): Promise<LoadedExperiment> {
  if (last?.id === id) return last.loading;
  const loading = (async () => {
    const entry = await catalogEntryOf(id);
    if (entry === undefined) throw new Error(`experiment ${id} is not in the content`);
    const context = contentContext({ displayRoot: repoRoot(), parseCache: sharedParseCache() });
    const { experiment, issues } = await loadExperiment(entry.dir, id, context);
    if (experiment === undefined) throw new Error(issues.map(formatIssue).join('\n'));
    return experiment;
  })();
  last = { id, loading };
  return loading;
}

/** One run of one experiment, with its experiment, loaded for its pages. */
export async function loadRunById(id: string, runId: string): Promise<{ loaded: LoadedExperiment; run: LoadedRun }> {
  const loaded = await loadExperimentById(id);
  const run = loaded.runs.find((candidate) => candidate.id === runId);
  if (run === undefined) throw new Error(`run ${runId} is not in experiment ${id}`);
  return { loaded, run };
}

let standings: { of: CatalogEntry[]; byKey: ReturnType<typeof standingsByKey> } | undefined;

/** An entry's ranked numbers, expanded with their links (compare/standing-values.ts). */
function entryStandingValues(entry: CatalogEntry) {
  const experiment = {
    id: entry.id,
    title: entry.experiment.title,
    labels: new Map(entry.runs.map((run) => [run.id, run.label])),
  };
  return expandStandingValues(experiment, entry.standings, import.meta.env.BASE_URL);
}

/** Every workload's standings by key, folded once per build from the catalog (compare/standings-index.ts). */
export async function siteStandings(): Promise<ReturnType<typeof standingsByKey>> {
  const entries = await loadCatalog();
  if (standings?.of !== entries)
    standings = { of: entries, byKey: standingsByKey(entries.flatMap(entryStandingValues)) };
  return standings.byKey;
}

/**
 * A run's ranked numbers against the other published runs of their workloads (`findingsOf`: the
 * lint findings on its own numbers, its badges), and its workloads that are not ranked for what
 * their outputs leave out.
 */
export async function runStandingsOf(
  id: string,
  run: string,
  findingsOf: OwnFindings,
): Promise<{ standings: ReturnType<typeof runStandings>; unkeyed: CatalogEntry['standings']['unkeyed'] }> {
  const entry = await catalogEntryOf(id);
  if (entry === undefined) return { standings: [], unkeyed: [] };
  const own = entryStandingValues(entry).filter((value) => value.run === run);
  return {
    standings: runStandings(own, await siteStandings(), findingsOf),
    unkeyed: entry.standings.unkeyed.filter((workload) => workload.run === run),
  };
}

/**
 * The cache key of an experiment's run pages: its folder's digest, and the standings of its
 * workloads, which other experiments change (a run added elsewhere moves this run's rank).
 */
async function runPageCacheKey(entry: CatalogEntry): Promise<string> {
  const byKey = await siteStandings();
  const keys = entry.standings.keys.map((words) => words.key).sort();
  const peers = JSON.stringify(keys.map((key) => byKey.get(key) ?? null));
  return `${entry.digest} ${createHash('sha256').update(peers).digest('hex').slice(0, 16)}`;
}

/**
 * The paths of a file per run (`[id]/runs/[run].json`, `.sections.json`), in catalog order: each
 * is made from its experiment's folder alone, so the folder's content hash is its cache key.
 */
export async function runPaths() {
  return (await loadCatalog()).flatMap((entry) =>
    entry.runs.map((run) => ({ params: { id: entry.id, run: run.id }, cacheKey: entry.digest })),
  );
}

/**
 * The paths of a page per run (`[id]/runs/[run]/`), in catalog order: each is made from its
 * experiment's folder and the standings of its workloads (runPageCacheKey).
 */
export async function runPagePaths() {
  const entries = await loadCatalog();
  const keyed = await Promise.all(entries.map(async (entry) => ({ entry, cacheKey: await runPageCacheKey(entry) })));
  return keyed.flatMap(({ entry, cacheKey }) =>
    entry.runs.map((run) => ({ params: { id: entry.id, run: run.id }, cacheKey })),
  );
}
