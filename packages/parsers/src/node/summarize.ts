import { variableName } from '../content/experiment-schema.ts';
import type { PublishedMeasurement } from '../content/measurements-csv.ts';
import type { ContentIssue } from '../content/yaml-document.ts';
import { TOOLS } from '../tools.ts';
import type { Unit } from '../units.ts';
import { lint } from './lint/lint.ts';
import { formatIssue } from './load-content.ts';
import type { LoadedExperiment } from './load-experiment.ts';
import { reviewNumber } from './review-number.ts';

/**
 * The numbers a reviewer looks at first: each tool's headline metrics (its definition says which).
 * Everything else is on the site; the summary of a pull request stays short enough to read.
 */
const HEADLINE_METRICS: ReadonlyMap<string, RegExp | undefined> = new Map(
  TOOLS.map((tool) => [tool.name, tool.headlineMetrics]),
);

// Labels that tell apart the pieces of one series (the processes of one fio job, the samples of
// a time series): the summary adds those pieces up (rates) or averages them (latencies,
// percentages). Job names are kept: they are the workload, the same across runs.
const PIECE_LABELS = new Set(['pid', 'sample', 'time', 'run']);
const SUMMED_UNITS: ReadonlySet<Unit> = new Set(['B', 'B/s', 'op/s', 'count']);

interface Row {
  tool: string;
  workload: string;
  metric: string;
  unit: Unit;
  /** Values per run id and output (file, or the CSV), before aggregation. */
  values: Map<string, Map<string, number[]>>;
}

/** A markdown summary of an experiment: headline numbers per run, and how the systems differ. */
export function summarizeExperiment(loaded: LoadedExperiment, issues: readonly ContentIssue[] = []): string {
  const { experiment, runs } = loaded;
  const runIds = runs.map((run) => run.id);
  const labelOf = new Map(runs.map((run) => [run.id, run.run.label]));
  const lines = [
    `## ${experiment.title}`,
    '',
    `**Variable:** ${variableName(experiment.variable)} · **Runs:** ${runs.map((run) => `${run.run.label} (${run.run.value})`).join(', ') || 'none yet'}` +
      ` · **Status:** ${experiment.status}`,
    '',
  ];

  const rows = headlineRows(loaded);
  lines.push('### Headline numbers', '');
  if (rows.length === 0) lines.push('No numbers yet.', '');
  else {
    lines.push(
      `| tool | workload | metric | ${runIds.map((id) => escapeCell(labelOf.get(id) ?? id)).join(' | ')} |`,
      `|---|---|---|${runIds.map(() => '---:').join('|')}|`,
    );
    for (const row of rows) {
      const cells = runIds.map((id) => {
        const byOutput = row.values.get(id);
        if (byOutput === undefined) return '–';
        // Within one output, jobs add up; repeats of the run (several outputs) are averaged.
        const perOutput = [...byOutput.values()].map((values) => aggregate(values, row.unit));
        const mean = perOutput.reduce((total, value) => total + value, 0) / perOutput.length;
        const repeats = perOutput.length > 1 ? ` (mean of ${perOutput.length})` : '';
        return `${reviewNumber(mean, row.unit)}${repeats}`;
      });
      lines.push(`| ${row.tool} | ${escapeCell(row.workload)} | ${row.metric} | ${cells.join(' | ')} |`);
    }
    lines.push(
      '',
      'Within one output, the rates of its jobs are added up and latencies and percentages averaged; repeats of a run are averaged (warm-up repeats left out).',
      '',
    );
  }

  lines.push('### System differences', '');
  if (loaded.systemDifferences.length === 0) lines.push('The runs state the same system, or only one run.', '');
  else {
    lines.push(
      `| system field | ${runIds.map((id) => escapeCell(labelOf.get(id) ?? id)).join(' | ')} |`,
      `|---|${runIds.map(() => '---').join('|')}|`,
    );
    for (const difference of loaded.systemDifferences) {
      const marker = difference.isVariable ? ' (the variable)' : '';
      const cells = runIds.map((id) => escapeCell(difference.values[id] ?? '–'));
      lines.push(`| ${difference.path}${marker} | ${cells.join(' | ')} |`);
    }
    lines.push('');
  }

  lines.push(...findingLines(loaded));

  const warnings = issues.filter((issue) => issue.severity === 'warning');
  if (warnings.length > 0) {
    lines.push('### Warnings', '', ...warnings.map((issue) => `- \`${escapeCell(formatIssue(issue))}\``), '');
  }
  return lines.join('\n');
}

/**
 * The benchmark lint's findings on the experiment's outputs (docs/05-lint-rules.md), one row each,
 * so a reviewer sees a flagged number before it is merged; they never block it.
 */
function findingLines(loaded: LoadedExperiment): string[] {
  const findings = lint(loaded);
  const lines = ['### Lint findings', ''];
  if (findings.length === 0) return [...lines, 'No lint findings.', ''];
  lines.push('| rule | severity | run | file:line | workload | message |', '|---|---|---|---|---|---|');
  for (const found of findings) {
    const cells = [found.rule, found.severity, found.run, `${found.file}:${found.line}`, found.workload, found.message];
    lines.push(`| ${cells.map(escapeCell).join(' | ')} |`);
  }
  return [...lines, ''];
}

function headlineRows(loaded: LoadedExperiment): Row[] {
  const rows = new Map<string, Row>();
  const add = (
    runId: string,
    outputKey: string,
    measurement: { tool: string; metric: string; unit: Unit; labels: Record<string, string>; value: number },
    workload: string,
  ) => {
    const { tool, metric, unit, labels, value } = measurement;
    const kept = Object.entries(labels)
      .filter(([key]) => !PIECE_LABELS.has(key))
      .map(([key, text]) => `${key}=${text}`)
      .join(', ');
    const shownWorkload = [workload, kept].filter((part) => part !== '').join(' · ');
    const key = JSON.stringify([tool, shownWorkload, metric, unit]);
    const row = rows.get(key) ?? { tool, workload: shownWorkload, metric, unit, values: new Map() };
    const byOutput = row.values.get(runId) ?? new Map<string, number[]>();
    byOutput.set(outputKey, [...(byOutput.get(outputKey) ?? []), value]);
    row.values.set(runId, byOutput);
    rows.set(key, row);
  };
  for (const run of loaded.runs) {
    for (const output of run.outputs) {
      // A warm-up repeat (--warmup) is in no statistic.
      if (output.declared.warmup === true) continue;
      const headline = HEADLINE_METRICS.get(output.parsed.tool);
      if (headline === undefined) continue;
      // Without a declared workload, outputs line up across runs by their labels (job names).
      const workload = output.declared.workload ?? '';
      for (const measurement of output.parsed.measurements) {
        if (headline.test(measurement.metric)) {
          add(run.id, output.file, measurement, workload);
        }
      }
    }
  }
  for (const row of loaded.published as readonly PublishedMeasurement[]) {
    add(row.run, 'measurements.csv', row, '');
  }
  return [...rows.values()];
}

function aggregate(values: readonly number[], unit: Unit): number {
  const sum = values.reduce((total, value) => total + value, 0);
  return SUMMED_UNITS.has(unit) ? sum : sum / values.length;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
