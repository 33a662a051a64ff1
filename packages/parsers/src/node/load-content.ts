import { relative } from 'node:path';
import { builtinRegistry } from '../builtin.ts';
import type { ContentIssue } from '../content/yaml-document.ts';
import type { Registry } from '../registry.ts';
import { listFolderIfAny, nameIssue } from './content-files.ts';
import { type LoadedExperiment, loadExperiment } from './load-experiment.ts';
import type { ContentContext } from './load-run.ts';
import type { ParseCache } from './parse-cache.ts';

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
  /**
   * Parsed outputs kept between loads (createParseCache): an output already parsed with this
   * library's code is read back instead of parsed. Its keys know the package's own parsers
   * only: give no cache with a registry of other parsers.
   */
  parseCache?: ParseCache | undefined;
}

/** One experiment folder as `eachExperiment` reads it. */
export interface ExperimentReport {
  /** The folder name. */
  id: string;
  /** Absolute path of the folder. */
  dir: string;
  /** The experiment, when it has no errors (warnings allowed). */
  experiment: LoadedExperiment | undefined;
  /** Every problem found in it, errors and warnings, in file order. */
  issues: ContentIssue[];
}

/**
 * Reads and checks a results folder (`content/results`), or a single experiment folder (one
 * holding experiment.yaml). It never stops at the first problem: a reviewer sees them all.
 */
export async function loadContent(dir: string, options: LoadContentOptions = {}): Promise<ContentReport> {
  const experiments: LoadedExperiment[] = [];
  const issues: ContentIssue[] = [];
  for await (const report of eachExperiment(dir, options)) {
    issues.push(...report.issues);
    if (report.experiment !== undefined) experiments.push(report.experiment);
  }
  return { experiments, issues };
}

/**
 * The experiments of a results folder (or the one experiment folder given), read and checked one
 * at a time, in folder order: a caller that keeps only what it needs of each (a site's index, an
 * export) holds one experiment in memory, however many the folder has. A missing folder is one
 * report, of id "", with its issue.
 */
export async function* eachExperiment(dir: string, options: LoadContentOptions = {}): AsyncGenerator<ExperimentReport> {
  const context = contentContext(options);
  const folders = await experimentFolders(dir);
  if (folders === undefined) {
    const issue = { file: context.show(dir), line: 1, column: 1, message: 'no such folder' };
    yield { id: '', dir, experiment: undefined, issues: [issue] };
    return;
  }
  for (const folder of folders) {
    if (folder.nameProblem !== undefined) {
      const issue = nameIssue(
        { name: folder.id, path: folder.dir, kind: 'other', sizeBytes: 0, nameProblem: folder.nameProblem },
        dir,
        context.show,
      );
      yield { id: folder.id, dir: folder.dir, experiment: undefined, issues: issue === undefined ? [] : [issue] };
      continue;
    }
    const { experiment, issues } = await loadExperiment(folder.dir, folder.id, context);
    yield { id: folder.id, dir: folder.dir, experiment, issues };
  }
}

/**
 * The experiment folders of a results folder, by name (the folder itself when it holds an
 * experiment.yaml), or undefined when there is no such folder. Folders starting with a dot are
 * left out. A name that is not UTF-8 or holds a control character comes with its `nameProblem`
 * (its `id` and `dir` are then its readable form, not a path to open).
 */
export async function experimentFolders(
  dir: string,
): Promise<Array<{ id: string; dir: string; nameProblem?: string | undefined }> | undefined> {
  const entries = await listFolderIfAny(dir);
  if (entries === undefined) return undefined;
  if (entries.some((entry) => entry.name === 'experiment.yaml')) return [{ id: basename(dir), dir }];
  return entries
    .filter((entry) => (entry.kind === 'dir' || entry.nameProblem !== undefined) && !entry.name.startsWith('.'))
    .map((entry) => ({ id: entry.name, dir: entry.path, nameProblem: entry.nameProblem }));
}

/** What loadExperiment needs, from the options of loadContent. */
export function contentContext(options: LoadContentOptions = {}): ContentContext {
  const displayRoot = options.displayRoot ?? process.cwd();
  return {
    registry: options.registry ?? builtinRegistry,
    show: (path: string) => relative(displayRoot, path) || '.',
    parseCache: options.parseCache,
  };
}

function basename(path: string): string {
  return path.replace(/\/+$/, '').split('/').at(-1) ?? path;
}

/**
 * `FILE:LINE:COL: message [CODE]`, the form editors and CI annotations understand; warnings say
 * so. The code is left out for the older checks, which have none.
 */
export function formatIssue(issue: ContentIssue): string {
  const prefix = issue.severity === 'warning' ? 'warning: ' : '';
  const code = issue.code === undefined ? '' : ` [${issue.code}]`;
  return `${issue.file}:${issue.line}:${issue.column}: ${prefix}${issue.message}${code}`;
}

/** Whether any issue is an error (warnings alone pass). */
export function hasErrors(issues: readonly ContentIssue[]): boolean {
  return issues.some((issue) => issue.severity !== 'warning');
}
