import type { VerdictMetric } from '../data/verdict.ts';
import type { CardHeadline } from '../view/card-headline.ts';

/**
 * The card's one line from the verdict's first headline metric: the first workload's best run and
 * runner-up as the verdict line has them (its numbers, ratios and lead are the page's own), or the
 * verdict's sentence when it has too many workloads for lines. Undefined without a verdict.
 */
export function cardHeadline(metrics: readonly VerdictMetric[]): CardHeadline | undefined {
  const metric = metrics[0];
  if (metric === undefined) return undefined;
  const name = `${metric.toolTitle} · ${metric.title}`;
  const [line] = metric.lines;
  const [best, next] = line?.entries.filter((entry) => entry.flagged === undefined) ?? [];
  if (line === undefined || best === undefined) {
    if (metric.summary === undefined) return undefined;
    return { metric: name, moreGroups: 0, call: 'untested', callText: metric.noise, summary: metric.summary };
  }
  const headline: CardHeadline = {
    metric: name,
    moreGroups: metric.lines.length - 1,
    best: { label: best.label, valueText: best.valueText },
    ...callOf(best, next, metric.noise),
  };
  if (line.group !== undefined) headline.group = line.group;
  if (next !== undefined) {
    headline.next = { label: next.label, valueText: next.valueText };
    if (next.ratioText !== undefined) headline.next.ratioText = next.ratioText;
  }
  return headline;
}

type Entry = VerdictMetric['lines'][number]['entries'][number];

function callOf(best: Entry, next: Entry | undefined, noise: string): Pick<CardHeadline, 'call' | 'callText'> {
  if (best.isLead) return { call: 'lead', callText: best.leadText ?? noise };
  if (next?.isWithinNoise === true) return { call: 'within', callText: next.noiseText ?? noise };
  return { call: 'untested', callText: noise };
}
