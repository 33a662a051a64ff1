// sysbench's --histogram blocks, per test mode (and thread count in a sweep): the one part of a
// sysbench section read from the typed result, whose buckets keep their bins together.

import type { ParseOutput, SysbenchResult } from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import { slug, UniqueKeys } from '../../sections/keys.ts';
import type { LatencyHistogram, RunRef } from '../../view/model.ts';
import { threadsText } from './intervals.ts';

type HistogramBucket = SysbenchResult['runs'][number]['histogram'][number];

/** The typed result of a sysbench output; undefined for another tool's. */
export function sysbenchResultOf(output: ParseOutput): SysbenchResult | undefined {
  // ParseOutput is a union discriminated on `tool`: the check narrows the result.
  return output.tool === 'sysbench' ? output.result : undefined;
}

/** A benchmark run of a test that printed a histogram, with the run (folder) it belongs to. */
export interface HistogramSample {
  run: string;
  mode: string | null;
  threads: number | null;
  histogram: readonly HistogramBucket[];
}

/**
 * The runs of `test` (`other` for an unnamed test) that printed a histogram, in output order;
 * prepare and cleanup aside.
 */
export function histogramSamples(runs: readonly LoadedRun[], test: string): HistogramSample[] {
  const samples: HistogramSample[] = [];
  for (const run of runs) {
    for (const output of run.outputs) {
      for (const result of sysbenchResultOf(output.parsed)?.runs ?? []) {
        if (result.command === 'prepare' || result.command === 'cleanup') continue;
        if ((result.test ?? 'other') !== test || result.histogram.length === 0) continue;
        const { mode, histogram } = result;
        samples.push({ run: run.id, mode, threads: result.parameters.threads, histogram });
      }
    }
  }
  return samples;
}

/**
 * sysbench's latency histogram per mode (and thread count in a sweep), one per run; with repeats
 * the first is shown and the title says so. `samples` in the section's order of groups.
 */
export function latencyHistograms(
  test: string,
  samples: readonly HistogramSample[],
  runRefs: readonly RunRef[],
  isSweep: boolean,
): LatencyHistogram[] {
  const keys = new UniqueKeys();
  const histograms: LatencyHistogram[] = [];
  const groupOf = (sample: HistogramSample) => `${sample.mode ?? ''}/${isSweep ? (sample.threads ?? '') : ''}`;
  for (const group of new Set(samples.map(groupOf))) {
    const ofGroup = samples.filter((sample) => groupOf(sample) === group);
    const [first] = ofGroup;
    if (first === undefined) continue;
    let hasRepeats = false;
    const runs = runRefs.flatMap((ref) => {
      const [own, ...more] = ofGroup.filter((sample) => sample.run === ref.id);
      if (own === undefined) return [];
      if (more.length > 0) hasRepeats = true;
      return [{ run: ref.id, bins: own.histogram.map((bucket) => ({ ns: bucket.valueNs, count: bucket.count })) }];
    });
    const name = [first.mode ?? test, isSweep ? threadsText(first.threads) : null].filter(Boolean).join(' · ');
    histograms.push({
      key: keys.make(`sysbench-${slug(test)}-histogram-${slug(name)}`),
      title: `${name} · latency histogram${hasRepeats ? ' (the first of its repeats)' : ''}`,
      runs,
    });
  }
  return histograms;
}
