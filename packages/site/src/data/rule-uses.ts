// The /rules/ page's data: every lint rule as the library declares it (LINT_RULES), with how many
// findings it has on this site's experiments and on which runs, each run linking to its page
// (where the findings are listed with their raw lines).

import { LINT_RULES, type LintRule } from '@benchfolio/parsers/node';
import { ruleAnchor } from './cell-findings.ts';
import { runPagePath } from './download-paths.ts';
import type { FindingRef } from './finding-summary.ts';

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
