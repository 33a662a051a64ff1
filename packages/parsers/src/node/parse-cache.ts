import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Measurement } from '../measurement.ts';
import type { ParseOutput } from '../parser.ts';
import { libraryCodeDigest } from './content-digest.ts';

/**
 * Parsed outputs kept on disk, by what they were parsed from, so that a build reading the same
 * raw output again (the next build, or the pages after the content loader) does not parse it
 * again. A key is a SHA-256 of the text, the options it was parsed with (tool, format, name,
 * stated version) and the library's own code (libraryCodeDigest): an edit to a parser, released
 * or not, misses every entry it could change.
 */
export interface ParseCache {
  /** The output parsed from this text with these options, when it was stored; else undefined. */
  get(text: string, options: ParseCacheOptions): ParseOutput | undefined;
  /** Stores an output (its measurements are built now, to be stored with it). */
  set(text: string, options: ParseCacheOptions, output: ParseOutput): void;
}

/** What a parse depended on besides the text: the options given to the registry's parse. */
export interface ParseCacheOptions {
  tool?: string | undefined;
  format?: string | undefined;
  name?: string | undefined;
  toolVersion?: string | undefined;
}

// Bumped when the stored layout changes.
const LAYOUT = 'benchfolio-parse-cache 1';

/**
 * A parse cache in a folder (created when first written), one file per output. Entries are V8's
 * serialization (node:v8), which keeps numbers exact and reads back faster than JSON. An
 * unreadable entry is a miss, never an error: the output is parsed again and stored anew.
 */
export function createParseCache(dir: string): ParseCache {
  const pathOf = (key: string) => join(dir, key.slice(0, 2), `${key.slice(2)}.v8`);
  return {
    get(text, options) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(pathOf(keyOf(text, options)));
      } catch {
        return undefined;
      }
      return decode(bytes);
    },
    set(text, options, output) {
      const path = pathOf(keyOf(text, options));
      mkdirSync(join(path, '..'), { recursive: true });
      // Written aside, then renamed: a build that stops halfway leaves no half-written entry,
      // and two builds writing one entry at once each rename a whole file.
      const partial = `${path}.${process.pid}.partial`;
      writeFileSync(partial, encode(output));
      renameSync(partial, path);
    },
  };
}

function keyOf(text: string, options: ParseCacheOptions): string {
  const { tool, format, name, toolVersion } = options;
  return createHash('sha256')
    .update(`${LAYOUT}\n${libraryCodeDigest()}\n${JSON.stringify([tool, format, name, toolVersion])}\n`)
    .update(text)
    .digest('hex');
}

/**
 * The output and its measurements as two serializations, the first led by its length: an entry
 * is read whole, but its measurements (the larger part of a long log) are decoded only when a
 * caller reads them, as a parse builds them only then.
 */
function encode(output: ParseOutput): Buffer {
  const { tool, format, toolVersion, result, warnings } = output;
  const head = serialize({ tool, format, toolVersion, result, warnings });
  const measurements = serialize(output.measurements);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  return Buffer.concat([length, head, measurements]);
}

function decode(bytes: Buffer): ParseOutput | undefined {
  try {
    const headLength = bytes.readUInt32LE(0);
    const head = deserialize(bytes.subarray(4, 4 + headLength)) as Omit<ParseOutput, 'measurements'>;
    let measurements: Measurement[] | undefined;
    const rest = bytes.subarray(4 + headLength);
    // The same shape as a parse's output (parser.ts, _withLazyMeasurements): an enumerable getter.
    return {
      tool: head.tool,
      format: head.format,
      toolVersion: head.toolVersion,
      result: head.result,
      get measurements() {
        measurements ??= deserialize(rest) as Measurement[];
        return measurements;
      },
      warnings: head.warnings,
    } as ParseOutput;
  } catch {
    return undefined;
  }
}
