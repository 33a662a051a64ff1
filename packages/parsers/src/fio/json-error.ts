/**
 * Where a JSON text stops being valid JSON. V8's JSON.parse names no position in its message
 * (Node 24: `Unexpected token 'x', ..."jobs" : [ x ]... is not valid JSON`), so after a failed
 * parse this scan finds the offending character for the error's line and column. It runs only
 * on failure, once, in linear time with an explicit stack (no recursion on deep nesting).
 *
 * Returns the offset of the first character that cannot continue a JSON text, or
 * `{ offset: text.length, isCut: true }` when the text ends inside a value.
 */
export function findJsonError(text: string): { offset: number; isCut: boolean } {
  const stack: number[] = []; // 123 for an object, 91 for an array
  let i = skipSpace(text, 0);
  // What may come next: a value, or (inside a container) a key, a comma or a close.
  let expect: 'value' | 'key' | 'after-value' | 'colon' | 'first-key' | 'first-value' = 'value';
  while (i < text.length) {
    const code = text.charCodeAt(i);
    switch (expect) {
      case 'value':
      case 'first-value': {
        if (expect === 'first-value' && code === 93 /* ] */) {
          stack.pop();
          i++;
          expect = 'after-value';
          break;
        }
        if (code === 123 /* { */ || code === 91 /* [ */) {
          stack.push(code);
          i++;
          expect = code === 123 ? 'first-key' : 'first-value';
          break;
        }
        const end = scanScalar(text, i);
        if (end === -1) return { offset: i, isCut: false };
        if (end > text.length) return { offset: text.length, isCut: true };
        i = end;
        expect = 'after-value';
        break;
      }
      case 'first-key':
      case 'key': {
        if (expect === 'first-key' && code === 125 /* } */) {
          stack.pop();
          i++;
          expect = 'after-value';
          break;
        }
        if (code !== 34) return { offset: i, isCut: false };
        const end = scanString(text, i);
        if (end === -1) return { offset: text.length, isCut: true };
        i = end;
        expect = 'colon';
        break;
      }
      case 'colon':
        if (code !== 58 /* : */) return { offset: i, isCut: false };
        i++;
        expect = 'value';
        break;
      case 'after-value': {
        const top = stack[stack.length - 1];
        if (top === undefined) return { offset: i, isCut: false };
        if (code === 44 /* , */) {
          i++;
          expect = top === 123 ? 'key' : 'value';
        } else if ((code === 125 && top === 123) || (code === 93 && top === 91)) {
          stack.pop();
          i++;
        } else {
          return { offset: i, isCut: false };
        }
        break;
      }
    }
    i = skipSpace(text, i);
  }
  // Ran out of text: fine only after a complete top-level value.
  return expect === 'after-value' && stack.length === 0
    ? { offset: text.length, isCut: false }
    : { offset: text.length, isCut: true };
}

function skipSpace(text: string, start: number): number {
  let i = start;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) break;
  }
  return i;
}

/** End of the string starting at `start` (one past its quote), or -1 when the text ends first. */
function scanString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 92) i++;
    else if (code === 34) return i + 1;
  }
  return -1;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'];

/**
 * End of the string, number or literal at `start`; -1 when none starts there, or
 * `text.length + 1` when the text ends inside one.
 */
function scanScalar(text: string, start: number): number {
  const code = text.charCodeAt(start);
  if (code === 34) {
    const end = scanString(text, start);
    return end === -1 ? text.length + 1 : end;
  }
  NUMBER.lastIndex = start;
  const number = NUMBER.exec(text);
  if (number !== null) return start + number[0].length;
  for (const literal of LITERALS) {
    if (text.startsWith(literal, start)) return start + literal.length;
    const rest = text.slice(start);
    if (rest.length < literal.length && literal.startsWith(rest)) return text.length + 1;
  }
  return -1;
}
