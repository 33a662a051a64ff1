import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_CHUNK_BYTES } from '../node/read-file.ts';
import { readFileChunks } from './file-chunks.ts';

// A real iostat log made here (fixtures/iostat/README.md), written 40 times over: longer than two
// default reads.
const REAL_LOG = new URL('../../fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt', import.meta.url);
let dir: string;
let logPath: string;
let text: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'benchfolio-file-chunks-'));
  logPath = join(dir, 'iostat.txt');
  text = readFileSync(REAL_LOG, 'utf8').repeat(40);
  writeFileSync(logPath, text);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function chunksOf(chunks: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

describe('readFileChunks', () => {
  test('reads a file in DEFAULT_CHUNK_BYTES reads, the text whole and in order, with its progress', async () => {
    expect(text.length).toBeGreaterThan(2 * DEFAULT_CHUNK_BYTES);
    const progress: [number, number | undefined][] = [];
    const chunks = await chunksOf(
      readFileChunks(logPath, { onProgress: ({ bytesRead, totalBytes }) => progress.push([bytesRead, totalBytes]) }),
    );
    expect(chunks.join('')).toBe(text);
    // The log is ASCII: a chunk's characters are its bytes. Every read but the last is a whole one.
    expect(chunks.slice(0, -1).every((chunk) => chunk.length === DEFAULT_CHUNK_BYTES)).toBe(true);
    expect(progress[0]).toEqual([DEFAULT_CHUNK_BYTES, text.length]);
    expect(progress.at(-1)).toEqual([text.length, text.length]);
  });

  test('keeps a character cut between two reads whole (the buffer is read into again)', async () => {
    const path = join(dir, 'utf8.txt');
    // 3-byte characters after one byte: every 4-byte read ends inside a character.
    const utf8 = `x${'€'.repeat(50)}\n`;
    writeFileSync(path, utf8);
    expect((await chunksOf(readFileChunks(path, { chunkBytes: 4 }))).join('')).toBe(utf8);
  });

  test('fails on a missing file as readTextChunks does, with ENOENT', async () => {
    await expect(chunksOf(readFileChunks(join(dir, 'missing.txt')))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('reads what is not a regular file (here a folder) the way readTextChunks does', async () => {
    await expect(chunksOf(readFileChunks(dir))).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
