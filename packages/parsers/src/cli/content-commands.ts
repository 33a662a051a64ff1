import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatIssue, hasErrors } from '../node/load-content.ts';
import { summarizeExperiment } from '../node/summarize.ts';
import { type CliIO, EXIT_INPUT_ERROR, EXIT_OK } from './cli-io.ts';
import { findingLines } from './lint-command.ts';
import { loadContentOrIssue } from './load-content-or-issue.ts';

export async function validateCommand(dirs: string[], io: CliIO): Promise<number> {
  let errors = 0;
  let warnings = 0;
  let experiments = 0;
  const findings: string[] = [];
  for (const dir of dirs) {
    const report = await loadContentOrIssue(dir);
    experiments += report.experiments.length;
    for (const issue of report.issues) {
      if (issue.severity === 'warning') warnings++;
      else errors++;
      io.stderr.write(`${formatIssue(issue)}\n`);
    }
    findings.push(...findingLines(report.experiments));
  }
  // The lint's findings come after validate's own issues and never change its status: a flagged
  // number is published with its flag.
  for (const line of findings) io.stderr.write(`${line}\n`);
  const noun = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  io.stdout.write(`${noun(experiments, 'experiment')} valid, ${noun(errors, 'error')}, ${noun(warnings, 'warning')}\n`);
  return errors > 0 ? EXIT_INPUT_ERROR : EXIT_OK;
}

/**
 * Prints a markdown summary of each experiment (a folder, or an id under content/results): what
 * a reviewer of a pull request reads first. An experiment with errors prints them instead.
 */
export async function summarizeCommand(targets: string[], io: CliIO): Promise<number> {
  let status = EXIT_OK;
  const summaries: string[] = [];
  for (const target of targets) {
    const dir = target.includes('/') || existsSync(target) ? target : join('content', 'results', target);
    const report = await loadContentOrIssue(dir);
    for (const issue of report.issues.filter((candidate) => candidate.severity !== 'warning')) {
      io.stderr.write(`${formatIssue(issue)}\n`);
    }
    if (hasErrors(report.issues)) status = EXIT_INPUT_ERROR;
    for (const experiment of report.experiments) summaries.push(summarizeExperiment(experiment, report.issues));
  }
  if (summaries.length > 0) io.stdout.write(`${summaries.join('\n')}\n`);
  return status;
}
