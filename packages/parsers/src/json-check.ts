/**
 * What JSON.parse does not tell about a JSON text: the keys an object repeats (it keeps the
 * last silently), and where a value stands (for an error's line and column). The text has been
 * parsed by JSON.parse already, so it is valid JSON: the walks below skip what they need not
 * read, with an explicit stack (no recursion on deep nesting), slicing only the keys they compare.
 */

/** A key an object holds twice or more: the later one, whose value JSON.parse kept. */
export interface JsonDuplicateKey {
  key: string;
  /** Offset of the repeated key's opening quote. */
  offset: number;
  /** Offset of its value. */
  valueOffset: number;
  /** The key whose value is the object holding it; null for the top object or one in an array. */
  parentKey: string | null;
}

interface Frame {
  isObject: boolean;
  /** Offset of the `{`: the object's keys are read again from there when number keys turn back. */
  start: number;
  parentKey: string | null;
  /** Hashes of the keys seen that are not number keys (`"read"`, `"jobname"`), lazily made. */
  hashes: Set<number> | null;
  /** Their texts, made once a hash comes again. */
  keys: Set<string> | null;
  /**
   * Number keys (`"2"`, `"87552"`, `"99.900000"`: fio's latency buckets, json+ bins, percentiles)
   * are checked by order while their values increase, as fio prints them, with no set: keys of
   * increasing values are different keys. The last value, and the set of their texts only once
   * one does not increase (`"1.0"` and `"1.00"` are two keys of one value).
   */
  lastNumber: number;
  numberKeys: Set<string> | null;
}

/** At most this many duplicates are listed (a hostile text could repeat a key a million times). */
const MAX_DUPLICATES = 100;

/**
 * The keys the objects of the JSON text[start, end) (valid JSON) repeat. The walk jumps from
 * quote to quote and brace to bracket with indexOf (native): a loop over every character costs
 * as much as JSON.parse itself, and most of a fio document is blanks and numbers.
 */
export function _duplicateJsonKeys(text: string, start: number, end: number): JsonDuplicateKey[] {
  const duplicates: JsonDuplicateKey[] = [];
  const stack: Frame[] = [];
  let top: Frame | undefined;
  // The last key read in the object on top, as offsets (sliced only when an object opens under it).
  let keyStart = -1;
  let keyEnd = -1;
  let quote = find(text, '"', start, end);
  let braceOpen = find(text, '{', start, end);
  let braceClose = find(text, '}', start, end);
  let bracketOpen = find(text, '[', start, end);
  let bracketClose = find(text, ']', start, end);
  for (;;) {
    const structure = Math.min(braceOpen, braceClose, bracketOpen, bracketClose);
    // The strings before the next brace or bracket: most of a json+ document is its bins' keys.
    // One past the last string read (-1 for none): a brace or bracket before it was inside it.
    let close = -1;
    while (quote < structure) {
      close = stringEnd(text, quote);
      // A key is a string followed by a colon; a value string is skipped.
      if (top?.isObject === true && text.charCodeAt(skipSpace(text, close)) === COLON) {
        keyStart = quote;
        keyEnd = close;
        if (isRepeated(text, top, quote, close) && duplicates.length < MAX_DUPLICATES) {
          duplicates.push({
            key: keyText(text, quote, close),
            offset: quote,
            valueOffset: skipSpace(text, skipSpace(text, close) + 1),
            parentKey: top.parentKey,
          });
        }
      }
      quote = find(text, '"', close, end);
    }
    if (close > structure) {
      // The brace or bracket was inside the last string: it is text.
      if (braceOpen < close) braceOpen = find(text, '{', close, end);
      if (braceClose < close) braceClose = find(text, '}', close, end);
      if (bracketOpen < close) bracketOpen = find(text, '[', close, end);
      if (bracketClose < close) bracketClose = find(text, ']', close, end);
      continue;
    }
    if (structure >= end) break;
    if (structure === braceOpen || structure === bracketOpen) {
      // In an object, an object or array is the value of the last key.
      const parentKey = top?.isObject === true && keyStart !== -1 ? keyText(text, keyStart, keyEnd) : null;
      const isObject = structure === braceOpen;
      top = { isObject, start: structure, parentKey, hashes: null, keys: null, lastNumber: -1, numberKeys: null };
      stack.push(top);
      keyStart = -1;
      if (isObject) braceOpen = find(text, '{', structure + 1, end);
      else bracketOpen = find(text, '[', structure + 1, end);
      continue;
    }
    stack.pop();
    top = stack[stack.length - 1];
    keyStart = -1;
    if (structure === braceClose) braceClose = find(text, '}', structure + 1, end);
    else bracketClose = find(text, ']', structure + 1, end);
  }
  return duplicates;
}

/**
 * True when JSON.parse's `value` of the JSON text[start, end) provably kept every member the text
 * spells, so that _duplicateJsonKeys need not walk it: every colon of the text outside a string
 * separates a member, so the text's colons are the value's keys plus the colons inside its keys
 * and strings, and each member JSON.parse dropped adds at least its own. False when they differ
 * (a repeated key, or a colon written as an escape), or the value holds more than `maxKeys` keys
 * (counting costs more than the walk then: json+ bins).
 */
export function _keepsEveryJsonMember(
  text: string,
  start: number,
  end: number,
  value: unknown,
  maxKeys = 5000,
): boolean {
  let colons = 0;
  for (let at = text.indexOf(':', start); at !== -1 && at < end; at = text.indexOf(':', at + 1)) colons++;
  let counted = 0;
  let keys = 0;
  const pending: unknown[] = [value];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (typeof item === 'string') {
      counted += colonsIn(item);
    } else if (Array.isArray(item)) {
      for (const element of item) if (typeof element === 'string' || typeof element === 'object') pending.push(element);
    } else if (typeof item === 'object' && item !== null) {
      const object = item as Record<string, unknown>;
      for (const key in object) {
        counted += 1 + colonsIn(key);
        if (++keys > maxKeys || counted > colons) return false;
        const member = object[key];
        if (typeof member === 'string' || typeof member === 'object') pending.push(member);
      }
    }
  }
  return counted === colons;
}

function colonsIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) count++;
  return count;
}

/** The offset of the next `char` in text[from, end), or `end`. */
function find(text: string, char: string, from: number, end: number): number {
  const at = text.indexOf(char, from);
  return at === -1 || at >= end ? end : at;
}

/** Whether the key text[open, close) was seen before in the object `frame`; records it. */
function isRepeated(text: string, frame: Frame, open: number, close: number): boolean {
  const value = numberKeyValue(text, open + 1, close - 1);
  if (value !== -1) {
    if (frame.numberKeys === null) {
      if (value > frame.lastNumber) {
        frame.lastNumber = value;
        return false;
      }
      frame.numberKeys = keysBefore(text, frame.start, open, true);
    }
    return isAdded(frame.numberKeys, text.slice(open + 1, close - 1));
  }
  // Other keys by a hash of their text (no string made per key), and by their text once a hash
  // comes again: a repeated key, or (rarely) two keys of one hash.
  if (frame.keys !== null) return isAdded(frame.keys, keyText(text, open, close));
  const hash = keyHash(text, open, close);
  frame.hashes ??= new Set();
  if (!frame.hashes.has(hash)) {
    frame.hashes.add(hash);
    return false;
  }
  frame.keys = keysBefore(text, frame.start, open, false);
  return isAdded(frame.keys, keyText(text, open, close));
}

/** Adds `key` to `keys`; true when it was there already. */
function isAdded(keys: Set<string>, key: string): boolean {
  if (keys.has(key)) return true;
  keys.add(key);
  return false;
}

/** A 32-bit hash of the key text[open, close) spells (escapes decoded, so that equal keys agree). */
function keyHash(text: string, open: number, close: number): number {
  let hash = 0;
  for (let at = open + 1; at < close - 1; at++) {
    const c = text.charCodeAt(at);
    if (c === BACKSLASH) return stringHash(keyText(text, open, close));
    hash = (Math.imul(hash, 31) + c) | 0;
  }
  return hash;
}

function stringHash(key: string): number {
  let hash = 0;
  for (let at = 0; at < key.length; at++) hash = (Math.imul(hash, 31) + key.charCodeAt(at)) | 0;
  return hash;
}

/**
 * The value of text[from, to) when it is a number key (digits, and a fraction after a dot; at
 * most 15 digits, which a double holds); else -1. A function of the text alone: a text is a
 * number key or not whichever object it is in.
 */
function numberKeyValue(text: string, from: number, to: number): number {
  if (to - from > 16 || from === to) return -1;
  let value = 0;
  let scale = 0;
  for (let at = from; at < to; at++) {
    const c = text.charCodeAt(at);
    if (c >= ZERO && c <= NINE) {
      value = value * 10 + (c - ZERO);
      if (scale !== 0) scale *= 10;
    } else if (c === DOT && scale === 0 && at > from && at < to - 1) {
      scale = 1;
    } else {
      return -1;
    }
  }
  return scale === 0 ? value : value / scale;
}

/**
 * The keys of the object opening at `objectStart`, before the key at `until`: its number keys
 * (see numberKeyValue), or the others.
 */
function keysBefore(text: string, objectStart: number, until: number, isNumber: boolean): Set<string> {
  const keys = new Set<string>();
  let at = skipSpace(text, objectStart + 1);
  while (at < until && text.charCodeAt(at) === QUOTE) {
    const close = stringEnd(text, at);
    if ((numberKeyValue(text, at + 1, close - 1) !== -1) === isNumber) keys.add(keyText(text, at, close));
    at = skipSpace(text, skipValue(text, skipSpace(text, skipSpace(text, close) + 1)));
    if (text.charCodeAt(at) === COMMA) at = skipSpace(text, at + 1);
  }
  return keys;
}

/**
 * Where the value at `path` (keys and array indices from the document's top) starts in the
 * document at text[start, ...); with `isKey`, where the last step's key starts instead. Where
 * the path leads nowhere, the offset of the innermost value found.
 */
export function _offsetOfJsonPath(
  text: string,
  start: number,
  path: readonly (string | number)[],
  isKey = false,
): number {
  let offset = skipSpace(text, start);
  for (let step = 0; step < path.length; step++) {
    const part = path[step] as string | number;
    const open = text.charCodeAt(offset);
    let at = skipSpace(text, offset + 1);
    if (typeof part === 'number' && open === BRACKET_OPEN) {
      for (let index = 0; index < part; index++) {
        at = skipSpace(text, skipValue(text, at));
        if (text.charCodeAt(at) !== COMMA) return offset;
        at = skipSpace(text, at + 1);
      }
      offset = at;
      continue;
    }
    if (typeof part !== 'string' || open !== BRACE_OPEN) return offset;
    // The last member of that name: the one JSON.parse kept.
    let found = -1;
    let foundKey = -1;
    while (text.charCodeAt(at) === QUOTE) {
      const close = stringEnd(text, at);
      const value = skipSpace(text, skipSpace(text, close) + 1);
      if (keyText(text, at, close) === part) {
        found = value;
        foundKey = at;
      }
      at = skipSpace(text, skipValue(text, value));
      if (text.charCodeAt(at) !== COMMA) break;
      at = skipSpace(text, at + 1);
    }
    if (found === -1) return offset;
    offset = isKey && step === path.length - 1 ? foundKey : found;
  }
  return offset;
}

/**
 * Whether the JSON texts text[aStart, aEnd) and text[bStart, bEnd) are the same document: the
 * same characters, blanks between tokens aside (a copy re-indented or with other line ends).
 */
export function _isSameJsonText(text: string, aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  let a = skipSpace(text, aStart);
  let b = skipSpace(text, bStart);
  let isInString = false;
  while (a < aEnd && b < bEnd) {
    const code = text.charCodeAt(a);
    if (code !== text.charCodeAt(b)) return false;
    a++;
    b++;
    if (isInString) {
      if (code === BACKSLASH) {
        if (text.charCodeAt(a) !== text.charCodeAt(b)) return false;
        a++;
        b++;
      }
      if (code !== QUOTE) continue;
      isInString = false;
    } else if (code === QUOTE) {
      isInString = true;
      continue;
    }
    a = Math.min(skipSpace(text, a), aEnd);
    b = Math.min(skipSpace(text, b), bEnd);
  }
  return a >= aEnd && b >= bEnd;
}

/** The key the quoted string text[open, close) spells (escapes decoded). */
function keyText(text: string, open: number, close: number): string {
  const inner = text.slice(open + 1, close - 1);
  return inner.includes('\\') ? (JSON.parse(text.slice(open, close)) as string) : inner;
}

/** One past the closing quote of the string opening at `open` (the end of the text if none). */
function stringEnd(text: string, open: number): number {
  for (let at = open + 1; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === BACKSLASH) at++;
    else if (code === QUOTE) return at + 1;
  }
  return text.length;
}

function skipSpace(text: string, from: number): number {
  let at = from;
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) break;
  }
  return at;
}

/** One past the value starting at `at`. */
function skipValue(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code === QUOTE) return stringEnd(text, at);
  if (code !== BRACE_OPEN && code !== BRACKET_OPEN) {
    let end = at;
    for (; end < text.length; end++) {
      const c = text.charCodeAt(end);
      if (c === COMMA || c === BRACE_CLOSE || c === BRACKET_CLOSE || c === 32 || c === 10 || c === 13 || c === 9) break;
    }
    return end;
  }
  let depth = 0;
  for (let end = at; end < text.length; end++) {
    const c = text.charCodeAt(end);
    if (c === QUOTE) {
      end = stringEnd(text, end) - 1;
    } else if (c === BRACE_OPEN || c === BRACKET_OPEN) {
      depth++;
    } else if (c === BRACE_CLOSE || c === BRACKET_CLOSE) {
      depth--;
      if (depth === 0) return end + 1;
    }
  }
  return text.length;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const DOT = 46;
const COLON = 58;
const ZERO = 48;
const NINE = 57;
const BRACE_OPEN = 123;
const BRACE_CLOSE = 125;
const BRACKET_OPEN = 91;
const BRACKET_CLOSE = 93;
