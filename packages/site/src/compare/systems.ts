// The systems table of the chosen runs: run.yaml's `system` field by field, the fields that
// differ marked, and a warning when more than one thing differs. And what differs in the
// workloads, as the library's fingerprints say it ("differs: size 5 GiB vs 128 MiB").

import { compareFingerprints, type Similarity } from '@benchfolio/parsers';
import type { System } from '@benchfolio/parsers/content';
import { systemTexts } from '../data/system-text.ts';
import type { CompareFingerprint } from './compare-index.ts';

export interface SystemsRow {
  /** Dotted path in `system`: `raid.controller`, `disks`. */
  path: string;
  /** One per run, in the order given; undefined where the run does not state it. */
  values: (string | undefined)[];
  isDifferent: boolean;
}

export interface SystemsTable {
  rows: SystemsRow[];
  /**
   * The things that differ, one per top-level field of `system` (`raid`, `disks`,
   * `filesystem`); the host's name and free-text notes are not counted, as they name or
   * describe rather than set anything.
   */
  differing: string[];
}

/** Paths that name or describe rather than set: a difference in them alone is no caveat. */
const NOT_COUNTED = /^host$|(?:^|\.)note$/;

/** The order the things that differ are named in: the storage first, then the machine. */
const TOPIC_ORDER = [
  'raid',
  'disks',
  'lvm',
  'filesystem',
  'io_scheduler',
  'instance_type',
  'cpu',
  'memory',
  'virtualization',
  'kernel',
  'os',
  'other',
];
function topicRank(topic: string): number {
  const rank = TOPIC_ORDER.indexOf(topic);
  return rank < 0 ? TOPIC_ORDER.length : rank;
}

/** Every field any of the systems states, in path order, each marked when the runs disagree on it. */
export function systemsTable(systems: readonly System[]): SystemsTable {
  const flats = systems.map((system) => systemTexts(system));
  const paths = [...new Set(flats.flatMap((flat) => [...flat.keys()]))].sort();
  const rows = paths.map((path) => {
    const values = flats.map((flat) => flat.get(path));
    return { path, values, isDifferent: new Set(values).size > 1 };
  });
  const differing = [
    ...new Set(
      rows
        .filter((row) => row.isDifferent && !NOT_COUNTED.test(row.path))
        .map((row) => row.path.split('.')[0] ?? row.path),
    ),
  ].sort((a, b) => topicRank(a) - topicRank(b));
  return { rows, differing };
}

/** A workload two runs both ran (the same tool and workload name), and how their fingerprints differ. */
export interface WorkloadDifference {
  /** The workloads' names, those with the same difference together (`random-write-direct`). */
  workloads: string[];
  /** The similarity's sentences: `same 8 KiB random writes at QD 1; differs: size 5 GiB vs 128 MiB`. */
  text: string;
}

/**
 * The differences between the workloads of run `a` and run `b` that share a tool and a name,
 * each of `a`'s workloads against the most alike of `b`'s of that name; workloads that differ
 * alike are told once. iostat's device records are no workload and are left out.
 */
export function workloadDifferences(
  a: readonly CompareFingerprint[],
  b: readonly CompareFingerprint[],
): WorkloadDifference[] {
  const byText = new Map<string, string[]>();
  for (const { fingerprint } of a) {
    if (fingerprint.kind.category === 'device-activity') continue;
    let best: Similarity | undefined;
    for (const other of b) {
      const candidate = other.fingerprint;
      if (candidate.tool !== fingerprint.tool || candidate.workload !== fingerprint.workload) continue;
      const similarity = compareFingerprints(fingerprint, candidate);
      if (best === undefined || similarity.score > best.score) best = similarity;
    }
    if (best === undefined || (best.differs.length === 0 && best.onlyOne.length === 0)) continue;
    const names = byText.get(best.text) ?? [];
    if (!names.includes(fingerprint.workload)) names.push(fingerprint.workload);
    byText.set(best.text, names);
  }
  return [...byText].map(([text, workloads]) => ({ workloads, text }));
}
