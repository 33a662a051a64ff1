// The site paths of an experiment's downloads. Paths start with "/" and carry no base: pages
// pass them through href() (src/lib/url.ts) to put them under the folder the site is served from.

/**
 * Whether a raw output's file name can be a static file of the site as it is. run.yaml already
 * refuses slashes, backslashes, leading dots and run.yaml; on top of that a URL path segment
 * must not be `.`/`..`, and control characters have no reliable form on every file system and
 * server. Everything else (spaces, `#`, `?`, `%`, non-ASCII) is served under its
 * percent-encoded name.
 */
export function downloadableFileName(file: string): boolean {
  return file !== '' && file !== '.' && file !== '..' && !/[/\\]/.test(file) && !hasControlCharacter(file);
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Why a file name cannot be served, for the build error; undefined when it can. */
export function fileNameProblem(file: string): string | undefined {
  if (downloadableFileName(file)) return undefined;
  // JSON quoting shows control characters as escapes.
  return `raw output ${JSON.stringify(file)} cannot be served as a download: rename it without slashes or control characters`;
}

export function experimentPath(id: string): string {
  return `/experiments/${encodeURIComponent(id)}/`;
}

/** A raw file of a run, byte for byte. */
export function rawFilePath(id: string, run: string, file: string): string {
  return `${experimentPath(id)}runs/${encodeURIComponent(run)}/${encodeURIComponent(file)}`;
}

/** The parsed run as JSON. */
export function runJsonPath(id: string, run: string): string {
  return `${experimentPath(id)}runs/${encodeURIComponent(run)}.json`;
}

/** Every measurement of the experiment as CSV. */
export function measurementsCsvPath(id: string): string {
  return `${experimentPath(id)}measurements.csv`;
}
