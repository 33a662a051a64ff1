import { formatIssue, hasErrors, type LoadedExperiment } from '@benchfolio/parsers/node';
import { sharedContent } from './shared-content.ts';

let loading: Promise<LoadedExperiment[]> | undefined;

/**
 * Every experiment of the results folder, as the content loader loaded it (see
 * shared-content.ts): pages and endpoints all call this. Newest first (ISO dates sort as text;
 * the folder name breaks ties). The content loader has already failed the build on any error,
 * so an error here means the loader did not run in this process and the content has errors.
 */
export function loadSiteContent(): Promise<LoadedExperiment[]> {
  loading ??= sharedContent().then(({ experiments, issues }) => {
    if (hasErrors(issues)) throw new Error(issues.map(formatIssue).join('\n'));
    // A copy: the loader's list stays in folder order.
    return [...experiments].sort(
      (a, b) => b.experiment.date.localeCompare(a.experiment.date) || a.id.localeCompare(b.id),
    );
  });
  return loading;
}
