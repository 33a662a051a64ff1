import { RUN_GENERATED_FILES } from './reserved-names.ts';

// What a raw output's file name may be. Every raw file is published as a static file of the site
// under its own name, so the name must be one a static site can serve, and one a server types as
// inert text: validate refuses here what the site build could not publish, or would publish as a
// page (a `.html` or `.svg` raw file would be served as one, and its script would run on the
// site's origin), rather than letting a pull request pass.

/**
 * The extensions a raw output may have (a name without one is allowed too): what the tools print
 * and what the runner saves (`.txt`, `.log`, `.out`), their machine-readable forms (`.json`,
 * `.csv`), and fio job files (`.fio`). Each is served as text by any server.
 */
export const RAW_OUTPUT_EXTENSIONS: readonly string[] = ['.txt', '.log', '.json', '.csv', '.out', '.fio'];

/** The name's extension (`.log`), lowercased, or '' when it has none (`iostat-sda`). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

export type OutputFileNameProblem = { code: 'FILE_TYPE' | 'RESERVED_NAME' | 'BAD_NAME'; message: string };

/**
 * Why `name` cannot be a raw output's file name, or undefined when it can. Refused: empty names,
 * paths (`/`, `\`), hidden files and `.`/`..`, names the site makes in a run folder (`run.yaml`,
 * `index.html`: RUN_GENERATED_FILES), `#` and `?` (a URL cuts there; Astro writes them as
 * `%23`/`%3F`, so the link would lead nowhere), `%` (Astro cannot build such a file), control
 * characters (no reliable form on every file system and server), and any extension but
 * RAW_OUTPUT_EXTENSIONS. Spaces, non-ASCII letters, `+`, `&` and the like are served under their
 * own name, linked percent-encoded.
 */
export function outputFileNameIssue(name: string): OutputFileNameProblem | undefined {
  const bad = (message: string) => ({ code: 'BAD_NAME' as const, message });
  if (name === '') return bad('a file name, not empty');
  if (/[/\\]/.test(name)) return bad('a file name in the run folder, without a path');
  if (RUN_GENERATED_FILES.includes(name.toLowerCase())) {
    return {
      code: 'RESERVED_NAME',
      message: `${name} is a name the site makes in every run folder (${RUN_GENERATED_FILES.join(', ')}): rename the output`,
    };
  }
  if (name.startsWith('.')) return bad('not a hidden file');
  if (/[#?%]/.test(name) || hasControlCharacter(name)) {
    return bad('without #, ?, % or control characters: the site publishes each raw file under its own name');
  }
  const extension = extensionOf(name);
  if (extension !== '' && !RAW_OUTPUT_EXTENSIONS.includes(extension)) {
    return {
      code: 'FILE_TYPE',
      message: `a raw output is a text file named ${RAW_OUTPUT_EXTENSIONS.map((allowed) => `*${allowed}`).join(', ')} or without an extension, not *${extension}: browsers would open it as something else than text`,
    };
  }
  return undefined;
}

/** outputFileNameIssue's message alone (the schema and the /try form show it). */
export function outputFileNameProblem(name: string): string | undefined {
  return outputFileNameIssue(name)?.message;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
