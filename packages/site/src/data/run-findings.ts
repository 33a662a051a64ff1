import type { LoadedExperiment, LoadedRun } from '@benchfolio/parsers/node';
import { LINT_RULES, type LintRuleId, type LintSeverity, lint } from '@benchfolio/parsers/node';
import { lintRuleUrl } from '../lib/repo-links.ts';
import { rawFilePath } from './download-paths.ts';

/** A lint finding on one of the run's outputs, as its run page lists it. */
export interface RunFindingView {
  rule: LintRuleId;
  /** The rule's title (docs/05-lint-rules.md's heading), said beside its id. */
  ruleTitle: string;
  /** The rule's entry in docs/05-lint-rules.md on the repository; undefined when unknown. */
  ruleHref?: string;
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
 * The benchmark lint's findings on the run's outputs (the library's `lint`, at build time, on the
 * raw text as committed), in output and line order.
 */
export function runFindings(loaded: LoadedExperiment, run: LoadedRun, repoUrl?: string): RunFindingView[] {
  const titles = new Map<string, string>(LINT_RULES.map((rule) => [rule.id, rule.title]));
  return lint({ ...loaded, runs: [run] }).map((found) => {
    const ruleTitle = titles.get(found.rule) ?? '';
    const view: RunFindingView = {
      rule: found.rule,
      ruleTitle,
      severity: found.severity,
      file: found.file,
      fileHref: rawFilePath(loaded.id, run.id, found.file),
      line: found.line,
      workload: found.workload,
      message: found.message,
    };
    const ruleHref = lintRuleUrl({ id: found.rule, title: ruleTitle }, repoUrl);
    if (ruleHref !== undefined) view.ruleHref = ruleHref;
    return view;
  });
}
