// For tests only: the real experiments of content/results, loaded once per test file.
import { fileURLToPath } from 'node:url';
import { type LoadedExperiment, loadContent } from '@benchfolio/parsers/node';

const RESULTS_DIR = fileURLToPath(new URL('../../../../content/results', import.meta.url));

let loading: Promise<LoadedExperiment[]> | undefined;

/** Every experiment of content/results, as the site loads them. */
export function loadRealExperiments(): Promise<LoadedExperiment[]> {
  loading ??= loadContent(RESULTS_DIR).then(({ experiments }) => experiments);
  return loading;
}

/** One experiment of content/results by folder name; throws when it is not there. */
export async function realExperiment(id: string): Promise<LoadedExperiment> {
  const found = (await loadRealExperiments()).find((experiment) => experiment.id === id);
  if (found === undefined) throw new Error(`no experiment ${id} in content/results`);
  return found;
}
