import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { DEFAULT_CHUNK_BYTES, type ReadFileOptions, readTextChunks } from '../node/read-file.ts';

/**
 * The text chunks of the file `parse --ndjson` streams: readTextChunks, but a regular file is
 * read with readSync into one buffer used again for every chunk, in the same 120 KiB reads and
 * decoded the same way. A streamed file took about twice the CPU for the same reads (100-170 ms
 * against 45-100 ms for 200 MB, at load 6-11): each read a turn of the stream's machinery, a new
 * buffer, and at times the buffered reads joined into one by a copy. Standard input, a pipe or a
 * device takes readTextChunks, where a read may wait.
 */
export async function* readFileChunks(path: string, options: ReadFileOptions = {}): AsyncGenerator<string> {
  // Stat first, as readTextChunks does: a missing file fails here, and a named pipe is not
  // opened here (its open waits for a writer).
  const stats = path === '-' ? undefined : statSync(path);
  if (stats === undefined || !stats.isFile()) {
    yield* readTextChunks(path, options);
    return;
  }
  const fd = openSync(path, 'r');
  try {
    const totalBytes = stats.size;
    const buffer = new Uint8Array(options.chunkBytes ?? DEFAULT_CHUNK_BYTES);
    const decoder = new TextDecoder('utf-8');
    let bytesRead = 0;
    for (let count = readSync(fd, buffer); count > 0; count = readSync(fd, buffer)) {
      bytesRead += count;
      options.onProgress?.({ bytesRead, totalBytes });
      yield decoder.decode(buffer.subarray(0, count), { stream: true });
      // Back to the event loop once per chunk, as a stream goes: a closed pipe's error, a
      // signal or a progress redraw is then seen while the file is read, not after it.
      await nextTurn();
    }
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  } finally {
    closeSync(fd);
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
