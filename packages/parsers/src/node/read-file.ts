import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';

export interface ReadProgress {
  bytesRead: number;
  /** Total size in bytes, when known (a file; not a pipe). */
  totalBytes: number | undefined;
}

/**
 * Bytes per read of a file, by default: the size to stream a long log in (`parseStream` over
 * readTextChunks, `benchfolio parse --ndjson`). A long log is thousands of reads, each a turn of
 * the stream and of the parser's loop, and at Node's 64 KiB those turns took a tenth of the CLI's
 * CPU time. Below 128 KiB each chunk's text is still an object V8 collects young; a text of 128 KiB
 * or more is a large object, promoted to the old generation by any young collection while it is
 * read, and only a full collection frees it: 1 MiB reads of a 1 GB fio log peaked at 190-275 MB of
 * RSS against 139 MB at 120 KiB (`npm run bench`), and 256 KiB reads saved no time and added 20 MB.
 */
export const DEFAULT_CHUNK_BYTES = 120 * 1024;

export interface ReadFileOptions {
  /** Called after each chunk read. */
  onProgress?: ((progress: ReadProgress) => void) | undefined;
  /** Bytes per read of a file (default DEFAULT_CHUNK_BYTES, 120 KiB). */
  chunkBytes?: number | undefined;
}

/**
 * Reads a file (or standard input for "-") as UTF-8 text chunks. Decoding is streaming, so a
 * multi-byte character cut between two chunks comes out whole.
 */
export async function* readTextChunks(path: string, options: ReadFileOptions = {}): AsyncGenerator<string> {
  // The size comes first: a missing file then fails here, before a stream is opened.
  const totalBytes = path === '-' ? undefined : (await stat(path)).size;
  const stream: Readable =
    path === '-' ? process.stdin : createReadStream(path, { highWaterMark: options.chunkBytes ?? DEFAULT_CHUNK_BYTES });
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
