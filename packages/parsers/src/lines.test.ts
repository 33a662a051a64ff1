import { describe, expect, it } from 'vitest';
import { readLineBatches, readLines } from './lines.ts';

async function collect(chunks: string[]): Promise<string[]> {
  async function* source() {
    yield* chunks;
  }
  const lines: string[] = [];
  for await (const line of readLines(source())) lines.push(line);
  return lines;
}

describe('readLines', () => {
  it('splits on LF, CRLF and a lone CR', async () => {
    expect(await collect(['a\nb\r\nc\rd\n'])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('joins a line cut between chunks', async () => {
    expect(await collect(['Devi', 'ce: sda', '\nnext'])).toEqual(['Device: sda', 'next']);
  });

  it('treats a CRLF cut between two chunks as one line end', async () => {
    expect(await collect(['a\r', '\nb\r', '', '\nc'])).toEqual(['a', 'b', 'c']);
  });

  it('keeps empty lines, and gives no empty line after a final line end', async () => {
    expect(await collect(['a\n\nb\n'])).toEqual(['a', '', 'b']);
  });

  it('drops a BOM at the start, even after empty chunks', async () => {
    expect(await collect(['', '\uFEFFLinux 6.1.0\n'])).toEqual(['Linux 6.1.0']);
  });

  it('reads a web ReadableStream', async () => {
    const stream = new ReadableStream<string>({
      start(controller) {
        controller.enqueue('x\ny');
        controller.enqueue('\n');
        controller.close();
      },
    });
    const lines: string[] = [];
    for await (const line of readLines(stream)) lines.push(line);
    expect(lines).toEqual(['x', 'y']);
  });

  it('gives nothing for an empty input', async () => {
    expect(await collect([])).toEqual([]);
  });
});

describe('readLineBatches', () => {
  it('gives the lines of each chunk as one array, a line cut between chunks in the later one', async () => {
    async function* source() {
      yield* ['a\nb', 'c\r', '\nd\n', 'e'];
    }
    const batches: string[][] = [];
    for await (const lines of readLineBatches(source())) batches.push(lines);
    expect(batches).toEqual([['a'], ['bc'], ['d'], ['e']]);
  });
});
