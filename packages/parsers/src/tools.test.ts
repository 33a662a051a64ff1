import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { corpusFiles } from '../test/corpus.ts';
import type { BonnieResult, FioResult, IostatResult, ParseOutput, ResultOf, SysbenchResult } from './index.ts';
import * as api from './index.ts';
import { TOOL_NAMES, TOOLS, type ToolName } from './tools.ts';

/** `fio` -> `Fio`, `fio-log` -> `FioLog`: the per-tool names are `parseFio`, `FioResultSchema`, ... */
const capitalized = (name: string) =>
  name
    .split('-')
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join('');

/** The README's tool table as the definitions give it. */
function toolTable(): string {
  const code = (words: readonly string[]) => words.map((word) => `\`${word}\``).join(', ');
  return [
    '| tool | `tool` / `--tool` | formats (`format` / `--format`) | read when none is detected | functions | result schema |',
    '|---|---|---|---|---|---|',
    ...TOOLS.map((tool) => {
      const name = capitalized(tool.name);
      const functions = code([`parse${name}`, `safeParse${name}`, `detect${name}`]);
      const fallback = tool.defaultFormat === undefined ? '(none: UNKNOWN_FORMAT)' : code([tool.defaultFormat]);
      return `| ${tool.title} | \`${tool.name}\` | ${code(tool.formats)} | ${fallback} | ${functions} | \`${name}ResultSchema\` |`;
    }),
  ].join('\n');
}

describe('the tool list', () => {
  it('names each tool once, in the order of TOOLS', () => {
    expect(TOOL_NAMES).toEqual(TOOLS.map((tool) => tool.name));
    expect(new Set(TOOL_NAMES).size).toBe(TOOL_NAMES.length);
  });

  it.each(TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s has its functions and result schema exported from the package under their names',
    (_name, tool) => {
      const name = capitalized(tool.name);
      const exported = new Map(Object.entries(api));
      expect(exported.get(`parse${name}`)).toBe(tool.parse);
      expect(exported.get(`safeParse${name}`)).toBe(tool.safeParse);
      expect(exported.get(`detect${name}`)).toBe(tool.detect);
      expect(exported.get(`${name}ResultSchema`)).toBe(tool.resultSchema);
    },
  );

  it('is the table at the top of the README\'s "Tools" section', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const marker = '<!-- tools: the table below is checked against the definitions (src/tools.test.ts) -->\n';
    const start = readme.indexOf(marker);
    expect(start, 'the README has the tool table under its marker comment').toBeGreaterThan(-1);
    const table = readme.slice(start + marker.length, readme.indexOf('\n\n', start));
    expect(table).toBe(toolTable());
  });
});

describe('ParseOutput', () => {
  it('is a union discriminated on tool: a check of the tool narrows the result, no cast', () => {
    const [fio] = corpusFiles('fio');
    const output = api.parse(fio?.text ?? '');
    expect(output.tool).toBe('fio');
    if (output.tool === 'fio') {
      expectTypeOf(output.result).toEqualTypeOf<FioResult>();
      expect(output.result.runs.length).toBeGreaterThan(0);
    }
    if (output.tool === 'iostat') expectTypeOf(output.result.reports).toEqualTypeOf<IostatResult['reports']>();
  });

  it("ParseOutput<'fio'> is fio's member, ResultOf<'fio'> its result", () => {
    expectTypeOf<ParseOutput<'fio'>['result']>().toEqualTypeOf<FioResult>();
    expectTypeOf<ResultOf<'bonnie'>>().toEqualTypeOf<BonnieResult>();
    // One member per tool of TOOLS, whichever they are.
    expectTypeOf<ParseOutput>().toEqualTypeOf<{ [Tool in ToolName]: ParseOutput<Tool> }[ToolName]>();
    expectTypeOf(api.parseSysbench).returns.toEqualTypeOf<ParseOutput<'sysbench'>>();
    expectTypeOf<ParseOutput<'sysbench'>['result']>().toEqualTypeOf<SysbenchResult>();
  });
});
