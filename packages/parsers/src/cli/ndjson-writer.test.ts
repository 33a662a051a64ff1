import { describe, expect, test } from 'vitest';
import { BatchedWriter } from './ndjson-writer.ts';

/** An output that keeps what it is handed, as a stream that queues a write would. */
function keepingOutput(isWriteSynchronous: boolean) {
  const written: Uint8Array[] = [];
  return {
    written,
    stdout: { write: (data: string | Uint8Array) => written.push(data as Uint8Array), isWriteSynchronous },
  };
}

describe('BatchedWriter', () => {
  const lent = () => new Uint8Array(300 * 1024).fill(65);

  test('copies the bytes a hook lends when the output may queue them: the hook reuses its buffer', async () => {
    const { written, stdout } = keepingOutput(false);
    const writer = new BatchedWriter(stdout);
    const piece = lent();
    await writer.write(piece);
    await writer.flush();
    piece.fill(66);
    expect(written).toHaveLength(1);
    expect(written[0]?.every((byte) => byte === 65)).toBe(true);
  });

  test('writes a batch-sized piece as it is when each write is done when write() returns', async () => {
    const { written, stdout } = keepingOutput(true);
    const writer = new BatchedWriter(stdout);
    const piece = lent();
    expect(writer.write(piece)).toBeUndefined();
    expect(written[0]).toBe(piece);
  });

  test('keeps the order of gathered bytes and a piece written as it is', async () => {
    const { written, stdout } = keepingOutput(true);
    const writer = new BatchedWriter(stdout);
    await writer.write(new Uint8Array([1, 2]));
    await writer.write(lent());
    await writer.flush();
    expect(written.map((bytes) => bytes.length)).toEqual([2, 300 * 1024]);
  });
});
