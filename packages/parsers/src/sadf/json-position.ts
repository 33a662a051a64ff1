/**
 * Where a value of a JSON document starts, found from its path (`['sysstat', 'hosts', 0,
 * 'statistics', 3, 'disk', 1, 'tps']`). The document is read once with JSON.parse, which is
 * fast but says nothing of positions; only when a value turns out wrong is the text walked
 * again, along that one path, so that the error can name its line and column.
 *
 * The text is taken to be valid JSON (JSON.parse read it). Where the path leads nowhere (a
 * key the object does not have) the offset of the innermost value found is returned.
 */
export type JsonPath = readonly (string | number)[];

export function _offsetOfJsonPath(text: string, path: JsonPath): number {
  let offset = skipSpace(text, 0);
  for (const step of path) {
    const open = text.charCodeAt(offset);
    if (typeof step === 'number' && open === BRACKET_OPEN) {
      let index = 0;
      let at = skipSpace(text, offset + 1);
      if (text.charCodeAt(at) === BRACKET_CLOSE) return offset;
      while (index < step) {
        at = skipSpace(text, skipValue(text, at));
        if (text.charCodeAt(at) !== COMMA) return offset;
        at = skipSpace(text, at + 1);
        index++;
      }
      offset = at;
    } else if (typeof step === 'string' && open === BRACE_OPEN) {
      const found = memberValue(text, offset, step);
      if (found === null) return offset;
      offset = found;
    } else {
      return offset;
    }
  }
  return offset;
}

/**
 * True when the text ends inside an object, an array or a string: a document cut short, as
 * opposed to one broken in its middle. JSON.parse's messages say so differently in each V8.
 */
export function _isCutShort(text: string): boolean {
  let depth = 0;
  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const end = stringEnd(text, at);
      if (end === null) return true;
      at = end;
      continue;
    }
    if (code === BRACE_OPEN || code === BRACKET_OPEN) depth++;
    else if (code === BRACE_CLOSE || code === BRACKET_CLOSE) depth--;
    at++;
  }
  return depth > 0;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const BRACE_OPEN = 123;
const BRACE_CLOSE = 125;
const BRACKET_OPEN = 91;
const BRACKET_CLOSE = 93;

/** The offset of the value of `key` in the object opening at `offset`, or null. */
function memberValue(text: string, offset: number, key: string): number | null {
  let at = skipSpace(text, offset + 1);
  while (text.charCodeAt(at) === QUOTE) {
    const keyEnd = skipString(text, at);
    const name = JSON.parse(text.slice(at, keyEnd)) as string;
    at = skipSpace(text, keyEnd);
    if (text.charCodeAt(at) !== COLON) return null;
    at = skipSpace(text, at + 1);
    if (name === key) return at;
    at = skipSpace(text, skipValue(text, at));
    if (text.charCodeAt(at) !== COMMA) return null;
    at = skipSpace(text, at + 1);
  }
  return null;
}

function skipSpace(text: string, offset: number): number {
  let at = offset;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13) break;
    at++;
  }
  return at;
}

/** The offset just past the string opening at `offset`, or null when the text ends inside it. */
function stringEnd(text: string, offset: number): number | null {
  let at = offset + 1;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === BACKSLASH) at += 2;
    else if (code === QUOTE) return at + 1;
    else at++;
  }
  return null;
}

function skipString(text: string, offset: number): number {
  return stringEnd(text, offset) ?? text.length;
}

/** The offset just past the value starting at `offset`. */
function skipValue(text: string, offset: number): number {
  const code = text.charCodeAt(offset);
  if (code === QUOTE) return skipString(text, offset);
  if (code !== BRACE_OPEN && code !== BRACKET_OPEN) {
    let at = offset;
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === COMMA || c === BRACE_CLOSE || c === BRACKET_CLOSE || c === 32 || c === 9 || c === 10 || c === 13) break;
      at++;
    }
    return at;
  }
  let depth = 0;
  let at = offset;
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c === QUOTE) {
      at = skipString(text, at);
      continue;
    }
    if (c === BRACE_OPEN || c === BRACKET_OPEN) depth++;
    else if (c === BRACE_CLOSE || c === BRACKET_CLOSE) {
      depth--;
      if (depth === 0) return at + 1;
    }
    at++;
  }
  return at;
}
