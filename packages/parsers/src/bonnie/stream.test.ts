import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../errors.ts';
import { readTextBatches } from '../lines.ts';
import type { ToolOutput } from '../parser.ts';
import { createRegistry } from '../registry.ts';
import { bonnieParser, parseBonnie } from './index.ts';
import type { BonnieResult } from './schema.ts';
import { streamBonnieOutputs } from './stream.ts';

/**
 * bonnie++'s stream (stream.ts) on CSV files of real lines: one output per line, handed out as
 * the lines are read, the same measurements as parse, and parse's failures at the end.
 */

const corpus = (name: string) => readFileSync(new URL(`../../fixtures/corpus/bonnie/${name}`, import.meta.url), 'utf8');
// 1.96,1.96,perfkit-7b22f510-0,1,1421800799,7423M,,,,72853,15,47358,5,,,156821,7,537.7,10,100,...
const PKB = corpus('pkb__bonnie-1.96-csv.csv').trim();
// 1.97,1.97,wifo3-02,1,1438076799,63G,,1905,91,364656,24,119264,12,3457,86,306391,14,439.5,17,16,...
const WIFO = corpus('wifo3-2__bonnie-1.97-raid-rebuilding.csv').trim();

/** The two real lines, alternating, `count` lines in all. */
function csvOf(count: number): string {
  return Array.from({ length: count }, (_, index) => (index % 2 === 0 ? PKB : WIFO)).join('\n');
}

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

type Output = ToolOutput<'bonnie', BonnieResult>;

async function streamed(text: string, size = 1000): Promise<{ outputs: Output[]; error: ParseError | null }> {
  const outputs: Output[] = [];
  try {
    for await (const output of streamBonnieOutputs(readTextBatches(chunksOf(text, size)), 'csv', 'r.csv')) {
      outputs.push(output);
    }
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    return { outputs, error };
  }
  return { outputs, error: null };
}

describe('bonnie++ CSV stream', () => {
  it('gives one output per CSV line, with the measurements parse gives', async () => {
    const text = `${csvOf(400)}\n`;
    const { outputs, error } = await streamed(text);
    expect(error).toBeNull();
    expect(outputs).toHaveLength(400);
    // pkb: `...,7423M,,,,72853,15,...`: put_block 72853 K/sec; wifo3-02: `...,63G,,1905,91,364656,24,...`
    expect(outputs[0]?.result.runs[0]?.name).toBe('perfkit-7b22f510-0');
    expect(outputs[0]?.measurements.find((m) => m.metric === 'put_block')?.value).toBe(72853 * 1024);
    expect(outputs[1]?.result.runs[0]?.name).toBe('wifo3-02');
    expect(outputs[1]?.measurements.find((m) => m.metric === 'put_block')?.value).toBe(364656 * 1024);
    expect(outputs[1]?.result.runs[0]?.line).toBe(2);
    const whole = parseBonnie(text).measurements.map((m) => JSON.stringify(m));
    expect(outputs.flatMap((output) => output.measurements).map((m) => JSON.stringify(m))).toEqual(whole);
  });

  it('hands a run out before the input ends (memory holds the run read last, not the file)', async () => {
    const lines = csvOf(2000).split('\n');
    let linesPulled = 0;
    async function* slowly(): AsyncGenerator<string> {
      for (const line of lines) {
        linesPulled++;
        yield `${line}\n`;
      }
    }
    const registry = createRegistry([bonnieParser]);
    const iterator = registry.parseStream(slowly(), { tool: 'bonnie' })[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value?.result.runs[0]?.name).toBe('perfkit-7b22f510-0');
    expect(linesPulled).toBeLessThan(lines.length);
    await iterator.return?.(undefined);
  });

  it('fails at a last line cut short, after the runs before it, as parse does', async () => {
    // A versioned CSV line cut after its version fields: `1.98,2.0`.
    const text = `${csvOf(300)}\n1.98,2.0\n`;
    const { outputs, error } = await streamed(text);
    expect(outputs.length).toBeGreaterThan(0);
    expect(error?.code).toBe('TRUNCATED');
    expect(error?.line).toBe(301);
    expect(() => parseBonnie(text)).toThrowError(expect.objectContaining({ code: 'TRUNCATED', line: 301 }));
    // Not cut: the same runs end the input without an error.
    expect((await streamed(`${csvOf(300)}\n`)).error).toBeNull();
  });

  it('puts the warning about lines after the last run on the last output', async () => {
    const text = `${csvOf(300)}\n$ echo done\n`;
    const { outputs } = await streamed(text);
    expect(outputs.at(-1)?.warnings).toEqual([
      expect.objectContaining({ code: 'SKIPPED_LINES', line: 301, column: 1 }),
    ]);
    expect(parseBonnie(text).warnings).toEqual(outputs.at(-1)?.warnings);
    // Without such a line, no warning.
    expect((await streamed(`${csvOf(300)}\n`)).outputs.flatMap((output) => output.warnings)).toEqual([]);
  });

  it('fails without a CSV line as parse does: MISSING_SECTION at the first content', async () => {
    const text = `\n${'$ ls\n'.repeat(20_000)}`;
    const { outputs, error } = await streamed(text, 4096);
    expect(outputs).toEqual([]);
    expect(error?.code).toBe('MISSING_SECTION');
    expect(error?.line).toBe(2);
  });
});
