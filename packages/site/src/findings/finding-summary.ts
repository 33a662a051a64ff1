// How many lint findings there are: an experiment's, for its index card (counted by severity,
// with where on its page the first flagged number is), and each rule's across the site, for the
// /rules/ page (every rule as the library declares it, LINT_RULES, with the runs it flags, each
// linking to the run's page, where the findings are listed with their raw lines).

import { LINT_RULES, type LintFinding, type LintRule } from '@benchfolio/parsers/node';
import { runPagePath } from '../data/download-paths.ts';
import { formatCount } from '../lib/format.ts';
import type { ToolSection } from '../view/model.ts';
import { ruleAnchor } from './cell-findings.ts';

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

/** An experiment as the rules page counts its findings (the catalog entry's). */
export interface RuleCountInput {
  id: string;
  title: string;
  /** The run folders' labels (run.yaml `label`), by folder name. */
  runLabels: ReadonlyMap<string, string>;
  findings: readonly FindingRef[];
}

/** A run with findings of a rule. */
export interface RuleRun {
  experiment: string;
  experimentTitle: string;
  run: string;
  runLabel: string;
  count: number;
  /** Site path of the run's page (pass through href()). */
  href: string;
}

/** A rule as /rules/ shows it. */
export interface RuleEntry extends LintRule {
  /** Its anchor on the page: `bf102`. */
  anchor: string;
  /** Its findings on the site, in all. */
  count: number;
  /** The runs with its findings, in the experiments' order. */
  runs: RuleRun[];
}

/** Every rule in the library's order, with its findings on the given experiments. */
export function ruleEntries(experiments: readonly RuleCountInput[]): RuleEntry[] {
  return LINT_RULES.map((rule): RuleEntry => {
    const runs: RuleRun[] = [];
    for (const experiment of experiments) {
      for (const found of experiment.findings) {
        if (found.rule !== rule.id) continue;
        const known = runs.find((entry) => entry.experiment === experiment.id && entry.run === found.run);
        if (known !== undefined) {
          known.count++;
          continue;
        }
        runs.push({
          experiment: experiment.id,
          experimentTitle: experiment.title,
          run: found.run,
          runLabel: experiment.runLabels.get(found.run) ?? found.run,
          count: 1,
          href: runPagePath(experiment.id, found.run),
        });
      }
    }
    const count = runs.reduce((sum, entry) => sum + entry.count, 0);
    return { ...rule, sources: [...rule.sources], anchor: ruleAnchor(rule.id), count, runs };
  });
}

/**
 * A source as the page prints it: its text, with each web address in it made a link. Sources are
 * sentences such as `https://fio.readthedocs.io/... (direct: "...")` or `bonnie++(8), https://...`.
 */
export function sourceParts(source: string): Array<{ text: string; url?: string }> {
  const parts: Array<{ text: string; url?: string }> = [];
  let last = 0;
  for (const match of source.matchAll(/https?:\/\/[^\s)"]+/g)) {
    const url = match[0].replace(/[.,;]+$/, '');
    if (match.index > last) parts.push({ text: source.slice(last, match.index) });
    parts.push({ text: url, url });
    last = match.index + url.length;
  }
  if (last < source.length) parts.push({ text: source.slice(last) });
  return parts;
}
