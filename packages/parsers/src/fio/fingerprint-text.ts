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
  // The strings are read by a loop, not by a regex: V8 runs `(?:[^"\\]|\\.)*` with a stack
  // frame per character, and a 10 MB job name overflowed the stack.
  for (const match of text.matchAll(/"jobname"\s*:\s*"/g)) {
    const nameStart = match.index + match[0].length;
    const nameEnd = jsonStringEnd(text, nameStart);
    if (nameEnd === -1) continue;
    const name = readJsonString(text.slice(nameStart, nameEnd));
    const block = optionsBlockAfter(text, nameEnd + 1);
    if (name === null || block === null) continue;
    const set = keys.get(name) ?? new Set<string>();
    for (const option of objectKeys(block)) set.add(option);
    keys.set(name, set);
  }
  return keys;
}

/**
 * The text inside the `"job options" : { ... }` that follows a job's name: the first brace after
 * the name must open it (a job's block lists its options before any other object), or null.
 */
function optionsBlockAfter(text: string, from: number): string | null {
  const OPEN_OR_CLOSE = /[{}]/g;
  OPEN_OR_CLOSE.lastIndex = from;
  const brace = OPEN_OR_CLOSE.exec(text)?.index;
  if (brace === undefined || text[brace] !== '{') return null;
  const label = text.lastIndexOf('"job options"', brace);
  if (label < from || !/^\s*:\s*$/.test(text.slice(label + '"job options"'.length, brace))) return null;
  const close = text.indexOf('}', brace);
  return close === -1 ? null : text.slice(brace + 1, close);
}

/** The keys of a flat JSON object's text (`"rw" : "randwrite", "bs" : "8k"`), read string by string. */
function objectKeys(body: string): string[] {
  const found: string[] = [];
  for (let quote = body.indexOf('"'); quote !== -1; ) {
    const end = jsonStringEnd(body, quote + 1);
    if (end === -1) break;
    const isKey = /^\s*:/.test(body.slice(end + 1, end + 65));
    const key = isKey ? readJsonString(body.slice(quote + 1, end)) : null;
    if (key !== null) found.push(key);
    quote = body.indexOf('"', end + 1);
  }
  return found;
}

/** Where the JSON string whose text starts at `start` (after its opening quote) ends: its closing quote, or -1. */
function jsonStringEnd(text: string, start: number): number {
  for (let at = start; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === 0x22) return at;
    if (char === 0x5c) at++;
  }
  return -1;
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
