// The badge a number flagged by the benchmark lint carries (view/model.ts CellFinding): the
// rule's id, its reason in the title (the tooltip) and, in HTML, linked to the rule's entry on
// /rules/ with the reason in text for screen readers. In HTML tables (bonnie++'s grid, the
// charts' data tables) and in SVG beside a bar's value label (a marker there: see
// appendSvgBadges); components/FindingBadges.astro writes the same HTML.

import { href } from '../lib/url.ts';
import type { CellFinding, MetricComparison } from '../view/model.ts';
import { appendTitle, svgElement, svgText } from './plot-parts.ts';

/** The badge's font size in a chart, and its padding and gap, in px. */
const BADGE_FONT_PX = 10;
const BADGE_PAD_PX = 3;
const BADGE_GAP_PX = 3;
const BADGE_HEIGHT_PX = 13;

/** What the title (the tooltip) of a badge says: "BF102 (warning): fio job ran 240892 ms, …". */
export function badgeTitle(finding: CellFinding): string {
  return `${finding.rule} (${finding.severity}, ${finding.title}): ${finding.reason}`;
}

/** `<a class="finding-badge severity-…">BF102<span class="visually-hidden">…</span></a>`. */
export function findingBadgeElement(document: Document, finding: CellFinding): HTMLAnchorElement {
  const link = document.createElement('a');
  link.className = `finding-badge severity-${finding.severity}`;
  link.setAttribute('href', href(finding.href));
  link.title = badgeTitle(finding);
  link.dataset.rule = finding.rule;
  link.textContent = finding.rule;
  const hidden = document.createElement('span');
  hidden.className = 'visually-hidden';
  hidden.textContent = ` ${finding.severity}: ${finding.reason}`;
  link.append(hidden);
  return link;
}

/** A cell's badges in a `<span class="finding-badges">`, or null where it has none. */
export function findingBadgesElement(document: Document, findings: readonly CellFinding[] | undefined) {
  if (findings === undefined || findings.length === 0) return null;
  const span = document.createElement('span');
  span.className = 'finding-badges';
  for (const finding of findings) span.append(' ', findingBadgeElement(document, finding));
  return span;
}

/** How wide a chart's badges for these findings are, the gap before them included; 0 for none. */
export function svgBadgesWidth(findings: readonly CellFinding[] | undefined): number {
  return (findings ?? []).reduce((width, finding) => width + BADGE_GAP_PX + badgeWidth(finding), 0);
}

/** The id is set in the monospace font (finding-badges.css): about 0.62 em a character. */
function badgeWidth(finding: CellFinding): number {
  return finding.rule.length * BADGE_FONT_PX * 0.62 + 2 * BADGE_PAD_PX;
}

/**
 * A bar's badges in SVG from `x` on the row centred at `centre`: each a `<g class="finding-badge
 * severity-…" data-rule>` with a rounded box, the rule id and its title (the reason, as a
 * tooltip). Not links: a chart is `role="img"`, whose content may hold no control, focusable or
 * not (axe's nested-interactive); the data table under every chart and the verdict's lines carry
 * the same badges as links to /rules/, and the chart's name lists them.
 */
export function appendSvgBadges(
  svg: SVGSVGElement,
  findings: readonly CellFinding[] | undefined,
  at: { x: number; centre: number; run: string; group: string },
): void {
  const document = svg.ownerDocument;
  let x = at.x;
  for (const finding of findings ?? []) {
    x += BADGE_GAP_PX;
    const width = badgeWidth(finding);
    const badge = svgElement(document, 'g', {
      class: `finding-badge severity-${finding.severity}`,
      'data-rule': finding.rule,
      'data-run': at.run,
      'data-group': at.group,
    });
    appendTitle(document, badge, badgeTitle(finding));
    badge.append(
      svgElement(document, 'rect', {
        x,
        y: at.centre - BADGE_HEIGHT_PX / 2,
        width,
        height: BADGE_HEIGHT_PX,
        rx: 3,
      }),
      svgText(document, finding.rule, {
        x: x + width / 2,
        y: at.centre + 3.5,
        'text-anchor': 'middle',
        'font-size': BADGE_FONT_PX,
      }),
    );
    svg.append(badge);
    x += width;
  }
}

/**
 * The chart's flagged bars in words, for its accessible name (the badges in a `role="img"` chart
 * are not read): " Lint findings: xfs, random-write-buf: BF102, BF103." ("" when none).
 */
export function findingsSentence(data: MetricComparison): string {
  const parts = data.cells.flatMap((cell) => {
    if (cell.findings === undefined || cell.findings.length === 0) return [];
    const run = data.runs.find((candidate) => candidate.id === cell.run)?.label ?? cell.run;
    const group =
      data.groups.length > 1 ? `, ${data.groups.find((g) => g.key === cell.group)?.label ?? cell.group}` : '';
    return [`${run}${group}: ${cell.findings.map((finding) => finding.rule).join(', ')}`];
  });
  return parts.length === 0 ? '' : ` Lint findings: ${parts.join('; ')}.`;
}
