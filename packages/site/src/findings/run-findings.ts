import type { LoadedExperiment, LoadedRun } from '@benchfolio/parsers/node';
import { LINT_RULES, type LintRuleId, type LintSeverity } from '@benchfolio/parsers/node';
import { rawFilePath } from '../data/download-paths.ts';
import { experimentFindings, ruleEntryPath } from './cell-findings.ts';

/** A lint finding on one of the run's outputs, as its run page lists it. */
export interface RunFindingView {
  rule: LintRuleId;
  /** The rule's title (docs/05-lint-rules.md's heading), said beside its id. */
  ruleTitle: string;
  /** Site path of the rule's entry on /rules/ (pass through href()). */
  ruleHref: string;
  severity: LintSeverity;
  file: string;
  /** Site path of the raw output (pass through href()); served as text/plain, so no line anchor. */
  fileHref: string;
  /** 1-based line in the raw text that shows it. */
  line: number;
  workload: string;
  message: string;
}

/**
 * The benchmark lint's findings on the run's outputs (the library's `lint` of the whole experiment,
 * at build time, on the raw text as committed), in output and line order.
 */
export function runFindings(loaded: LoadedExperiment, run: LoadedRun): RunFindingView[] {
  const titles = new Map<string, string>(LINT_RULES.map((rule) => [rule.id, rule.title]));
  return experimentFindings(loaded)
    .filter((found) => found.run === run.id)
    .map((found) => ({
      rule: found.rule,
      ruleTitle: titles.get(found.rule) ?? '',
      ruleHref: ruleEntryPath(found.rule),
      severity: found.severity,
      file: found.file,
      fileHref: rawFilePath(loaded.id, run.id, found.file),
      line: found.line,
      workload: found.workload,
      message: found.message,
    }));
}
