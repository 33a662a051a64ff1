// The benchmark lint's findings on the numbers they concern, at build time: each finding of the
// library's lint (on a run, an output and a workload, and where it says so on some metrics only)
// becomes a badge (CellFinding) on every bar cell of that run, workload and metric in the tool's
// sections, on bonnie++'s grid cells, and so on the verdict built from those cells. Which bar
// group a finding's workload is drawn in is the tool's to say (ToolDescriptor `findingPlaces`).
// Errors and warnings only: notes stay on the run pages and /rules/.

import type { LintFinding, LoadedExperiment } from '@benchfolio/parsers/node';
import { LINT_RULES, lint } from '@benchfolio/parsers/node';
import type { FindingPlace } from '../tools/descriptor.ts';
import type { BarCell, CellFinding, RankGrid, ToolSection } from '../view/model.ts';

/** The site path of a rule's entry on /rules/: `/rules/#bf102` (pass through href()). */
export function ruleEntryPath(rule: string): string {
  return `/rules/#${ruleAnchor(rule)}`;
}

/** A rule's anchor on /rules/: its id lower-cased, `bf102`. */
export function ruleAnchor(rule: string): string {
  return rule.toLowerCase();
}

const lintedExperiments = new WeakMap<LoadedExperiment, readonly LintFinding[]>();

/**
 * The lint's findings on a loaded experiment, every run together (a check across runs sees them
 * all), made once per loaded experiment: its page, its run pages and its catalog entry share them.
 */
export function experimentFindings(loaded: LoadedExperiment): readonly LintFinding[] {
  let findings = lintedExperiments.get(loaded);
  if (findings === undefined) {
    findings = lint(loaded);
    lintedExperiments.set(loaded, findings);
  }
  return findings;
}

const RULE_TITLES: ReadonlyMap<string, string> = new Map(LINT_RULES.map((rule) => [rule.id, rule.title]));
const SEVERITY_ORDER = { error: 0, warning: 1, note: 2 } as const;

/** A finding as the badge on a number shows it. */
export function cellFinding(found: LintFinding): CellFinding {
  return {
    rule: found.rule,
    severity: found.severity,
    title: RULE_TITLES.get(found.rule) ?? found.rule,
    reason: found.message,
    href: ruleEntryPath(found.rule),
    ...(found.metrics === undefined ? {} : { aboutMetric: true as const }),
  };
}

/**
 * Badges a tool's sections (as the tool made them, before the page makes their keys unique) with
 * the findings on its outputs, given where each output's workloads are drawn (`places`, the
 * tool's findingPlaces of the same runs). A finding on a warm-up output badges nothing: no chart
 * draws a warm-up.
 */
export function addCellFindings(
  sections: readonly ToolSection[],
  places: readonly FindingPlace[],
  findings: readonly LintFinding[],
  loaded: LoadedExperiment,
): void {
  if (sections.length === 0 || places.length === 0) return;
  for (const found of findings) {
    // Notes (a short runtime, no ramp_time, no repeats) are listed on the run pages and /rules/:
    // on nearly every number they would bury the errors and warnings a reader must see.
    if (found.severity === 'note') continue;
    const output = loaded.runs.find((run) => run.id === found.run)?.outputs.find((o) => o.file === found.file);
    if (output?.declared.warmup === true) continue;
    const badge = cellFinding(found);
    for (const place of placesOf(found, places, loaded)) {
      for (const section of sections.filter((candidate) => candidate.key === place.section)) {
        badgeSection(section, { run: found.run, group: place.group, metrics: found.metrics }, badge);
      }
    }
  }
}

/**
 * Where a finding's numbers are drawn: the places of its run, output and workload (exact). A
 * finding whose workload no place of its output names (a rule naming the workload otherwise than
 * the tool's places do) cannot be told apart from the output's other workloads: every place of
 * that output. A finding on a file that is no output of its run (a check over the whole run) is
 * put on the places of the run's outputs whose run.yaml workload it names.
 */
function placesOf(found: LintFinding, places: readonly FindingPlace[], loaded: LoadedExperiment): FindingPlace[] {
  const ofRun = places.filter((place) => place.run === found.run);
  const exact = ofRun.filter((place) => place.file === found.file && place.workload === found.workload);
  if (exact.length > 0) return exact;
  const ofOutput = ofRun.filter((place) => place.file === found.file);
  if (ofOutput.length > 0) return ofOutput;
  const run = loaded.runs.find((candidate) => candidate.id === found.run);
  if (run === undefined || run.outputs.some((output) => output.file === found.file)) return [];
  const files = new Set(
    run.outputs.filter((output) => output.declared.workload === found.workload).map((output) => output.file),
  );
  return ofRun.filter((place) => files.has(place.file));
}

interface Target {
  run: string;
  group: string;
  /** The finding's metrics; every metric of the group when undefined. */
  metrics: readonly string[] | undefined;
}

/** The badge on every bar cell of the run and group in the metrics it concerns, and on the grid's cells. */
function badgeSection(section: ToolSection, target: Target, badge: CellFinding): void {
  const concerns = (metric: string) => target.metrics === undefined || target.metrics.includes(metric);
  for (const comparison of section.metrics) {
    if (!concerns(comparison.metric)) continue;
    for (const cell of comparison.cells) {
      if (cell.run === target.run && cell.group === target.group) cell.findings = withBadge(cell.findings, badge);
    }
  }
  if (section.grid !== undefined && section.grid.group === target.group) badgeGrid(section.grid, target, badge);
}

/** The badge on the grid row of the run, in each column the finding concerns (measured or not). */
function badgeGrid(grid: RankGrid, target: Target, badge: CellFinding): void {
  for (const row of grid.rows.filter((candidate) => candidate.run === target.run)) {
    for (const column of grid.columns) {
      if (target.metrics !== undefined && !target.metrics.includes(column.key)) continue;
      row.findings ??= {};
      row.findings[column.key] = withBadge(row.findings[column.key], badge);
    }
  }
}

/**
 * A cell's badges with one more: one per rule (repeats of a job flagged alike give one badge,
 * with the first one's reason), errors first.
 */
function withBadge(badges: BarCell['findings'], badge: CellFinding): CellFinding[] {
  const list = badges ?? [];
  if (list.some((existing) => existing.rule === badge.rule)) return list;
  return [...list, badge].sort(
    (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.rule.localeCompare(b.rule),
  );
}
