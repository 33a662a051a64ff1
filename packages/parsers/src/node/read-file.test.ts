import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_CHUNK_BYTES, readTextChunks } from './read-file.ts';

// A real iostat log made here (fixtures/iostat/README.md), written 40 times over into one file
// longer than two default reads (as a long log is its reports again and again).
const REAL_LOG = new URL('../../fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt', import.meta.url);
let dir: string;
let logPath: string;
let text: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'benchfolio-read-'));
  logPath = join(dir, 'iostat.txt');
  text = readFileSync(REAL_LOG, 'utf8').repeat(40);
  writeFileSync(logPath, text);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readTextChunks', () => {
  test('reads a file in DEFAULT_CHUNK_BYTES reads, the text whole and in order', async () => {
    expect(text.length).toBeGreaterThan(2 * DEFAULT_CHUNK_BYTES);
    const chunks: string[] = [];
    const progress: number[] = [];
    for await (const chunk of readTextChunks(logPath, { onProgress: ({ bytesRead }) => progress.push(bytesRead) })) {
      chunks.push(chunk);
    }
    expect(chunks.join('')).toBe(text);
    // The log is ASCII: a chunk's characters are its bytes. Every read but the last is a whole one.
    expect(chunks.slice(0, -1).every((chunk) => chunk.length === DEFAULT_CHUNK_BYTES)).toBe(true);
    expect(progress[0]).toBe(DEFAULT_CHUNK_BYTES);
  });

  test('reads the size asked for', async () => {
    const chunks: string[] = [];
    for await (const chunk of readTextChunks(logPath, { chunkBytes: 4096 })) chunks.push(chunk);
    expect(chunks[0]?.length).toBe(4096);
  });
});
