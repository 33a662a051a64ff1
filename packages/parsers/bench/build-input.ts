import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrng, type Random } from './prng.ts';

/**
 * Builds a large bench input from real outputs: the outputs one after the other, again and
 * again, each copy with varied numbers, until the target size. Real outputs keep the parsers on
 * the paths they take in use; varied numbers keep a parser (or V8) from gaining anything from
 * seeing the same values again, such as cached number conversions or interned strings.
 */

export const DEFAULT_SEED = 1;

const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
// Buffered writes: one write per output would be tens of thousands of system calls.
const WRITE_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Replaces every digit with a random one, in place, in UTF-8 bytes (a digit is one byte, and
 * no byte of a multi-byte character is in the digit range). The first digit of a run keeps
 * its kind: a non-zero digit stays non-zero, so "512" keeps three significant digits; a zero
 * stays zero, so "0.57" stays below 1 and "err= 0" stays a success. Everything else (points,
 * signs, units, spacing) is kept, so each line keeps its length and layout.
 */
export function varyDigitsInPlace(bytes: Uint8Array, random: Random, kept?: Uint8Array): void {
  let previous = -1;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (kept?.[i] === 1) {
      previous = byte;
      continue;
    }
    if (byte >= DIGIT_0 && byte <= DIGIT_9) {
      const isRunStart = !(previous >= DIGIT_0 && previous <= DIGIT_9);
      if (!isRunStart) bytes[i] = DIGIT_0 + Math.floor(random() * 10);
      else if (byte !== DIGIT_0) bytes[i] = DIGIT_0 + 1 + Math.floor(random() * 9);
    }
    previous = byte;
  }
}

/** `varyDigitsInPlace` on a string: every run of digits becomes random digits of its length. */
export function varyNumbers(text: string, random: Random): string {
  const bytes = new TextEncoder().encode(text);
  varyDigitsInPlace(bytes, random);
  // ignoreBOM keeps a leading BOM in the text (by default the decoder drops it).
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

export interface BuildInputOptions {
  /** Real outputs, concatenated in this order, round after round. */
  texts: readonly string[];
  /** Stop after the first output that takes the file to this size or beyond. */
  targetBytes: number;
  /** The same seed gives the same file; a smaller target then gives a prefix of it. */
  seed?: number | undefined;
  /**
   * Text whose digits must stay as they are, because they are layout rather than data (the
   * version field that opens a fio terse line: `3;fio-3.1;`). A global regex.
   */
  keepDigits?: RegExp | undefined;
  /** The folder to write to (see `createInputDir`). */
  dir: string;
  fileName: string;
}

export interface BuiltInput {
  path: string;
  sizeBytes: number;
  /** How many outputs the file holds. */
  outputCount: number;
  /** Where the index of the outputs' offsets is (see `readOutputOffsets`). */
  offsetsPath: string;
}

/** The index written beside each input: where each output starts, in UTF-16 code units. */
export function readOutputOffsets(offsetsPath: string): number[] {
  return JSON.parse(readFileSync(offsetsPath, 'utf8')) as number[];
}

/**
 * Writes the input file. Outputs are never cut: the file ends with a whole output, and each
 * output starts on a line of its own.
 */
export function buildInput(options: BuildInputOptions): BuiltInput {
  if (options.texts.length === 0) throw new Error('buildInput needs at least one output');
  const encoder = new TextEncoder();
  const withLineEnd = options.texts.map((text) => (text.endsWith('\n') || text === '' ? text : `${text}\n`));
  const sources = withLineEnd.map((text) => encoder.encode(text));
  const keptMasks = withLineEnd.map((text) => keptByteMask(text, options.keepDigits));
  // Varying digits keeps every character, so a copy is as long in code units as its source.
  const lengths = withLineEnd.map((text) => text.length);
  const offsets: number[] = [];
  let offset = 0;
  if (sources.every((source) => source.length === 0)) throw new Error('buildInput got only empty outputs');
  const random = createPrng(options.seed ?? DEFAULT_SEED);
  const path = join(options.dir, options.fileName);
  const file = openSync(path, 'w');
  let sizeBytes = 0;
  let outputCount = 0;
  try {
    const pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const flush = () => {
      writeSync(file, Buffer.concat(pending, pendingBytes));
      pending.length = 0;
      pendingBytes = 0;
    };
    while (sizeBytes < options.targetBytes || outputCount === 0) {
      const sourceIndex = outputCount % sources.length;
      const copy = (sources[sourceIndex] as Uint8Array).slice();
      offsets.push(offset);
      offset += lengths[sourceIndex] as number;
      varyDigitsInPlace(copy, random, keptMasks[sourceIndex]);
      pending.push(copy);
      pendingBytes += copy.length;
      sizeBytes += copy.length;
      outputCount++;
      if (pendingBytes >= WRITE_CHUNK_BYTES) flush();
    }
    flush();
  } finally {
    closeSync(file);
  }
  const offsetsPath = `${path}.offsets.json`;
  writeFileSync(offsetsPath, JSON.stringify(offsets));
  return { path, sizeBytes, outputCount, offsetsPath };
}

/** 1 for each UTF-8 byte of the text that a match of `pattern` covers; undefined without a pattern. */
function keptByteMask(text: string, pattern: RegExp | undefined): Uint8Array | undefined {
  if (pattern === undefined) return undefined;
  const encoder = new TextEncoder();
  const mask = new Uint8Array(encoder.encode(text).length);
  for (const match of text.matchAll(pattern)) {
    const start = encoder.encode(text.slice(0, match.index)).length;
    mask.fill(1, start, start + encoder.encode(match[0]).length);
  }
  return mask;
}

export interface InputDir {
  path: string;
  /** Deletes the folder and every input in it; safe to call twice. */
  remove(): void;
}

/** A fresh folder under the OS temp dir for this run's inputs, never in the repository. */
export function createInputDir(): InputDir {
  const path = mkdtempSync(join(tmpdir(), 'benchfolio-bench-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
