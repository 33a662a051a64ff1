// The limits validate holds every submission to, each named in the error that refuses it. Sizes
// are checked from the file's size before it is read: a 2 GB file is never loaded to be refused.
// Raw outputs have their own, larger limit (MAX_OUTPUT_BYTES in node/content-files.ts).

const MIB = 1024 * 1024;

export const CONTENT_LIMITS = {
  /** experiment.yaml and run.yaml: the largest real one (a run of the runner, with its stability records) is 42 kB. */
  yamlBytes: 1 * MIB,
  /** index.md, the write-up: the longest real one is 6 kB. */
  markdownBytes: 1 * MIB,
  /** measurements.csv, the published numbers: the largest real one is 2.4 kB; a published table of thousands of rows fits. */
  csvBytes: 10 * MIB,
  /**
   * YAML aliases: how many values aliases may stand for in one file, counted as the `yaml`
   * package counts them (maxAliasCount: an alias of a collection holding aliases counts them all),
   * so that a few lines of nested aliases (an alias bomb) cannot expand to millions of values.
   */
  yamlAliases: 100,
  /** YAML nesting: collections inside collections. run.yaml's deepest is 4 (system.disks[0].model). */
  yamlDepth: 32,
  /**
   * Markdown nesting in index.md: quotes, lists and emphasis inside one another. The checker's
   * parser stops reading deeper than its limit while the site's renderer may not, so a link
   * nested deeper would go unchecked: deeper is refused.
   */
  markdownDepth: 100,
} as const;

/** `1 MiB`, `50 MB`, `612.4 MB`: a size as the errors name it. */
export function sizeText(bytes: number): string {
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MiB`;
  if (bytes >= 1e6 && bytes % 1e6 === 0) return `${bytes / 1e6} MB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} kB`;
  return `${bytes} bytes`;
}

/** The message refusing a file of `bytes` over `limitBytes`: "… is 612.0 MB; the limit for run.yaml is 1 MiB". */
export function tooLargeMessage(name: string, bytes: number, limitBytes: number): string {
  // Just over the limit, the rounded size could read as the limit itself: say the bytes.
  const shown = bytes - limitBytes < limitBytes / 1000 ? `${bytes} bytes` : sizeText(bytes);
  return `the file is ${shown}; the limit for ${name} is ${sizeText(limitBytes)}`;
}
