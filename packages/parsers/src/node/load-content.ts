import { relative } from 'node:path';
import { builtinRegistry } from '../builtin.ts';
import type { ContentIssue } from '../content/yaml-document.ts';
import type { Registry } from '../registry.ts';
import { listFolderIfAny } from './content-files.ts';
import { type LoadedExperiment, loadExperiment } from './load-experiment.ts';

export interface ContentReport {
  /** The experiments without errors (warnings allowed). */
  experiments: LoadedExperiment[];
  /** Every problem found, errors and warnings, in file order. */
  issues: ContentIssue[];
}

export interface LoadContentOptions {
  /** Paths in messages are relative to it; default: the working directory. */
  displayRoot?: string | undefined;
  /** The parsers raw outputs are read with; default: the package's own. */
  registry?: Registry | undefined;
}

/**
 * Reads and checks a results folder (`content/results`), or a single experiment folder (one
 * holding experiment.yaml). It never stops at the first problem: a reviewer sees them all.
 */
export async function loadContent(dir: string, options: LoadContentOptions = {}): Promise<ContentReport> {
  const displayRoot = options.displayRoot ?? process.cwd();
  const context = {
    registry: options.registry ?? builtinRegistry,
    show: (path: string) => relative(displayRoot, path) || '.',
  };
  const entries = await listFolderIfAny(dir);
  if (entries === undefined) {
    return { experiments: [], issues: [{ file: context.show(dir), line: 1, column: 1, message: 'no such folder' }] };
  }
  const isExperiment = entries.some((entry) => entry.name === 'experiment.yaml');
  const experimentDirs = isExperiment
    ? [{ name: basename(dir), path: dir }]
    : entries.filter((entry) => entry.kind === 'dir' && !entry.name.startsWith('.'));
  const experiments: LoadedExperiment[] = [];
  const issues: ContentIssue[] = [];
  for (const entry of experimentDirs) {
    const loaded = await loadExperiment(entry.path, entry.name, context);
    issues.push(...loaded.issues);
    if (loaded.experiment !== undefined) experiments.push(loaded.experiment);
  }
  return { experiments, issues };
}

function basename(path: string): string {
  return path.replace(/\/+$/, '').split('/').at(-1) ?? path;
}

/** `FILE:LINE:COL: message`, the form editors and CI annotations understand; warnings say so. */
export function formatIssue(issue: ContentIssue): string {
  const prefix = issue.severity === 'warning' ? 'warning: ' : '';
  return `${issue.file}:${issue.line}:${issue.column}: ${prefix}${issue.message}`;
}

/** Whether any issue is an error (warnings alone pass). */
export function hasErrors(issues: readonly ContentIssue[]): boolean {
  return issues.some((issue) => issue.severity !== 'warning');
}
