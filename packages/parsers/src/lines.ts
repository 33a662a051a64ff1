/**
 * Splits a stream of text chunks into lines without holding more than one line (and one
 * chunk) in memory. Line ends are `\n`, `\r\n` or a bare `\r`, also when a `\r\n` pair is cut
 * between two chunks; a BOM at the very start is dropped. Lines come without their line end.
 */
export async function* readLines(chunks: AsyncIterable<string> | ReadableStream<string>): AsyncGenerator<string> {
  let pending = '';
  let isFirstChunk = true;
  // A chunk that ended with '\r' may be half of a '\r\n': the '\n' of the next chunk is then
  // not a line of its own.
  let lastWasCr = false;
  for await (const chunk of iterate(chunks)) {
    // An empty chunk changes nothing, not even a pending CR.
    if (chunk === '') continue;
    let text = chunk;
    if (isFirstChunk) {
      if (text.startsWith('\uFEFF')) text = text.slice(1);
      isFirstChunk = false;
    }
    if (lastWasCr && text.startsWith('\n')) text = text.slice(1);
    lastWasCr = false;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      yield pending + text.slice(start, i);
      pending = '';
      if (code === 13) {
        if (i + 1 === text.length) lastWasCr = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    pending += text.slice(start);
  }
  // Text after the last line end is a last line; an input ending with a line end has no empty
  // line after it.
  if (pending !== '') yield pending;
}

async function* iterate<T>(source: AsyncIterable<T> | ReadableStream<T>): AsyncGenerator<T> {
  if (Symbol.asyncIterator in source) {
    yield* source as AsyncIterable<T>;
    return;
  }
  // Not every browser makes a ReadableStream async-iterable yet.
  const reader = (source as ReadableStream<T>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
