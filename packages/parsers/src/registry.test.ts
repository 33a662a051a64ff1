import { describe, expect, expectTypeOf, it } from 'vitest';
import { catchParseError } from '../test/catch-parse-error.ts';
import { standInParser as headerParser } from '../test/stand-in-parser.ts';
import { ParseError } from './errors.ts';
import { parse, safeParse } from './index.ts';
import { DETECT_HEAD_CHARS, type ToolOutput, type ToolParser } from './parser.ts';
import { createRegistry } from './registry.ts';
import type { ToolName } from './tools.ts';

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('parse() with the built-in registry', () => {
  it('rejects a text that is no benchmark output with UNKNOWN_FORMAT at its first line', () => {
    const error = catchParseError(() => parse('\n\nHello, world\n', { name: 'notes.txt' }));
    expect(error).toMatchObject({ code: 'UNKNOWN_FORMAT', line: 3, column: 1, file: 'notes.txt' });
    expect(error.toString()).toMatch(/^notes\.txt:3:1: not a recognised benchmark output; tried: /);
  });

  it('rejects an empty input with EMPTY_INPUT', () => {
    expect(catchParseError(() => parse(''))).toMatchObject({ code: 'EMPTY_INPUT', line: 1, column: 1 });
    expect(catchParseError(() => parse('\r\n  \n'))).toMatchObject({ code: 'EMPTY_INPUT' });
  });

  it('safeParse returns the error instead of throwing it', () => {
    const result = safeParse('nothing to see');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error).toBeInstanceOf(ParseError);
  });
});

describe('createRegistry', () => {
  const registry = createRegistry([headerParser('fio', 'tool:fio'), headerParser('sysbench', 'tool:sys', 0.5)]);

  it('dispatches to the parser that recognises the input', () => {
    const output = registry.parse('tool:fio\nbw=1\n');
    expect(output).toMatchObject({ tool: 'fio', format: 'kv', result: { bw: 1 } });
    // A registry's outputs are its parsers': here ToolOutput<ToolName, Record<string, number>>.
    expectTypeOf(output).toEqualTypeOf<ToolOutput<ToolName, Record<string, number>>>();
  });

  it('lists every detection, most confident first', () => {
    const both = createRegistry([headerParser('sysbench', 'tool', 0.5), headerParser('fio', 'tool', 0.9)]);
    expect(both.detectAll('tool:x\n').map((d) => d.tool)).toEqual(['fio', 'sysbench']);
    expect(both.detect('tool:x\n')?.tool).toBe('fio');
    expect(both.parse('tool:x\n').tool).toBe('fio');
  });

  it('names what it tried when nothing matches', () => {
    const error = catchParseError(() => registry.parse('something else'));
    expect(error.code).toBe('UNKNOWN_FORMAT');
    expect(error.message).toContain('fio (kv), sysbench (kv)');
  });

  it('a given tool skips the others', () => {
    const error = catchParseError(() => registry.parse('tool:fio\n', { tool: 'sysbench' }));
    expect(error).toMatchObject({ code: 'UNKNOWN_FORMAT', tool: 'sysbench' });
  });

  it('a given tool and format skip detection', () => {
    expect(registry.parse('no header\nx=1\n', { tool: 'fio', format: 'kv' }).result).toEqual({ x: 1 });
  });

  it('refuses a tool it has no parser for with UNSUPPORTED', () => {
    expect(catchParseError(() => registry.parse('x', { tool: 'iostat' }))).toMatchObject({ code: 'UNSUPPORTED' });
  });

  it('refuses an unknown format, and a format two tools share without a tool', () => {
    expect(catchParseError(() => registry.parse('x', { format: 'json' })).message).toContain('"json"');
    expect(catchParseError(() => registry.parse('x', { format: 'kv' })).message).toContain('give the tool');
  });

  it("passes the parser's ParseError through with the file name", () => {
    const error = catchParseError(() => registry.parse('tool:fio\r\nbw=1\r\noops\r\n', { name: 'run.txt' }));
    expect(error).toMatchObject({ code: 'UNEXPECTED_LINE', line: 3, column: 1, file: 'run.txt' });
  });

  it('detection reads only the head of the input', () => {
    const seen: number[] = [];
    const spy: ToolParser = {
      ...headerParser('fio', 'tool:fio'),
      detect: (head) => {
        seen.push(head.length);
        return null;
      },
    };
    const text = 'x'.repeat(DETECT_HEAD_CHARS * 3);
    createRegistry([spy]).detect(text);
    expect(Math.max(...seen)).toBeLessThanOrEqual(DETECT_HEAD_CHARS);
  });
});

describe('parseStream', () => {
  it('gives the same output as parse for a parser that does not stream', async () => {
    const registry = createRegistry([headerParser('fio', 'tool:fio')]);
    const text = `tool:fio\n${Array.from({ length: 20_000 }, (_, i) => `k${i}=${i}`).join('\r\n')}\n`;
    const outputs = await collect(registry.parseStream(chunksOf(text, 4096)));
    expect(outputs).toEqual([registry.parse(text)]);
  });

  it("hands every line, the head included, as text batches to a parser's parseTextStream", async () => {
    const streaming: ToolParser<unknown> = {
      ...headerParser('fio', 'tool:fio'),
      parse: () => {
        throw new Error('parse() must not be called for a stream');
      },
      async *parseTextStream(batches, format) {
        for await (const { text } of batches) {
          yield { tool: 'fio', format, toolVersion: null, result: text.split('\n'), measurements: [], warnings: [] };
        }
      },
    };
    const lines = ['tool:fio', ...Array.from({ length: 30_000 }, (_, i) => `line ${i}`)];
    const outputs = await collect(createRegistry([streaming]).parseStream(chunksOf(`${lines.join('\r\n')}\r\n`, 1000)));
    expect(outputs.flatMap((output) => output.result as string[])).toEqual(lines);
  });

  it('closes the input when the caller stops early', async () => {
    const streaming: ToolParser = {
      ...headerParser('fio', 'tool:fio'),
      async *parseTextStream(batches, format) {
        for await (const { text } of batches)
          yield { tool: 'fio', format, toolVersion: null, result: text, measurements: [], warnings: [] };
      },
    };
    const registry = createRegistry([streaming]);
    let isClosed = false;
    async function* input() {
      try {
        yield 'tool:fio\n';
        for (;;) yield `${'x'.repeat(60_000)}\n`;
      } finally {
        isClosed = true;
      }
    }
    for await (const _output of registry.parseStream(input())) break;
    expect(isClosed).toBe(true);
  });

  it('rejects an unrecognised stream with UNKNOWN_FORMAT', async () => {
    const registry = createRegistry([headerParser('fio', 'tool:fio')]);
    await expect(collect(registry.parseStream(chunksOf('plain text\n'.repeat(10_000), 100)))).rejects.toMatchObject({
      code: 'UNKNOWN_FORMAT',
    });
  });
});
