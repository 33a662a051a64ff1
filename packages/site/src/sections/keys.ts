// Keys the page uses in URLs and element ids: lowercase letters, digits and hyphens, unique on
// the page.

/** "random-write-direct · write" → "random-write-direct-write"; "x" when nothing is left. */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'x'
  );
}

/** Hands out keys, suffixing `-2`, `-3` when two texts slug the same. */
export class UniqueKeys {
  private readonly used = new Set<string>();

  make(key: string): string {
    let candidate = key;
    for (let n = 2; this.used.has(candidate); n++) candidate = `${key}-${n}`;
    this.used.add(candidate);
    return candidate;
  }
}
