// The steps from the downloaded zip to a pull request, in CONTRIBUTING.md's order, with the ids
// the reader chose.

import { element } from './form-fields.ts';
import { RESULTS_ROOT, type RunFolderValues, zipFileName } from './run-folder.ts';

/** The steps from the zip to a pull request, with the ids the reader chose. */
export function stepsElement(
  document: Document,
  contributingHref: string | undefined,
): {
  element: HTMLElement;
  update(values: RunFolderValues): void;
} {
  const section = element(document, 'section', '', 'submission-steps');
  section.dataset.submissionSteps = '';
  section.setAttribute('aria-labelledby', 'submission-steps-title');
  const title = element(document, 'h3', 'Then open the pull request');
  title.id = 'submission-steps-title';
  const list = element(document, 'ol');
  const guide = element(document, 'p');
  const contributing = element(document, contributingHref ? 'a' : 'code', 'CONTRIBUTING.md');
  if (contributingHref) contributing.setAttribute('href', contributingHref);
  guide.append(
    'The repository’s ',
    contributing,
    ' says the same in full: what review checks, and how to make more runs with the runner.',
  );
  section.append(title, list, guide);

  const update = (values: RunFolderValues) => {
    const experiment = values.experimentId || '<experiment-id>';
    const run = values.runId || '<run-id>';
    const zip = zipFileName({ experimentId: experiment, runId: run });
    const branch = `results/${experiment}-${run}`;
    const step = (text: string, ...commands: string[]) => {
      const item = element(document, 'li', text);
      for (const command of commands) {
        const pre = element(document, 'pre');
        pre.append(element(document, 'code', command));
        item.append(pre);
      }
      return item;
    };
    list.replaceChildren(
      step(
        'At the root of your clone of the repository, unzip the folder into content/results/:',
        `unzip ~/Downloads/${zip} -d ${RESULTS_ROOT}`,
      ),
      ...(values.isNewExperiment
        ? [
            step(
              `Add content/results/${experiment}/index.md if you like: an optional write-up in Markdown, shown with the charts.`,
            ),
          ]
        : []),
      step(
        'Check it as review will:',
        'npm ci',
        `npx benchfolio validate ${RESULTS_ROOT}/${experiment}`,
        'npm run validate',
      ),
      step(
        'Commit it on a branch and push:',
        `git switch -c ${branch}`,
        `git add ${RESULTS_ROOT}/${experiment}`,
        `git commit -m "results: ${experiment}, run ${run}"`,
        `git push -u origin ${branch}`,
      ),
      step(
        'Open a pull request against main. The results workflow validates it, builds the site with your run and writes a summary for the reviewer.',
      ),
    );
  };
  return { element: section, update };
}
