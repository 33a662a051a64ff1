import type { CliIO } from './cli-io.ts';

/** Text gathered up to this many characters is written at once. */
const WRITE_CHARS = 64 * 1024;
/**
 * A value whose tree holds fewer than this many nodes (a string counts one per 64 characters) is
 * written by one JSON.stringify: a measurement, a job's latency percentiles. Larger ones (a dd
 * result of 300,000 runs, their 2.7 million measurements) are walked piece by piece.
 */
const SMALL_VALUE_NODES = 2048;

/**
 * Writes `JSON.stringify(value, null, 2)` and a line end to `stdout` piece by piece, waiting for
 * the stream to drain when it queues: the text of a large result is never one string (V8 refuses
 * strings over 2^29 characters, and a 31 MB dd log's result was 1.8 GB of JSON). The bytes are
 * JSON.stringify's own: each small value is written by it, re-indented to its depth.
 */
export async function writeJson(stdout: CliIO['stdout'], value: unknown): Promise<void> {
  for (const piece of jsonPieces(value)) {
    const isQueued = stdout.write(piece) === false;
    if (isQueued && stdout.once !== undefined) await new Promise<void>((resolve) => stdout.once?.('drain', resolve));
  }
}

/** The text of `JSON.stringify(value, null, 2)` followed by `\n`, in pieces of about 64 KiB. */
export function* jsonPieces(value: unknown): Generator<string> {
  const out = new Gathered();
  const shown = jsonValue(value, '');
  if (shown === ABSENT) throw new TypeError('a value JSON cannot write (undefined, a function or a symbol)');
  if (!writeSmall(out, shown, '')) yield* writeLarge(out, shown as object, '');
  out.text += '\n';
  yield out.take();
}

/** The text written and not yet yielded. */
class Gathered {
  text = '';

  take(): string {
    const text = this.text;
    this.text = '';
    return text;
  }
}

const ABSENT = Symbol('absent');

/** The value JSON.stringify writes for `value` under `key`: its toJSON(), or ABSENT where it writes none. */
function jsonValue(value: unknown, key: string): unknown {
  const shown =
    typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function'
      ? (value as { toJSON(key: string): unknown }).toJSON(key)
      : value;
  return shown === undefined || typeof shown === 'function' || typeof shown === 'symbol' ? ABSENT : shown;
}

/** Writes a large array or object piece by piece. */
function writeLarge(out: Gathered, value: object, indent: string): Generator<string> {
  return Array.isArray(value)
    ? writeArray(out, value, indent)
    : writeObject(out, value as Record<string, unknown>, indent);
}

/** Writes a primitive or a small value by JSON.stringify; false, writing nothing, for a large one. */
function writeSmall(out: Gathered, value: unknown, indent: string): boolean {
  if (typeof value === 'object' && value !== null && !isSmall(value)) return false;
  // JSON.stringify's lines start at column 0, and no string in its text holds a raw line end.
  const text = JSON.stringify(value, null, 2) as string;
  out.text += indent === '' || !text.includes('\n') ? text : text.replaceAll('\n', `\n${indent}`);
  return true;
}

function* writeArray(out: Gathered, array: readonly unknown[], indent: string): Generator<string> {
  if (array.length === 0) {
    out.text += '[]';
    return;
  }
  const inner = `${indent}  `;
  out.text += '[';
  for (let index = 0; index < array.length; index++) {
    out.text += `${index === 0 ? '' : ','}\n${inner}`;
    const shown = jsonValue(array[index], String(index));
    // A small item is written here, without a generator of its own: an array holds millions.
    if (shown === ABSENT) out.text += 'null';
    else if (!writeSmall(out, shown, inner)) yield* writeLarge(out, shown as object, inner);
    if (out.text.length >= WRITE_CHARS) yield out.take();
  }
  out.text += `\n${indent}]`;
}

function* writeObject(out: Gathered, object: Record<string, unknown>, indent: string): Generator<string> {
  const inner = `${indent}  `;
  let isFirst = true;
  for (const key of Object.keys(object)) {
    const shown = jsonValue(object[key], key);
    if (shown === ABSENT) continue;
    out.text += `${isFirst ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
    isFirst = false;
    if (!writeSmall(out, shown, inner)) yield* writeLarge(out, shown as object, inner);
    if (out.text.length >= WRITE_CHARS) yield out.take();
  }
  out.text += isFirst ? '{}' : `\n${indent}}`;
}

/** True when the value's tree is under SMALL_VALUE_NODES nodes: counted only that far. */
function isSmall(value: object): boolean {
  let budget = SMALL_VALUE_NODES;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    budget -= typeof next === 'string' ? 1 + next.length / 64 : 1;
    if (budget < 0) return false;
    if (typeof next !== 'object' || next === null) continue;
    // A long array or object is large before its items are counted.
    const items = Array.isArray(next) ? next : Object.values(next);
    if (items.length > budget) return false;
    for (const item of items) stack.push(item);
  }
  return true;
}
