// Where a run stands, as HTML: per workload, per ranked metric, the number with its badges, its
// rank and percentile, which way is better, the strip of every run's number (each dot linked to
// its run) drawn for a wide and a phone's width, and the other runs listed with their pages and
// raw files. The same markup on a run page (at build time, RunStandings.astro) and on /try.

import { findingBadgesElement } from '../charts/finding-badges.ts';
import { standingChart } from '../charts/standing-chart.ts';
import { formatValue } from '../lib/format-value.ts';
import { byWorkload, type RunStanding, standingText, tooFewText, type WorkloadStanding } from '../view/standing.ts';

export interface StandingsOptions {
  /** The run's words on its dot and in the sentences: "ext4", "your run". */
  ownLabel: string;
  /** The tool's title for a workload's heading ("bonnie++"). */
  toolTitle: (tool: string) => string;
  minPeers: number;
}

/** The chart's widths: the wide one, and the one a 390 px phone shows (charts.css picks). */
const WIDE_PX = 640;
const NARROW_PX = 340;

function element<K extends keyof HTMLElementTagNameMap>(
  document: Document,
  name: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(name);
  if (className !== '') made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

/**
 * The run's standings: each workload with a ranked number as a `<div class="standing-workload">`,
 * then those too few runs share in one folded list (open when nothing is ranked), so that a run
 * of twenty workloads none of which is ranked yet reads as one line, not twenty.
 */
export function standingsElements(
  document: Document,
  standings: readonly RunStanding[],
  options: StandingsOptions,
): HTMLElement[] {
  const workloads = byWorkload(standings);
  const isRanked = (workload: WorkloadStanding) => workload.metrics.some((standing) => standing.standing !== undefined);
  const ranked = workloads.filter(isRanked).map((workload) => workloadElement(document, workload, options));
  const tooFew = workloads.filter((workload) => !isRanked(workload));
  // Open where it is short enough to read at a glance.
  return tooFew.length === 0 ? ranked : [...ranked, tooFewElement(document, tooFew, options, tooFew.length <= 3)];
}

function workloadElement(document: Document, workload: WorkloadStanding, options: StandingsOptions): HTMLElement {
  const root = element(document, 'div', 'standing-workload');
  root.dataset.standingWorkload = workload.group;
  const heading = element(document, 'h3', '', `${options.toolTitle(workload.tool)} · ${workload.group} `);
  heading.append(element(document, 'span', 'standing-summary', workload.summary));
  root.append(heading, element(document, 'p', 'standing-fields', workload.fieldsText));
  for (const standing of workload.metrics) {
    if (standing.standing !== undefined) root.append(metricElement(document, standing, options));
  }
  return root;
}

/** The workloads without a rank, each with how many other published runs it has. */
function tooFewElement(
  document: Document,
  workloads: readonly WorkloadStanding[],
  options: StandingsOptions,
  isOpen: boolean,
): HTMLElement {
  const details = element(document, 'details', 'standing-too-few');
  details.open = isOpen;
  const count = workloads.length;
  details.append(
    element(
      document,
      'summary',
      '',
      `Not ranked: ${count} workload${count === 1 ? '' : 's'} with fewer than ${options.minPeers} other published runs`,
    ),
  );
  const list = element(document, 'ul', '');
  for (const workload of workloads) {
    const most = Math.max(...workload.metrics.map((standing) => standing.peers.length));
    const item = element(document, 'li', '');
    item.dataset.standingNone = workload.group;
    item.append(
      element(document, 'strong', '', `${options.toolTitle(workload.tool)} · ${workload.group}`),
      ` (${workload.summary}): ${tooFewText(most, options.minPeers)}.`,
    );
    // The run's own flagged numbers keep their badges: each rule once.
    const rules = new Map(
      workload.metrics.flatMap((standing) => standing.findings).map((found) => [found.rule, found]),
    );
    const badges = findingBadgesElement(document, [...rules.values()]);
    if (badges !== null) item.append(badges);
    item.append(element(document, 'span', 'standing-fields', workload.fieldsText));
    list.append(item);
  }
  details.append(list);
  return details;
}

function metricElement(document: Document, standing: RunStanding, options: StandingsOptions): HTMLElement {
  const root = element(document, 'div', 'standing-metric');
  root.dataset.standingMetric = standing.metric;
  const line = element(document, 'p', 'standing-line');
  line.append(element(document, 'strong', '', standing.title), `: ${formatValue(standing.value, standing.unit)}`);
  const badges = findingBadgesElement(document, standing.findings);
  if (badges !== null) line.append(badges);
  const rank = element(document, 'strong', '', standing.standing === undefined ? '' : standingText(standing.standing));
  rank.dataset.standingRank = '';
  line.append(', ', rank, ` (${standing.betterIs === 'lower' ? 'lower' : 'higher'} is better).`);
  if (standing.findings.some((found) => found.severity === 'error')) {
    line.append(
      element(
        document,
        'span',
        'standing-flagged',
        ' This number carries an error finding: it is placed among the others here, but is no other run’s peer.',
      ),
    );
  }
  root.append(line);
  for (const [width, className] of [
    [WIDE_PX, 'standing-wide'],
    [NARROW_PX, 'standing-narrow'],
  ] as const) {
    const frame = element(document, 'div', `standing-chart-frame ${className}`);
    frame.append(chartOf(document, standing, options.ownLabel, width));
    root.append(frame);
  }
  root.append(peersElement(document, standing));
  return root;
}

function chartOf(document: Document, standing: RunStanding, ownLabel: string, width: number): SVGSVGElement {
  return standingChart(
    {
      title: standing.title,
      unit: standing.unit,
      betterIs: standing.betterIs,
      own: { value: standing.value, label: ownLabel },
      others: standing.peers.map((peer) => ({
        value: peer.value,
        label: `${peer.label} · ${peer.experimentTitle}`,
        href: peer.href,
      })),
    },
    { width, height: 0, document },
  );
}

/** The other runs, best first, each linked to its run page and its raw output. */
function peersElement(document: Document, standing: RunStanding): HTMLElement {
  const details = element(document, 'details', 'standing-runs');
  details.append(element(document, 'summary', '', `The ${standing.peers.length} other runs, best first`));
  const list = element(document, 'ol', '');
  for (const peer of standing.peers) {
    const item = element(document, 'li', '');
    const run = element(document, 'a', '', peer.label);
    run.setAttribute('href', peer.href);
    const raw = element(document, 'a', '', 'raw output');
    raw.setAttribute('href', peer.fileHref);
    item.append(run, ` · ${peer.experimentTitle}: ${formatValue(peer.value, standing.unit)} (`, raw, ')');
    list.append(item);
  }
  details.append(list);
  return details;
}
