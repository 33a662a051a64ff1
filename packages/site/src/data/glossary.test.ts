import { describe, expect, it } from 'vitest';
import { GLOSSARY_CONCEPTS, glossaryHref, glossaryId } from '../lib/glossary-id.ts';
import { experimentView } from './experiment-view.ts';
import { COMPARING_CONCEPTS, glossaryGroups } from './glossary.ts';
import { loadRealExperiments } from './test-content.ts';

describe('glossaryGroups of content/results', async () => {
  const views = (await loadRealExperiments()).map(experimentView);
  const groups = glossaryGroups(views);
  const entry = (id: string) =>
    groups.flatMap((group) => [...group.concepts, ...group.entries]).find((e) => e.id === id);

  it('has an entry for every metric a bar chart or a grid of a page shows', () => {
    const missing = views.flatMap((view) =>
      view.sections.flatMap((section) =>
        [...section.metrics.map((m) => m.metric), ...(section.grid?.columns.map((c) => c.key) ?? [])]
          .map((metric) => glossaryId(section.tool, metric))
          .filter((id) => entry(id) === undefined),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('explains bonnie++’s per-character output and rewrite in the words of its descriptor', () => {
    expect(entry('bonnie-putc')?.title).toBe('Sequential output, per character');
    expect(entry('bonnie-putc')?.explanation).toMatch(/one byte at a time/);
    expect(entry('bonnie-rewrite')?.explanation).toMatch(/writes it back in place/);
  });

  it('tells completion from total latency, and names p99 as fio means it', () => {
    expect(entry(GLOSSARY_CONCEPTS.fioLatency)?.explanation).toMatch(/from submission to completion/);
    expect(entry(GLOSSARY_CONCEPTS.fioLatency)?.explanation).toMatch(/created the I\/O unit to its completion/);
    const p99 = entry('fio-write-clat-p99');
    expect(p99?.title).toBe('Write completion latency, p99');
    expect(p99?.explanation).toMatch(/99 % of the I\/Os took at most this long/);
    expect(p99?.experiments.map((page) => page.id)).toEqual([
      '2026-11-btrfs-raid-levels-loop',
      '2026-11-btrfs-raid1-copies-loop',
      '2026-11-ext4-xfs-btrfs-loopback',
    ]);
  });

  it('lists fio write IOPS once, with the experiments that show it, raw or published, and how many in all', () => {
    const iops = entry('fio-write-iops');
    // Six show it; the entry names GLOSSARY_PAGES_SHOWN (5) of them and counts all six.
    expect(iops?.experimentCount).toBe(6);
    expect(iops?.experiments.map((page) => page.id).sort()).toEqual([
      '2011-07-ext3-ext4-xfs-fio-msa70',
      '2020-fio-random-write-cpu-governor',
      '2020-fio-random-write-io-scheduler-filesystem',
      '2026-11-btrfs-raid-levels-loop',
      '2026-11-btrfs-raid1-copies-loop',
    ]);
  });

  it('explains how runs are compared: Welch, p, ≈ with the 21.0 % figure and its source, geometric mean, ratios', () => {
    const byId = (id: string) => COMPARING_CONCEPTS.find((concept) => concept.id === id);
    expect(COMPARING_CONCEPTS.map((concept) => concept.id)).toEqual([
      GLOSSARY_CONCEPTS.welch,
      GLOSSARY_CONCEPTS.pValue,
      GLOSSARY_CONCEPTS.withinNoise,
      GLOSSARY_CONCEPTS.geometricMean,
      GLOSSARY_CONCEPTS.ratioNotation,
    ]);
    expect(byId('welch-t-test')?.explanation).toMatch(/beyond the noise, p < 0\.05/);
    expect(byId('p-value')?.explanation).toMatch(/p = 0\.41 means/);
    expect(byId('within-the-noise')?.explanation).toMatch(
      /21\.0 %, the median difference between two repeats of the same run, over 156 pairs/,
    );
    expect(byId('within-the-noise')?.explanation).toMatch(/ahead by …, one run each, not tested/);
    expect(byId('geometric-mean')?.explanation).toMatch(/n-th root of the product/);
    // The notations the verdicts write (charts/normalize.ts formatVsBest, data/verdict.ts timesText).
    for (const written of ['−3 %', '0.97×', '3.31×', '1/24.1', '0.996×']) {
      expect(byId('ratio-notation')?.explanation).toContain(written);
    }
    // No concept id is also a metric's entry id, so no anchor is on the page twice.
    const ids = groups.flatMap((group) => [...group.concepts, ...group.entries].map((e) => e.id));
    expect(ids.filter((id) => COMPARING_CONCEPTS.some((concept) => concept.id === id))).toEqual([]);
  });

  it('links to an entry under the site base', () => {
    expect(glossaryHref('fio-write-iops', '/benchfolio/')).toBe('/benchfolio/glossary/#fio-write-iops');
    expect(glossaryId('iostat', '%util')).toBe('iostat-util');
  });
});
