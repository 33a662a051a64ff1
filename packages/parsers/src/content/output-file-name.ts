// What a raw output's file name may be. Every raw file is published as a static file of the site
// under its own name, so the name must be one a static site can serve: validate refuses here what
// the site build could not publish, rather than letting a pull request pass and the build fail.

/**
 * Why `name` cannot be a raw output's file name, or undefined when it can. Refused: empty names,
 * paths (`/`, `\`), hidden files and `.`/`..`, `run.yaml` itself, `#` and `?` (a URL cuts there;
 * Astro writes them as `%23`/`%3F`, so the link would lead nowhere), `%` (Astro cannot build such
 * a file), and control characters (no reliable form on every file system and server). Spaces,
 * non-ASCII letters, `+`, `&` and the like are served under their own name, linked
 * percent-encoded.
 */
export function outputFileNameProblem(name: string): string | undefined {
  if (name === '') return 'a file name, not empty';
  if (/[/\\]/.test(name)) return 'a file name in the run folder, without a path';
  if (name === 'run.yaml' || name.startsWith('.')) return 'not run.yaml or a hidden file';
  if (/[#?%]/.test(name) || hasControlCharacter(name)) {
    return 'without #, ?, % or control characters: the site publishes each raw file under its own name';
  }
  return undefined;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
