// The site paths of an experiment's downloads. Paths start with "/" and carry no base: pages
// pass them through href() (src/lib/url.ts) to put them under the folder the site is served from.

/**
 * Whether a raw output's file name can be a static file of the site. run.yaml already refuses
 * slashes, backslashes, leading dots and run.yaml. Astro writes `#` and `?` in a file name as
 * `%23` and `%3F` (so the link, percent-encoded, would lead nowhere) and cannot build a name with
 * `%` at all; control characters have no reliable form on every file system and server; `.` and
 * `..` are not path segments. Everything else (spaces, non-ASCII letters, `+`, `&`, ...) is served
 * under its own name, linked percent-encoded.
 */
export function downloadableFileName(file: string): boolean {
  return file !== '' && file !== '.' && file !== '..' && !/[/\\#?%]/.test(file) && !hasControlCharacter(file);
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
  return `raw output ${JSON.stringify(file)} cannot be served as a download: rename it without #, ?, %, slashes or control characters (and list the new name in run.yaml)`;
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

/** The run's sections alone, for the compare page. */
export function runSectionsJsonPath(id: string, run: string): string {
  return `${experimentPath(id)}runs/${encodeURIComponent(run)}.sections.json`;
}

/** Every measurement of the experiment as CSV. */
export function measurementsCsvPath(id: string): string {
  return `${experimentPath(id)}measurements.csv`;
}
