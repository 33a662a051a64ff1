import { join } from 'node:path';
import { CONTENT_LIMITS } from '../content/content-limits.ts';
import { EXPERIMENT_ID, type Experiment, ExperimentSchema, variableName } from '../content/experiment-schema.ts';
import type { LoadedExperiment, LoadedRun } from '../content/loaded.ts';
import { checkMarkdown } from '../content/markdown-check.ts';
import { type PublishedMeasurement, readMeasurementsCsv } from '../content/measurements-csv.ts';
import { runFolderNameProblem } from '../content/reserved-names.ts';
import type { Run } from '../content/run-schema.ts';
import { type SystemDifference, systemDifferences } from '../content/system-diff.ts';
import { type CheckedYaml, type ContentIssue, checkYaml } from '../content/yaml-document.ts';
import { type FolderEntry, listFolder, listFolderIfAny, nameIssue } from './content-files.ts';
import { type ContentContext, loadRun } from './load-run.ts';
import { readLimitedText, unreadYaml } from './read-limited.ts';

export type { LoadedExperiment } from '../content/loaded.ts';

const EXPERIMENT_ENTRIES = new Map([
  ['experiment.yaml', 'file'],
  ['index.md', 'file'],
  ['measurements.csv', 'file'],
  ['runs', 'dir'],
]);

/**
 * Reads and checks one experiment folder; the experiment comes back only when it has no error.
 * Whatever the folder holds, the answer is issues, never a throw: a failure no check foresaw (a
 * file the system will not let it read) is an UNREADABLE issue naming the folder.
 */
export async function loadExperiment(
  dir: string,
  id: string,
  context: ContentContext,
): Promise<{ experiment: LoadedExperiment | undefined; issues: ContentIssue[] }> {
  try {
    return await readExperiment(dir, id, context);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      experiment: undefined,
      issues: [
        { file: context.show(dir), line: 1, column: 1, message: `could not be read: ${reason}`, code: 'UNREADABLE' },
      ],
    };
  }
}

async function readExperiment(
  dir: string,
  id: string,
  context: ContentContext,
): Promise<{ experiment: LoadedExperiment | undefined; issues: ContentIssue[] }> {
  const yamlFile = context.show(join(dir, 'experiment.yaml'));
  const entries = await listFolder(dir);
  const fileEntry = (name: string) => entries.find((entry) => entry.name === name && entry.kind === 'file');
  const issues = entryIssues(entries, dir, context);
  const yamlEntry = fileEntry('experiment.yaml');
  if (yamlEntry === undefined) {
    issues.push({ file: yamlFile, line: 1, column: 1, message: 'missing: every experiment has an experiment.yaml' });
    return { experiment: undefined, issues };
  }
  const yamlText = await readLimitedText(yamlEntry, CONTENT_LIMITS.yamlBytes, context.show, issues);
  const checked = yamlText === undefined ? unreadYaml<Experiment>() : checkYaml(yamlText, yamlFile, ExperimentSchema);
  issues.push(...checked.issues);
  const experiment = checked.data;
  if (experiment !== undefined) issues.push(...idIssues(id, experiment, checked, yamlFile));

  let indexMarkdown: string | undefined;
  const markdownEntry = fileEntry('index.md');
  if (markdownEntry !== undefined) {
    indexMarkdown = await readLimitedText(markdownEntry, CONTENT_LIMITS.markdownBytes, context.show, issues);
    if (indexMarkdown !== undefined) issues.push(...checkMarkdown(indexMarkdown, context.show(markdownEntry.path)));
  }

  const { runs, locators, runIds } = await loadRuns(join(dir, 'runs'), context, issues);
  const published = await readPublished(fileEntry('measurements.csv'), runIds, context, issues);

  if (experiment === undefined) return { experiment: undefined, issues };
  const differences = systemDifferences(
    runs.map((run) => ({ id: run.id, system: run.run.system })),
    experiment.variable,
  );
  issues.push(
    ...comparisonIssues(experiment, runs, published, differences, { checked, yamlFile, locators, context, runIds }),
  );
  issues.push(...headlineIssues(experiment, runs, published, { file: yamlFile, locate: checked.locate }));
  issues.push(...unresolvedOrigins(experiment, runs, locators, context));
  const hasErrors = issues.some((issue) => issue.severity !== 'warning');
  return {
    experiment: hasErrors
      ? undefined
      : { id, dir, experiment, indexMarkdown, runs, published, systemDifferences: differences },
    issues,
  };
}

/** The entries of an experiment folder with a bad name, or that it does not hold. */
function entryIssues(entries: readonly FolderEntry[], dir: string, context: ContentContext): ContentIssue[] {
  const issues: ContentIssue[] = [];
  for (const entry of entries) {
    const badName = nameIssue(entry, dir, context.show);
    if (badName !== undefined) {
      issues.push(badName);
      continue;
    }
    const expected = EXPERIMENT_ENTRIES.get(entry.name);
    if (expected === undefined || entry.kind !== expected) {
      const notAFile = entry.kind === 'symlink' || entry.kind === 'other';
      issues.push({
        file: context.show(entry.path),
        line: 1,
        column: 1,
        message:
          entry.kind === 'symlink'
            ? 'symbolic links are refused: they could point outside the experiment'
            : entry.kind === 'other'
              ? 'not a regular file or folder (a FIFO, a device or a socket): an experiment folder holds files and runs/'
              : 'unexpected here: an experiment folder holds experiment.yaml, index.md, measurements.csv and runs/',
        ...(notAFile ? { code: 'NOT_A_FILE' } : {}),
      });
    }
  }
  return issues;
}

/**
 * Loads every run folder of `runsDir` (none when it is missing), in the runs' order; their
 * issues go to `issues`. `runIds` holds every run folder, loaded or not.
 */
async function loadRuns(
  runsDir: string,
  context: ContentContext,
  issues: ContentIssue[],
): Promise<{ runs: LoadedRun[]; locators: Map<string, CheckedYaml<Run>['locate']>; runIds: Set<string> }> {
  const runs: LoadedRun[] = [];
  const locators = new Map<string, CheckedYaml<Run>['locate']>();
  const runIds = new Set<string>();
  const runEntries = (await listFolderIfAny(runsDir)) ?? [];
  const runNames = runEntries.filter((entry) => entry.nameProblem === undefined).map((entry) => entry.name);
  for (const entry of runEntries) {
    const badName = nameIssue(entry, runsDir, context.show);
    if (badName !== undefined) {
      issues.push(badName);
      continue;
    }
    if (entry.kind !== 'dir') {
      issues.push({
        file: context.show(entry.path),
        line: 1,
        column: 1,
        message: 'runs/ holds one folder per run, named with lowercase words and hyphens (such as ext4-tuned)',
      });
      continue;
    }
    const nameProblem = runFolderNameProblem(entry.name, runNames);
    if (nameProblem !== undefined) {
      issues.push({ file: context.show(entry.path), line: 1, column: 1, ...nameProblem });
      continue;
    }
    runIds.add(entry.name);
    const loaded = await loadRun(entry.path, entry.name, context);
    issues.push(...loaded.issues);
    if (loaded.run !== undefined) runs.push(loaded.run);
    if (loaded.locate !== undefined) locators.set(entry.name, loaded.locate);
  }
  runs.sort((a, b) => (a.run.order ?? 0) - (b.run.order ?? 0) || a.id.localeCompare(b.id));
  return { runs, locators, runIds };
}

/** The rows of the experiment's measurements.csv, if it has one; its issues go to `issues`. */
async function readPublished(
  csvEntry: FolderEntry | undefined,
  runIds: ReadonlySet<string>,
  context: ContentContext,
  issues: ContentIssue[],
): Promise<PublishedMeasurement[]> {
  if (csvEntry === undefined) return [];
  const csvText = await readLimitedText(csvEntry, CONTENT_LIMITS.csvBytes, context.show, issues);
  if (csvText === undefined) return [];
  const csv = readMeasurementsCsv(csvText, context.show(csvEntry.path), runIds);
  issues.push(...csv.issues);
  return csv.rows;
}

/** The folder's date prefix must be the experiment's date: year, and month when known. */
function idIssues(id: string, experiment: Experiment, checked: CheckedYaml<Experiment>, file: string): ContentIssue[] {
  const expectedPrefix = experiment.date.slice(0, 7);
  if (EXPERIMENT_ID.test(id) && id.startsWith(`${expectedPrefix}-`)) return [];
  return [
    {
      file,
      ...checked.locate(['date']),
      message: `the folder is named after the date: ${expectedPrefix}-<slug> (lowercase words joined by hyphens), found "${id}"`,
    },
  ];
}

interface Where {
  /** Every run folder, loaded or not: a run with errors is still a run. */
  runIds: ReadonlySet<string>;
  checked: CheckedYaml<Experiment>;
  yamlFile: string;
  locators: Map<string, CheckedYaml<Run>['locate']>;
  context: ContentContext;
}

/** What makes the runs a comparison: data where it is claimed, distinct values, one variable. */
function comparisonIssues(
  experiment: Experiment,
  runs: readonly LoadedRun[],
  published: readonly PublishedMeasurement[],
  differences: readonly SystemDifference[],
  where: Where,
): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const atRun = (run: LoadedRun, path: (string | number)[]) => ({
    file: where.context.show(join(run.dir, 'run.yaml')),
    ...(where.locators.get(run.id)?.(path) ?? { line: 1, column: 1 }),
  });
  const atExperiment = (path: string[]) => ({ file: where.yamlFile, ...where.checked.locate(path) });
  const runsWithRows = new Set(published.map((row) => row.run));
  const hasData = (run: LoadedRun) => run.outputs.length > 0 || runsWithRows.has(run.id);

  if (experiment.status === 'awaiting-runs') {
    for (const run of runs.filter(hasData)) {
      issues.push({
        ...atRun(run, ['outputs']),
        message: 'this run has results: set status: published in experiment.yaml',
      });
    }
    return issues;
  }
  if (where.runIds.size === 0) {
    issues.push({ ...atExperiment(['status']), message: 'a published experiment has runs (runs/<run>/run.yaml)' });
  }
  for (const run of runs.filter((candidate) => !hasData(candidate))) {
    issues.push({ ...atRun(run, ['outputs']), message: 'no outputs and no rows in measurements.csv: nothing to show' });
  }
  if (where.runIds.size === 1) {
    issues.push({ ...atExperiment(['variable']), message: 'one run is not a comparison yet', severity: 'warning' });
  }
  const byValue = new Map<string, LoadedRun>();
  for (const run of runs) {
    const first = byValue.get(run.run.value);
    if (first === undefined) byValue.set(run.run.value, run);
    else {
      issues.push({
        ...atRun(run, ['value']),
        message: `runs ${first.id} and ${run.id} have the same value "${run.run.value}" of the variable; repeats of one configuration go in one run folder (repeat: N)`,
      });
    }
  }
  const name = variableName(experiment.variable);
  for (const difference of differences) {
    if (difference.isVariable || experiment.variable.kind === 'host') continue;
    const shown = Object.entries(difference.values)
      .map(([run, value]) => `${run}: ${value ?? '(not stated)'}`)
      .join('; ');
    issues.push({
      ...atExperiment(['variable']),
      message: `the runs differ in system.${difference.path} besides the variable (${name}): ${shown}`,
      severity: 'warning',
    });
  }
  return issues;
}

/** An output's origin is a path in the experiment's source.repository, which must be named. */
function unresolvedOrigins(
  experiment: Experiment,
  runs: readonly LoadedRun[],
  locators: Map<string, CheckedYaml<Run>['locate']>,
  context: ContentContext,
): ContentIssue[] {
  if (experiment.source?.repository !== undefined) return [];
  return runs.flatMap((run) =>
    run.run.outputs.flatMap((output, index) =>
      output.origin === undefined
        ? []
        : [
            {
              file: context.show(join(run.dir, 'run.yaml')),
              ...(locators.get(run.id)?.(['outputs', index, 'origin']) ?? { line: 1, column: 1 }),
              message: `outputs.${index}.origin names ${output.origin.path}, but experiment.yaml has no source.repository (url, commit, license) to find it in`,
              code: 'ORIGIN_UNRESOLVED',
            },
          ],
    ),
  );
}

/** Each declared headline must name a measurement some run has: a typo would leave the verdict empty. */
function headlineIssues(
  experiment: Experiment,
  runs: readonly LoadedRun[],
  published: readonly PublishedMeasurement[],
  where: { file: string; locate: CheckedYaml<Experiment>['locate'] },
): ContentIssue[] {
  if (experiment.headline === undefined) return [];
  const measured = new Set<string>();
  for (const run of runs) {
    for (const output of run.outputs) {
      for (const measurement of output.parsed.measurements) measured.add(`${measurement.tool} ${measurement.metric}`);
    }
  }
  for (const row of published) measured.add(`${row.tool} ${row.metric}`);
  return experiment.headline.flatMap((headline, index) => {
    if (measured.has(`${headline.tool} ${headline.metric}`)) return [];
    const known = [...measured]
      .filter((name) => name.startsWith(`${headline.tool} `))
      .map((name) => name.slice(headline.tool.length + 1));
    const hint =
      known.length === 0
        ? `no run has a ${headline.tool} measurement`
        : `the ${headline.tool} measurements here are ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''}`;
    return [
      {
        file: where.file,
        ...where.locate(['headline', index, 'metric']),
        message: `headline: no measurement ${headline.metric} of ${headline.tool} in this experiment (${hint})`,
      },
    ];
  });
}
