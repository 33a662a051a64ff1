// The site paths of an experiment's downloads. Paths start with "/" and carry no base: pages
// pass them through href() (src/lib/url.ts) to put them under the folder the site is served from.

export function experimentPath(id: string): string {
  return `/experiments/${encodeURIComponent(id)}/`;
}

/** A raw file of a run, byte for byte. */
export function rawFilePath(id: string, run: string, file: string): string {
  return `${experimentPath(id)}runs/${encodeURIComponent(run)}/${encodeURIComponent(file)}`;
}

/** The run's own page: its system, commands, outputs and charts. */
export function runPagePath(id: string, run: string): string {
  return `${experimentPath(id)}runs/${encodeURIComponent(run)}/`;
}

/** The parsed run as JSON. */
export function runJsonPath(id: string, run: string): string {
  return `${experimentPath(id)}runs/${encodeURIComponent(run)}.json`;
}

/** The run's sections alone, for the compare page. */
export function runSectionsJsonPath(id: string, run: string): string {
  return `${experimentPath(id)}runs/${encodeURIComponent(run)}.sections.json`;
}

/** Every measurement of the experiment as CSV. */
export function measurementsCsvPath(id: string): string {
  return `${experimentPath(id)}measurements.csv`;
}

/** The name of the experiment's zip, without `.zip`: `<id>-raw`. */
export function rawZipName(id: string): string {
  return `${id}-raw`;
}

/** The experiment's folder as committed, zipped: experiment.yaml, run.yaml and raw outputs. */
export function rawZipPath(id: string): string {
  return `${experimentPath(id)}${encodeURIComponent(rawZipName(id))}.zip`;
}

/** The experiment's runs as /compare and /try list them (ExperimentCompareRuns). */
export function compareRunsJsonPath(id: string): string {
  return `${experimentPath(id)}compare-runs.json`;
}
