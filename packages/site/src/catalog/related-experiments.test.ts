import { beforeAll, describe, expect, it } from 'vitest';
import { indexEntry } from '../data/index-entry.ts';
import { loadRealExperiments } from '../data/test-content.ts';
import { relatedAmong } from './related-experiments.ts';

let entries: Parameters<typeof relatedAmong>[0];

beforeAll(async () => {
  const loaded = await loadRealExperiments();
  entries = loaded.map((experiment) => ({
    id: experiment.id,
    experiment: experiment.experiment,
    index: indexEntry(experiment),
  }));
});

describe('relatedAmong on content/results', () => {
  it('gives an experiment awaiting runs the others of its kind, those with numbers first', () => {
    // 2011-08-hitachi-7k3000-...: `variable: kind: disk-model`, `status: awaiting-runs`.
    const related = relatedAmong(entries, '2011-08-hitachi-7k3000-wd-re4-seagate-constellation-es');
    expect(related?.kind).toBe('disk-model');
    const disks = entries.filter((entry) => entry.experiment.variable.kind === 'disk-model').map((entry) => entry.id);
    expect(related?.entries.map((entry) => entry.id).sort()).toEqual(
      disks.filter((id) => id !== '2011-08-hitachi-7k3000-wd-re4-seagate-constellation-es').sort(),
    );
    const statuses = related?.entries.map((entry) => entry.status) ?? [];
    expect(statuses).toEqual([...statuses].sort((a, b) => (a === b ? 0 : a === 'published' ? -1 : 1)));
  });

  it('links each filesystem experiment to the other filesystem experiments, never to itself', () => {
    const filesystems = entries.filter((entry) => entry.experiment.variable.kind === 'filesystem');
    // 2011-07 MSA70 (fio), 2011-11 bonnie++, 2026-11 loopback: `kind: filesystem` in each experiment.yaml.
    expect(filesystems.length).toBeGreaterThanOrEqual(3);
    for (const { id } of filesystems) {
      const related = relatedAmong(entries, id);
      expect(related?.entries.map((entry) => entry.id)).not.toContain(id);
      expect(related?.entries).toHaveLength(filesystems.length - 1);
      expect(related?.entries.every((entry) => entry.href === `/experiments/${entry.id}/`)).toBe(true);
    }
  });

  it('gives none for a comparison of whole hosts, and a cache key that changes with the list', () => {
    const hosts = entries.find((entry) => entry.experiment.variable.kind === 'host');
    expect(hosts === undefined || relatedAmong(entries, hosts.id) === undefined).toBe(true);
    const fs = entries.find((entry) => entry.experiment.variable.kind === 'filesystem');
    const before = relatedAmong(entries, fs?.id ?? '')?.cacheKey;
    const other = entries.find((entry) => entry.experiment.variable.kind === 'filesystem' && entry.id !== fs?.id);
    const fewer = entries.filter((entry) => entry.id !== other?.id);
    expect(relatedAmong(fewer, fs?.id ?? '')?.cacheKey).not.toBe(before);
  });
});
