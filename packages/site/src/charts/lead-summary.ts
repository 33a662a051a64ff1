// Who leads a bar chart, by how much, and whether the lead is beyond the noise: the first
// sentence of a bar chart's summary. A lead is the best run's margin over the next in a group;
// where the build tested the runs' repeats (view/noise.ts), a lead within the noise is not
// called one. With one run each nothing is tested, and the sentence says so.

import type { MetricComparison } from '../view/model.ts';
import { noiseCall, noiseMethodText, noiseNote, rankedCells } from '../view/noise.ts';
import { formatRatio, formatVsBest } from './normalize.ts';

/** One group's lead: who, over whom, by what ratio (≥ 1, in the better direction). */
interface Lead {
  group: string;
  run: string;
  /** best / next for higher-is-better, next / best for lower-is-better; 1 for a tie. */
  margin: number;
  call: ReturnType<typeof noiseCall>['kind'];
}

function leadOf(data: MetricComparison, group: string): Lead | undefined {
  const [best, next] = rankedCells(data, group);
  if (best === undefined || next === undefined) return undefined;
  const margin = data.betterIs === 'lower' ? next.value / best.value : best.value / next.value;
  return { group, run: best.run, margin, call: noiseCall(data, group, best.run, next.run).kind };
}

/** "3 %", "3–29 %", "12 % to 2.47×": the margins of a run's leads, without a sign. */
export function marginText(margins: readonly number[]): string {
  const finite = margins.filter((m) => Number.isFinite(m));
  if (finite.length === 0) return 'an unbounded margin';
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  const text = (ratio: number) => formatRatio(ratio).replace(/^\+/, '');
  if (text(low) === text(high)) return text(low);
  if (high < 2) return `${text(low).replace(' %', '')}–${text(high)}`;
  return `${text(low)} to ${text(high)}`;
}

/**
 * "ext4 has the highest write IOPS in 3 of 4 jobs (by 3 % to 8.21×); xfs in 1 (by 4.71×). One run
 * each, not tested for noise." With noise tests, only leads beyond the noise are counted, and the
 * groups whose first two runs are within it are said to be.
 */
export function leadSentence(
  data: MetricComparison,
  groups: readonly string[],
  words: { metric: string; extreme: string; many: string; label: (runId: string) => string },
): string {
  const leads = groups.map((group) => leadOf(data, group)).filter((lead) => lead !== undefined);
  const isTested = data.noise !== undefined;
  const counted = leads.filter((lead) => lead.margin > 1 && (!isTested || lead.call === 'beyond'));
  const byRun = new Map<string, number[]>();
  for (const lead of counted) byRun.set(lead.run, [...(byRun.get(lead.run) ?? []), lead.margin]);
  const ranked = data.runs
    .filter((run) => byRun.has(run.id))
    .sort((a, b) => (byRun.get(b.id)?.length ?? 0) - (byRun.get(a.id)?.length ?? 0));
  const method = noiseMethodText(data);
  const parts = ranked.map((run, index) => {
    const margins = byRun.get(run.id) ?? [];
    const head =
      index === 0 ? `${words.label(run.id)} has the ${words.extreme} ${words.metric} in` : `${words.label(run.id)} in`;
    const of = index === 0 ? ` of ${groups.length} ${words.many}` : '';
    return `${head} ${margins.length}${of} (by ${marginText(margins)})`;
  });
  const ties = leads.filter((lead) => lead.margin <= 1).length;
  const inside = isTested ? leads.filter((lead) => lead.margin > 1 && lead.call !== 'beyond') : [];
  const insideText = `the first two are within the noise (${marginText(inside.map((lead) => lead.margin))} apart)`;
  const rest = [
    inside.length > 0 && parts.length > 0 ? `in ${inside.length} ${insideText}` : undefined,
    ties > 0 ? `in ${ties} the first two tie` : undefined,
  ].filter((part) => part !== undefined);
  const restText = rest.length > 0 ? ` ${capitalize(rest.join('; '))}.` : '';
  if (parts.length === 0) {
    if (!isTested) return `No run leads ${words.metric}.${restText}`;
    const scope =
      inside.length === groups.length ? `any of the ${groups.length}` : `${inside.length} of the ${groups.length}`;
    return `No lead in ${words.metric} is beyond the noise in ${scope} ${words.many}: ${insideText} (${method}).${restText}`;
  }
  if (isTested) return `Beyond the noise (${method}): ${parts.join('; ')}.${restText}`;
  return `${parts.join('; ')}.${restText} ${capitalize(method)}.`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A group's runs best first, each after the first against the best: "ext4 7.37 k op/s, ext3
 * 7.12 k op/s (−3 %), xfs 5.21 k op/s (−29 %)". Where the build tested the repeats, a difference
 * says so, with Welch's p-value: "(−3 %, within the noise: p = 0.41)".
 */
export function rankingText(
  data: MetricComparison,
  group: string,
  label: (runId: string) => string,
  format: (value: number) => string,
): string {
  const [best, ...others] = rankedCells(data, group);
  if (best === undefined) return '';
  const rest = others.map((cell) => {
    const ratio = best.value === 0 ? null : cell.value / best.value;
    const notes = [
      ratio === null ? undefined : formatVsBest(ratio),
      noiseNote(noiseCall(data, group, best.run, cell.run)),
    ];
    const note = notes.filter((n) => n !== undefined).join(', ');
    return `${label(cell.run)} ${format(cell.value)}${note === '' ? '' : ` (${note})`}`;
  });
  return [`${label(best.run)} ${format(best.value)}`, ...rest].join(', ');
}
