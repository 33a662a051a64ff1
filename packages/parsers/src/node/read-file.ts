import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';

export interface ReadProgress {
  bytesRead: number;
  /** Total size in bytes, when known (a file; not a pipe). */
  totalBytes: number | undefined;
}

export interface ReadFileOptions {
  /** Called after each chunk read. */
  onProgress?: ((progress: ReadProgress) => void) | undefined;
  /** Bytes per read of a file (Node's default: 64 KiB). */
  chunkBytes?: number | undefined;
}

/**
 * Reads a file (or standard input for "-") as UTF-8 text chunks. Decoding is streaming, so a
 * multi-byte character cut between two chunks comes out whole.
 */
export async function* readTextChunks(path: string, options: ReadFileOptions = {}): AsyncGenerator<string> {
  // The size comes first: a missing file then fails here, before a stream is opened.
  const totalBytes = path === '-' ? undefined : (await stat(path)).size;
  const stream: Readable = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: options.chunkBytes });
  const decoder = new TextDecoder('utf-8');
  let bytesRead = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Uint8Array;
    bytesRead += bytes.byteLength;
    options.onProgress?.({ bytesRead, totalBytes });
    yield decoder.decode(bytes, { stream: true });
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/** Reads a whole file (or standard input for "-") as text. */
export async function readTextFile(path: string, options: ReadFileOptions = {}): Promise<string> {
  const parts: string[] = [];
  for await (const chunk of readTextChunks(path, options)) parts.push(chunk);
  return parts.join('');
}
