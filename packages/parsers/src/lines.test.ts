import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLines, readTextBatches, TextSplitter } from './lines.ts';

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

describe('readTextBatches', () => {
  it('gives whole lines as text: the line a chunk ends, then the lines it holds whole', async () => {
    async function* source() {
      yield* ['a\nb', 'c\r', '\nd\ne\n\nf', 'g'];
    }
    const texts: string[] = [];
    for await (const batch of readTextBatches(source())) texts.push(batch.text);
    expect(texts).toEqual(['a', 'bc', 'd', 'e\n', 'fg']);
  });

  it('marks the last batch isUnterminated when the input ends inside its last line, and only then', async () => {
    async function* source(chunks: string[]) {
      yield* chunks;
    }
    const marks = async (chunks: string[]) => {
      const seen: [string, boolean][] = [];
      for await (const batch of readTextBatches(source(chunks))) seen.push([batch.text, batch.isUnterminated === true]);
      return seen;
    };
    expect(await marks(['1000, 2345\n1500, 23'])).toEqual([
      ['1000, 2345', false],
      ['1500, 23', true],
    ]);
    expect(await marks(['1000, 2345\n15', '00, 2345\r\n'])).toEqual([
      ['1000, 2345', false],
      ['1500, 2345', false],
    ]);
  });

  it('gives the lines of the whole text, however the text is cut', () => {
    const piece = fc.constantFrom('a', 'bc', '\n', '\r', '\r\n', ' ', '\uFEFF', 'é');
    fc.assert(
      fc.property(
        fc.array(
          fc.array(piece, { maxLength: 6 }).map((parts) => parts.join('')),
          { maxLength: 8 },
        ),
        (chunks) => {
          // The whole text: a first BOM dropped, every line end made one \n, no line after the last one.
          const whole = chunks
            .join('')
            .replace(/^\uFEFF/, '')
            .replace(/\r\n?/g, '\n');
          const expected = whole === '' ? [] : whole.replace(/\n$/, '').split('\n');
          const textSplitter = new TextSplitter();
          const lines: string[] = [];
          for (const chunk of chunks) {
            for (const batch of textSplitter.push(chunk)) lines.push(...batch.text.split('\n'));
          }
          const last = textSplitter.end();
          if (last !== undefined) lines.push(...last.text.split('\n'));
          expect(lines).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
