import { describe, expect, it } from 'vitest';
import { newestFirst } from '../catalog/catalog.ts';
import { GLOSSARY_CONCEPTS, glossaryHref, glossaryId } from '../lib/glossary-id.ts';
import { RUN_TO_RUN_VARIATION } from '../view/run-to-run.ts';
import { experimentView } from './experiment-view.ts';
import { COMPARING_CONCEPTS, GLOSSARY_PAGES_SHOWN, glossaryGroups } from './glossary.ts';
import { loadRealExperiments } from './test-content.ts';

describe('glossaryGroups of content/results', async () => {
  const loadedExperiments = await loadRealExperiments();
  const views = loadedExperiments.map(experimentView);
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
    // Every page it names has a fio output with a `write.clat.p99` number.
    const withP99 = new Set(
      loadedExperiments
        .filter((experiment) =>
          experiment.runs.some((run) =>
            run.outputs.some((output) =>
              output.parsed.measurements.some((m) => m.tool === 'fio' && m.metric === 'write.clat.p99'),
            ),
          ),
        )
        .map((experiment) => experiment.id),
    );
    expect(p99?.experiments.length).toBeGreaterThan(0);
    for (const page of p99?.experiments ?? []) expect(withP99.has(page.id), page.id).toBe(true);
  });

  it('lists fio write IOPS once: every experiment with a fio write IOPS number counted, the newest named', async () => {
    const loaded = await loadRealExperiments();
    // Every experiment with a fio `write.iops` measurement, parsed from an output or a published row.
    const showing = loaded
      .filter(
        (experiment) =>
          experiment.runs.some((run) =>
            run.outputs.some((output) =>
              output.parsed.measurements.some((m) => m.tool === 'fio' && m.metric === 'write.iops'),
            ),
          ) || experiment.published.some((row) => row.tool === 'fio' && row.metric === 'write.iops'),
      )
      .sort((a, b) => newestFirst({ id: a.id, ...a.experiment }, { id: b.id, ...b.experiment }));
    expect(showing.length).toBeGreaterThan(GLOSSARY_PAGES_SHOWN);
    // In the order the site's glossary page reads them (site-content.ts loadCatalog: newest first).
    const newestFirstViews = [...loaded]
      .sort((a, b) => newestFirst({ id: a.id, ...a.experiment }, { id: b.id, ...b.experiment }))
      .map(experimentView);
    const iops = glossaryGroups(newestFirstViews)
      .flatMap((group) => group.entries)
      .find((e) => e.id === 'fio-write-iops');
    expect(iops?.experimentCount).toBe(showing.length);
    expect(iops?.experiments.map((page) => page.id)).toEqual(
      showing.slice(0, GLOSSARY_PAGES_SHOWN).map((experiment) => experiment.id),
    );
  });

  it('explains how runs are compared: Welch, p, ≈ with the run-to-run figure and its source, geometric mean, ratios', () => {
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
    // The figure and where it comes from, in words; data/run-to-run.test.ts checks the numbers
    // against content/results.
    const { relative, experiments, pairs } = RUN_TO_RUN_VARIATION;
    expect(byId('within-the-noise')?.explanation).toContain(
      `${(relative * 100).toFixed(1)} %, the median, over ${experiments} experiments with repeats, of each one’s median difference between two repeats of the same run (${pairs} pairs in all`,
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
