// How many lint findings an experiment has, for its index card and the /rules/ page: counted by
// severity, each with its rule and run, and where on its page the first flagged number is.

import type { LintFinding } from '@benchfolio/parsers/node';
import { formatCount } from '../lib/format.ts';
import type { ToolSection } from '../view/model.ts';

/** One finding, as the catalog keeps it: which rule, how serious, on which run. */
export interface FindingRef {
  rule: string;
  severity: LintFinding['severity'];
  run: string;
}

export interface FindingsSummary {
  /** Every finding on the experiment's outputs, in lint order. */
  list: FindingRef[];
  errors: number;
  warnings: number;
  notes: number;
  /**
   * Site path of the first section whose numbers carry a badge (`/experiments/<id>/#section-fio`),
   * else of the rules page; absent without findings.
   */
  href?: string;
}

/** The summary of an experiment's findings, once its sections carry their badges. */
export function findingsSummary(
  findings: readonly LintFinding[],
  experimentHref: string,
  sections: readonly ToolSection[],
): FindingsSummary {
  const count = (severity: FindingRef['severity']) => findings.filter((found) => found.severity === severity).length;
  const summary: FindingsSummary = {
    list: findings.map(({ rule, severity, run }) => ({ rule, severity, run })),
    errors: count('error'),
    warnings: count('warning'),
    notes: count('note'),
  };
  if (findings.length === 0) return summary;
  const flagged = sections.find(hasBadges);
  summary.href = flagged === undefined ? '/rules/' : `${experimentHref}#section-${flagged.key}`;
  return summary;
}

function hasBadges(section: ToolSection): boolean {
  return (
    section.metrics.some((metric) => metric.cells.some((cell) => (cell.findings?.length ?? 0) > 0)) ||
    (section.grid?.rows.some((row) => Object.keys(row.findings ?? {}).length > 0) ?? false)
  );
}

/** "3 findings: 1 error, 2 warnings"; "1 finding: 1 warning". */
export function findingsText(summary: Pick<FindingsSummary, 'errors' | 'warnings' | 'notes'>): string {
  const total = summary.errors + summary.warnings + summary.notes;
  const parts = [
    summary.errors > 0 ? formatCount(summary.errors, 'error') : undefined,
    summary.warnings > 0 ? formatCount(summary.warnings, 'warning') : undefined,
    summary.notes > 0 ? formatCount(summary.notes, 'note') : undefined,
  ].filter((part) => part !== undefined);
  return `${formatCount(total, 'finding')}: ${parts.join(', ')}`;
}
