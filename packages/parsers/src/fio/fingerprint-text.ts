/**
 * What a fio output's text says beside the parsed result, for its fingerprint: the `Laying out IO
 * file` lines (the job's file size) and which options each JSON job's own block lists.
 */

/**
 * The keys of each JSON job's `job options` block in a text, by job name (every block of the
 * name, client/server and status-interval copies together): `"jobname" : "x", ... "job options"
 * : { "rw" : "randwrite", ... }`. fio writes the block as a flat object of strings
 * (stat.c show_thread_status_json), so it ends at the first `}`.
 */
export function _readJobOptionKeys(text: string): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const match of text.matchAll(/"jobname"\s*:\s*"((?:[^"\\]|\\.)*)"[^{}]*?"job options"\s*:\s*\{([^}]*)\}/g)) {
    const name = readJsonString(match[1] ?? '');
    if (name === null) continue;
    const set = keys.get(name) ?? new Set<string>();
    for (const key of (match[2] ?? '').matchAll(/"((?:[^"\\]|\\.)*)"\s*:/g)) {
      const option = readJsonString(key[1] ?? '');
      if (option !== null) set.add(option);
    }
    keys.set(name, set);
  }
  return keys;
}

function readJsonString(escaped: string): string | null {
  try {
    return JSON.parse(`"${escaped}"`) as string;
  } catch {
    return null;
  }
}

/**
 * `Laying out IO file(s)` lines (filesetup.c): fio 1.x/2.x `name: Laying out IO file(s) (1
 * file(s) / 5120MB)`, fio 3.x `name: Laying out IO file (1 file / 128MiB)` or `... IO files (4
 * files / total 1024MiB)`: the job's files in MiB (the number is the size shifted right by 20, in
 * every version). Per job name, the first line.
 */
export function _readLayoutLines(text: string): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const match of text.matchAll(
    /^(.+?): Laying out IO file(?:s|\(s\))? \(\d+ file(?:s|\(s\))? \/ (?:total )?(\d+)Mi?B\)/gm,
  )) {
    const name = (match[1] ?? '').trim();
    if (!sizes.has(name)) sizes.set(name, Number(match[2]) * 1024 * 1024);
  }
  return sizes;
}
