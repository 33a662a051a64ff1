// Who leads a bar chart, by how much, and whether the lead is beyond the noise: the first
// sentence of a bar chart's summary. A lead is the best run's margin over the next in a group,
// counted only where view/lead.ts may crown it: beyond the noise by Welch's t-test where the runs
// have repeats, more than the typical run-to-run variation apart where they have one value each
// (then "ahead by", not tested), and never for a number with an error finding.

import {
  errorFindings,
  flaggedText,
  groupRanking,
  isWithinNoise,
  leadCall,
  similarText,
  variationText,
} from '../view/lead.ts';
import type { BarCell, MetricComparison } from '../view/model.ts';
import { noiseMethodText, noiseNote } from '../view/noise.ts';
import { formatRatio, formatVsBest } from './normalize.ts';

/** One group's first two runs: who, by what ratio (≥ 1, in the better direction), crowned or not. */
interface Lead {
  group: string;
  run: string;
  /** best / next for higher-is-better, next / best for lower-is-better; 1 for a tie. */
  margin: number;
  isCrowned: boolean;
  isWithinNoise: boolean;
}

function leadOf(data: MetricComparison, group: string): Lead | undefined {
  const { ranked, leader, call } = groupRanking(data, group);
  const [best, next] = ranked;
  if (best === undefined || next === undefined || call === undefined) return undefined;
  const margin = data.betterIs === 'lower' ? next.value / best.value : best.value / next.value;
  return { group, run: best.run, margin, isCrowned: leader !== undefined, isWithinNoise: isWithinNoise(call) };
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

/** "xfs’s number is flagged BF001 in 2 jobs: not ranked." for each run with error findings. */
function flaggedSentences(
  data: MetricComparison,
  groups: readonly string[],
  many: string,
  label: (id: string) => string,
) {
  const flagged = data.cells.filter((cell) => groups.includes(cell.group) && errorFindings(cell).length > 0);
  return data.runs.flatMap((run) => {
    const own = flagged.filter((cell) => cell.run === run.id);
    if (own.length === 0) return [];
    const rules = [...new Set(own.flatMap((cell) => errorFindings(cell).map((finding) => finding.rule)))].join(', ');
    const where = groups.length > 1 ? ` in ${own.length} of the ${groups.length} ${many}` : '';
    return [`${label(run.id)}’s number is flagged ${rules}${where}: not ranked.`];
  });
}

/**
 * "ext4, noop has the highest write IOPS in 1 of 2 block sizes (ahead by 35 %). In 1 the first two
 * are ≈, 0.4 % apart: within the 23.0 % … One run each, not tested for noise." With noise
 * tests, only leads beyond the noise are counted, and the groups whose first two runs are within
 * it are said to be.
 */
export function leadSentence(
  data: MetricComparison,
  groups: readonly string[],
  words: { metric: string; extreme: string; many: string; label: (runId: string) => string },
): string {
  const leads = groups.map((group) => leadOf(data, group)).filter((lead) => lead !== undefined);
  const isTested = data.noise !== undefined;
  const byRun = new Map<string, number[]>();
  for (const lead of leads.filter((l) => l.isCrowned))
    byRun.set(lead.run, [...(byRun.get(lead.run) ?? []), lead.margin]);
  const ranked = data.runs
    .filter((run) => byRun.has(run.id))
    .sort((a, b) => (byRun.get(b.id)?.length ?? 0) - (byRun.get(a.id)?.length ?? 0));
  const method = noiseMethodText(data);
  const by = isTested ? 'by' : 'ahead by';
  const parts = ranked.map((run, index) => {
    const margins = byRun.get(run.id) ?? [];
    const head =
      index === 0 ? `${words.label(run.id)} has the ${words.extreme} ${words.metric} in` : `${words.label(run.id)} in`;
    const of = index === 0 ? ` of ${groups.length} ${words.many}` : '';
    return `${head} ${margins.length}${of} (${by} ${marginText(margins)})`;
  });
  const inside = leads.filter((lead) => !lead.isCrowned && lead.isWithinNoise && lead.margin > 1);
  const ties = leads.filter((lead) => !lead.isCrowned && lead.margin <= 1).length;
  const insideText = isTested
    ? `the first two are within the noise (${marginText(inside.map((lead) => lead.margin))} apart)`
    : `the first two are ≈, ${marginText(inside.map((lead) => lead.margin))} apart: ${similarText()}`;
  const rest = [
    inside.length > 0 && (parts.length > 0 || !isTested) ? `in ${inside.length} ${insideText}` : undefined,
    ties > 0 ? `in ${ties} the first two tie` : undefined,
  ].filter((part) => part !== undefined);
  const flagged = flaggedSentences(data, groups, words.many, words.label);
  const restText = [rest.length > 0 ? `${capitalize(rest.join('; '))}.` : '', ...flagged]
    .filter((s) => s !== '')
    .map((s) => ` ${s}`)
    .join('');
  if (parts.length === 0) {
    if (!isTested)
      return `No run leads ${words.metric} by more than ${variationText()}.${restText} ${capitalize(method)}.`;
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

/** What a run after the first says against the best: "−3 %", "within the noise: p = 0.41", "≈, within …". */
export function againstBestNotes(data: MetricComparison, best: BarCell, cell: BarCell): string[] {
  const ratio = best.value === 0 ? null : cell.value / best.value;
  const call = leadCall(data, best, cell);
  const noise = call.kind === 'beyond' || call.kind === 'inside' ? noiseNote(call) : undefined;
  const similar = call.kind === 'similar' ? similarText() : undefined;
  return [ratio === null ? undefined : formatVsBest(ratio), noise, similar].filter((n) => n !== undefined);
}

/**
 * "ahead by 16 %, one run each, not tested": what a crowned run with one value each says; for
 * published means whose N was not published (the EC2 post's), "N not published" in its place.
 */
export function aheadText(margin: number, data?: MetricComparison): string {
  const why = data?.cells.some((cell) => cell.spread === 'published-sd') ? 'N not published' : 'one run each';
  return `ahead by ${marginText([margin + 1])}, ${why}, not tested`;
}

/**
 * A group's runs best first, each after the first against the best: "ext4 83.8 k op/s (ahead by
 * 42 %, one run each, not tested), ext3 59.1 k op/s (−29 %), …". A run within the noise of the
 * best is joined by "≈" and says why; a run with an error finding comes last, not ranked.
 */
export function rankingText(
  data: MetricComparison,
  group: string,
  label: (runId: string) => string,
  format: (value: number) => string,
): string {
  const { ranked, flagged, leader, call } = groupRanking(data, group);
  const [best, ...others] = ranked;
  const flaggedParts = flagged.map((cell) => `${label(cell.run)} ${format(cell.value)} (${flaggedText(cell)})`);
  if (best === undefined) return flaggedParts.join(', ');
  const lead = leader !== undefined && call?.kind === 'ahead' ? ` (${aheadText(call.margin, data)})` : '';
  let text = `${label(best.run)} ${format(best.value)}${lead}`;
  for (const cell of others) {
    const notes = againstBestNotes(data, best, cell).join(', ');
    const joint = isWithinNoise(leadCall(data, best, cell)) ? ' ≈ ' : ', ';
    text += `${joint}${label(cell.run)} ${format(cell.value)}${notes === '' ? '' : ` (${notes})`}`;
  }
  return [text, ...flaggedParts].join(', ');
}
