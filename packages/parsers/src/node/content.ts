import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { EXPERIMENT_ID, type Experiment, ExperimentSchema } from '../content/schema.ts';
import { type ContentIssue, checkYaml } from '../content/yaml-document.ts';

export interface LoadedExperiment {
  /** The folder name, `<yyyy-mm>-<slug>`. */
  id: string;
  /** Absolute path of the experiment folder. */
  dir: string;
  experiment: Experiment;
}

export interface ContentReport {
  experiments: LoadedExperiment[];
  /** Every problem found, in file order. Empty when the content is valid. */
  issues: ContentIssue[];
}

/**
 * Reads and checks every experiment under a results folder (`content/results`). It does not
 * stop at the first problem: a reviewer sees them all in one run. File names in issues are
 * relative to `displayRoot` (the working directory by default).
 */
export async function loadContent(resultsDir: string, displayRoot = process.cwd()): Promise<ContentReport> {
  const experiments: LoadedExperiment[] = [];
  const issues: ContentIssue[] = [];
  const show = (path: string) => relative(displayRoot, path) || '.';
  let entries: string[];
  try {
    entries = (await readdir(resultsDir)).sort();
  } catch {
    return { experiments, issues: [{ file: show(resultsDir), line: 1, column: 1, message: 'no such folder' }] };
  }
  for (const name of entries) {
    const dir = join(resultsDir, name);
    if (!(await stat(dir)).isDirectory() || name.startsWith('.')) continue;
    if (!EXPERIMENT_ID.test(name)) {
      issues.push({
        file: show(dir),
        line: 1,
        column: 1,
        message: `experiment folders are named <yyyy-mm>-<slug> (such as 2011-07-ext3-ext4-xfs), found "${name}"`,
      });
      continue;
    }
    const file = join(dir, 'experiment.yaml');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      issues.push({
        file: show(file),
        line: 1,
        column: 1,
        message: 'missing: every experiment has an experiment.yaml',
      });
      continue;
    }
    const checked = checkYaml(text, show(file), ExperimentSchema);
    issues.push(...checked.issues);
    if (checked.data !== undefined) experiments.push({ id: name, dir, experiment: checked.data });
  }
  return { experiments, issues };
}

/** `FILE:LINE:COL: message`, the form editors and CI annotations understand. */
export function formatIssue(issue: ContentIssue): string {
  return `${issue.file}:${issue.line}:${issue.column}: ${issue.message}`;
}
