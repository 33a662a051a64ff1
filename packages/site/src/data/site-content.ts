import { formatIssue, hasErrors, type LoadedExperiment, loadContent } from '@benchfolio/parsers/node';
import { resolveContentDir } from '../lib/content-dir.ts';
import { repoRoot } from '../lib/repo-root.ts';

let loading: Promise<LoadedExperiment[]> | undefined;

/**
 * Every experiment of the results folder, loaded and parsed once per build: pages and endpoints
 * all call this, and the first call does the work. Newest first (ISO dates sort as text; the
 * folder name breaks ties). The content loader has already failed the build on any error, so an
 * error here means the folder changed during the build.
 */
export function loadSiteContent(): Promise<LoadedExperiment[]> {
  loading ??= (async () => {
    const root = repoRoot();
    const { experiments, issues } = await loadContent(resolveContentDir(root), { displayRoot: root });
    if (hasErrors(issues)) throw new Error(issues.map(formatIssue).join('\n'));
    return experiments.sort((a, b) => b.experiment.date.localeCompare(a.experiment.date) || a.id.localeCompare(b.id));
  })();
  return loading;
}
