import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { catchParseError } from '../test/catch-parse-error.ts';
import { createRegistry } from './registry.ts';
import { readText } from './text.ts';
import { defineTool } from './tool.ts';

// A tool made up for the tests: "kv" lines under a "tool:sys" header; `plain` reads them
// without the header. It stands in for sysbench's name: a definition names a tool of the package.
const KvSchema = z.object({ values: z.record(z.string(), z.number()), scale: z.number() });

function kvTool(options: { defaultFormat?: 'kv' | 'plain'; marks?: string } = {}) {
  return defineTool({
    name: 'sysbench',
    title: 'kv-bench',
    formats: ['kv', 'plain'],
    ...options,
    detect: (head) =>
      head.startsWith('tool:sys') ? { tool: 'sysbench', format: 'kv', version: '1.0', confidence: 0.9 } : null,
    parse(source, format, parseOptions?: { scale?: number }) {
      const values: Record<string, number> = {};
      const lines = source.text.split('\n').slice(format === 'kv' ? 1 : 0);
      for (const line of lines) {
        const [key, value] = line.split('=');
        if (key !== undefined && key !== '' && value !== undefined) values[key] = Number(value);
      }
      return { result: { values, scale: parseOptions?.scale ?? 1 }, toolVersion: '1.0', warnings: [] };
    },
    measurements: (result) =>
      Object.entries(result.values).map(([metric, value]) => ({
        tool: 'sysbench' as const,
        metric,
        unit: 'count' as const,
        value: value * result.scale,
        labels: {},
      })),
    resultSchema: KvSchema,
    // One workload per key, named by it; the context's command is its summary.
    fingerprints: (result, context) =>
      Object.keys(result.values).map((key, run) => ({
        tool: 'sysbench' as const,
        workload: key,
        run,
        line: null,
        kind: { category: 'other' as const, access: null, op: null, source: null },
        summary: context.command ?? 'no command',
        fields: [],
      })),
  });
}

describe('defineTool', () => {
  const tool = kvTool();

  it('parse() reads the format detection names, and the output names tool and format', () => {
    const output = tool.parse('tool:sys\r\na=1\r\n');
    expect(output).toMatchObject({ tool: 'sysbench', format: 'kv', toolVersion: '1.0', result: { values: { a: 1 } } });
    expectTypeOf(output.result).toEqualTypeOf<z.output<typeof KvSchema>>();
  });

  it('parse() hands the options beyond format and name to the definition', () => {
    expect(tool.parse('tool:sys\na=2\n', { scale: 10 }).measurements).toEqual([
      { tool: 'sysbench', metric: 'a', unit: 'count', value: 20, labels: {} },
    ]);
  });

  it('parse() with a format skips detection', () => {
    expect(tool.parse('a=1\n', { format: 'plain' }).result.values).toEqual({ a: 1 });
  });

  it('parse() without a format reads the default format when detection finds none', () => {
    expect(kvTool({ defaultFormat: 'plain' }).parse('b=3\n')).toMatchObject({
      format: 'plain',
      result: { values: { b: 3 } },
    });
  });

  it('parse() without a default format rejects what detection does not recognise, at its first content', () => {
    const error = catchParseError(() => tool.parse('\n  b=3\n', { name: 'x.txt' }));
    expect(error).toMatchObject({ code: 'UNKNOWN_FORMAT', tool: 'sysbench', format: null, line: 2, column: 3 });
    expect(error.message).toBe('not a recognised kv-bench output; formats: kv, plain');
    const marked = kvTool({ marks: '"tool:sys" header' });
    expect(catchParseError(() => marked.parse('b=3\n')).message).toBe(
      'not kv-bench output: no "tool:sys" header found',
    );
  });

  it('parse() rejects an input of white space with EMPTY_INPUT', () => {
    expect(catchParseError(() => tool.parse(' \r\n\n'))).toMatchObject({ code: 'EMPTY_INPUT', tool: 'sysbench' });
  });

  it('the registry parser rejects a format the tool does not have with UNSUPPORTED', () => {
    expect(catchParseError(() => tool.parser.parse(readText('a=1'), 'csv'))).toMatchObject({
      code: 'UNSUPPORTED',
      tool: 'sysbench',
      format: 'csv',
    });
  });

  it('safeParse() returns the ParseError', () => {
    const parsed = tool.safeParse('');
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.code).toBe('EMPTY_INPUT');
  });

  it('detect() reads the head of a text as readText normalizes it', () => {
    expect(tool.detect('\uFEFFtool:sys\r\n')).toMatchObject({ tool: 'sysbench', format: 'kv' });
    expect(tool.detect('something else')).toBeNull();
  });

  it("fingerprints() hands a result and the context, {} when none is given, to the definition's", () => {
    const { result } = tool.parse('tool:sys\na=1\nb=2\n');
    const fingerprints = tool.fingerprints(result, { command: 'kv a b' });
    expect(fingerprints.map(({ workload, summary }) => [workload, summary])).toEqual([
      ['a', 'kv a b'],
      ['b', 'kv a b'],
    ]);
    expect(tool.fingerprints(result).map((fingerprint) => fingerprint.summary)).toEqual(['no command', 'no command']);
  });

  it('builds the measurements when they are first read, once', () => {
    let builds = 0;
    const counted = defineTool({
      name: 'fio',
      formats: ['kv'],
      defaultFormat: 'kv',
      detect: () => null,
      parse: () => ({ result: {}, toolVersion: null, warnings: [] }),
      measurements: () => {
        builds++;
        return [];
      },
      resultSchema: z.object({}),
      fingerprints: () => [],
    });
    const output = counted.parse('x');
    expect(builds).toBe(0);
    expect(output.measurements).toBe(output.measurements);
    expect(builds).toBe(1);
  });

  it('gives the registry a parser that dispatches like the tool', () => {
    const registry = createRegistry([tool.parser]);
    expect(registry.parse('tool:sys\na=1\n')).toEqual(tool.parse('tool:sys\na=1\n'));
  });
});
