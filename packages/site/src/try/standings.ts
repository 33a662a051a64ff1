// "Where your run stands" on /try: each of the reader's ranked numbers (compare/standing-values.ts,
// keyed by the library's fingerprint of its workload) against the published runs of the same
// workload, as the run pages rank theirs. Once the outputs are parsed, the page reads which of its
// workloads have standings (`standings/names/<digit>.json`, one per first digit of their names)
// and fetches those workloads' `standings/<name>.json` only: nothing that lists every run,
// nothing before an output is given, no request answered 404. The reader's run is no one's peer,
// so every published number is one of its others.

import { standingFileName, standingNameBucket } from '../compare/standing-key.ts';
import {
  expandStandingValues,
  experimentStandingValues,
  type KeyedStandingValue,
  type UnkeyedWorkload,
} from '../compare/standing-values.ts';
import { standingsElements } from '../figures/standings-element.ts';
import { joinBase } from '../lib/url.ts';
import { toolTitle } from '../tools/names.ts';
import type { RunRef, ToolSection } from '../view/model.ts';
import {
  MIN_PEERS,
  type RunStanding,
  runStanding,
  standingDefinition,
  type WorkloadStandings,
} from '../view/standing.ts';
import type { YourFingerprint } from './compare/ranked-runs.ts';

export interface StandingsOptions {
  yours: readonly ToolSection[];
  yourRun: RunRef;
  yourFingerprints: readonly YourFingerprint[];
  /** The site's base path (`/`, `/benchfolio/`). */
  base: string;
  /** fetch, or a test's stand-in. */
  fetchJson?: (url: string) => Promise<Response>;
}

/** Whether the site has standings for each of `names`: one request per bucket of names. */
async function namesPublished(
  names: readonly string[],
  base: string,
  fetchJson: (url: string) => Promise<Response>,
): Promise<Set<string>> {
  const buckets = [...new Set(names.map(standingNameBucket))];
  const lists = await Promise.all(
    buckets.map(async (bucket) => {
      const response = await fetchJson(joinBase(base, `standings/names/${bucket}.json`));
      if (!response.ok) throw new Error(`standings/names/${bucket}.json: HTTP ${response.status}`);
      return (await response.json()) as string[];
    }),
  );
  return new Set(lists.flat());
}

/** A workload's standings file (its name listed), or null when it is another key's. */
async function standingsOf(
  key: string,
  base: string,
  fetchJson: (url: string) => Promise<Response>,
): Promise<WorkloadStandings | null> {
  const response = await fetchJson(joinBase(base, `standings/${standingFileName(key)}.json`));
  if (!response.ok) throw new Error(`standings/${standingFileName(key)}.json: HTTP ${response.status}`);
  const body = (await response.json()) as WorkloadStandings;
  // Two keys of one file name: not this workload's.
  return body.key === key ? body : null;
}

/** The reader's ranked numbers, each against the published numbers of its workload and metric. */
export async function yourStandings(
  options: StandingsOptions,
): Promise<{ standings: RunStanding[]; unkeyed: UnkeyedWorkload[]; minPeers: number }> {
  const fetchJson = options.fetchJson ?? ((url: string) => fetch(url));
  const compact = experimentStandingValues(options.yours, [
    { run: options.yourRun.id, fingerprints: options.yourFingerprints },
  ]);
  const labels = new Map([[options.yourRun.id, options.yourRun.label]]);
  const values = expandStandingValues({ id: '', title: '', labels }, compact, options.base);
  const { unkeyed } = compact;
  const keys = [...new Set(values.map((value) => value.key))];
  const published =
    keys.length === 0 ? new Set<string>() : await namesPublished(keys.map(standingFileName), options.base, fetchJson);
  const files = new Map(
    await Promise.all(
      keys.map(
        async (key) =>
          [key, published.has(standingFileName(key)) ? await standingsOf(key, options.base, fetchJson) : null] as const,
      ),
    ),
  );
  const minPeers = [...files.values()].find((file) => file !== null)?.minPeers ?? MIN_PEERS;
  const standings = values.map((value) => standingOf(value, files.get(value.key) ?? null, minPeers));
  return { standings, unkeyed, minPeers };
}

function standingOf(value: KeyedStandingValue, file: WorkloadStandings | null, minPeers: number): RunStanding {
  const peers = file?.metrics.find((metric) => metric.metric === value.metric)?.values ?? [];
  const { key, tool, summary, fieldsText, group, metric, title, unit, betterIs } = value;
  // /try runs no lint: the reader's numbers carry no badge.
  return runStanding(
    { key, tool, summary, fieldsText, group, metric, title, unit, betterIs, value: value.value, findings: [] },
    peers,
    minPeers,
  );
}

/**
 * Draws the reader's standings into `container`: a status line while the files are fetched, then
 * the definition and each workload, or why there is nothing to rank.
 */
export async function mountStandings(container: HTMLElement, options: StandingsOptions): Promise<void> {
  const document = container.ownerDocument;
  const status = document.createElement('p');
  status.className = 'note';
  status.setAttribute('role', 'status');
  status.textContent = 'Fetching the published runs of your workloads…';
  container.replaceChildren(status);
  let result: Awaited<ReturnType<typeof yourStandings>>;
  try {
    result = await yourStandings(options);
  } catch (error) {
    status.textContent = `The published runs could not be fetched: ${error instanceof Error ? error.message : String(error)}`;
    return;
  }
  const unkeyed = unkeyedText(result.unkeyed);
  if (result.standings.length === 0) {
    status.textContent =
      unkeyed ??
      'None of your outputs has a number the site ranks (fio IOPS, bandwidth and completion latency; sysbench rates; ' +
        'bonnie++ block rates; dd’s rate), with its workload stated in full.';
    return;
  }
  status.textContent = standingDefinition(result.minPeers);
  container.append(
    ...standingsElements(document, result.standings, {
      ownLabel: options.yourRun.label,
      toolTitle,
      minPeers: result.minPeers,
    }),
  );
  if (unkeyed !== undefined) {
    const note = document.createElement('p');
    note.className = 'standing-unkeyed';
    note.textContent = unkeyed;
    container.append(note);
  }
}

/** "Not ranked, as your outputs do not say what ranking needs: fio · randwrite (direct not stated)." */
function unkeyedText(unkeyed: readonly UnkeyedWorkload[]): string | undefined {
  if (unkeyed.length === 0) return undefined;
  const list = unkeyed.map(
    (entry) => `${toolTitle(entry.tool)} · ${entry.group} (${entry.missing.join(', ')} not stated)`,
  );
  return `Not ranked, as your outputs do not say what ranking needs: ${list.join('; ')}.`;
}
