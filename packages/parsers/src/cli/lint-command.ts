import { relative } from 'node:path';
import type { LoadedExperiment } from '../content/loaded.ts';
import type { LintFinding } from '../node/lint/finding.ts';
import { formatFinding, lint } from '../node/lint/lint.ts';
import { formatIssue } from '../node/load-content.ts';
import { type CliIO, EXIT_INPUT_ERROR, EXIT_OK } from './cli-io.ts';
import { loadContentOrIssue } from './load-content-or-issue.ts';

/**
 * `benchfolio lint [--json] [DIR...]`: the findings of every experiment under each DIR (or DIR
 * itself), one a line, `FILE:LINE:COL: severity BF001 message`, or with --json one object a line.
 * Exit 1 when any finding is an error. Content that does not load is validate's business: its
 * errors are printed to standard error and the rest is linted.
 */
export async function lintCommand(dirs: string[], options: { json: boolean }, io: CliIO): Promise<number> {
  let errors = 0;
  for (const dir of dirs) {
    const report = await loadContentOrIssue(dir);
    for (const issue of report.issues.filter((candidate) => candidate.severity !== 'warning')) {
      io.stderr.write(`${formatIssue(issue)}\n`);
    }
    // A folder that holds nothing that loads was not linted: that is not a pass.
    if (report.experiments.length === 0 && report.issues.some((issue) => issue.severity !== 'warning')) errors++;
    for (const found of lint(report.experiments)) {
      if (found.severity === 'error') errors++;
      io.stdout.write(options.json ? `${JSON.stringify(found)}\n` : `${findingLine(found, report.experiments)}\n`);
    }
  }
  return errors > 0 ? EXIT_INPUT_ERROR : EXIT_OK;
}

/** The lines of the findings of loaded experiments (validate prints them after its own issues). */
export function findingLines(experiments: readonly LoadedExperiment[]): string[] {
  return lint(experiments).map((found) => findingLine(found, experiments));
}

/** A finding's line, its file named relative to the working directory as validate names files. */
function findingLine(found: LintFinding, experiments: readonly LoadedExperiment[]): string {
  const output = experiments
    .find((experiment) => experiment.id === found.experiment)
    ?.runs.find((run) => run.id === found.run)
    ?.outputs.find((candidate) => candidate.file === found.file);
  return formatFinding(found, output === undefined ? found.file : relative(process.cwd(), output.path));
}
