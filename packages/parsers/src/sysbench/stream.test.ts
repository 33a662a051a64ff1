import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../errors.ts';
import { readTextBatches } from '../lines.ts';
import type { ToolOutput } from '../parser.ts';
import { createRegistry } from '../registry.ts';
import { parseSysbench, sysbenchParser } from './index.ts';
import type { SysbenchResult } from './schema.ts';
import { streamSysbenchOutputs } from './stream.ts';

/**
 * sysbench's stream (stream.ts) on a log of appended real runs: one output per run, handed out
 * once the next run starts, the same measurements as parse, and parse's warnings and failures.
 */

// Six runs of sysbench 1.0.20 (cpu, memory, fileio prepare/run/cleanup...), the first with
// `--report-interval=1`: `[ 1s ] thds: 2 eps: 5792.58 lat (ms,95%): 0.29`.
const LOG = readFileSync(
  new URL('../../fixtures/sysbench/sysbench-1.0.20--report-interval.input.txt', import.meta.url),
  'utf8',
);
const RUNS_PER_LOG = 6;

type Output = ToolOutput<'sysbench', SysbenchResult>;

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

async function streamed(text: string, size = 700): Promise<{ outputs: Output[]; error: ParseError | null }> {
  const outputs: Output[] = [];
  try {
    for await (const output of streamSysbenchOutputs(readTextBatches(chunksOf(text, size)), 'log.txt')) {
      outputs.push(output);
    }
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    return { outputs, error };
  }
  return { outputs, error: null };
}

const json = (outputs: readonly Output[]) => outputs.flatMap((o) => o.measurements).map((m) => JSON.stringify(m));

describe('sysbench stream', () => {
  it('gives one output per run, with the measurements and warnings parse gives', async () => {
    const text = LOG.repeat(20);
    const { outputs, error } = await streamed(text);
    expect(error).toBeNull();
    expect(outputs).toHaveLength(RUNS_PER_LOG * 20);
    const first = outputs[0]?.result.runs[0];
    // `[ 1s ] thds: 2 eps: 5792.58 lat (ms,95%): 0.29` ... `[ 5s ] ...`
    expect(first?.intervals).toHaveLength(5);
    expect(first?.intervals[0]?.eventsPerSec).toBe(5792.58);
    // The second copy's first run starts on the log's line count plus one.
    expect(outputs[RUNS_PER_LOG]?.result.runs[0]?.line).toBe(LOG.split('\n').length);
    const whole = parseSysbench(text);
    expect(json(outputs)).toEqual(whole.measurements.map((m) => JSON.stringify(m)));
    expect(outputs.flatMap((o) => o.warnings)).toEqual(whole.warnings);
  });

  it('hands a run out before the input ends (memory holds a run, not the log)', async () => {
    const lines = LOG.repeat(200).split('\n');
    let linesPulled = 0;
    async function* slowly(): AsyncGenerator<string> {
      for (const line of lines) {
        linesPulled++;
        yield `${line}\n`;
      }
    }
    const registry = createRegistry([sysbenchParser]);
    const iterator = registry.parseStream(slowly(), { tool: 'sysbench' })[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value?.result.runs[0]?.intervals).toHaveLength(5);
    expect(linesPulled).toBeLessThan(lines.length);
    await iterator.return?.(undefined);
  });

  it('warns TRUNCATED on the run cut short, and on the last output for a next header cut', async () => {
    // The first run cut after its second interval line, then the whole log: the cut run warns.
    const cut = LOG.slice(0, LOG.indexOf('[ 3s ]'));
    const text = `${cut}${LOG.repeat(10)}sysbench 1.0.20 (using sys`;
    const { outputs, error } = await streamed(text);
    expect(error).toBeNull();
    expect(outputs[0]?.warnings).toEqual([expect.objectContaining({ code: 'TRUNCATED', line: 1 })]);
    expect(outputs.at(-1)?.warnings).toEqual([expect.objectContaining({ code: 'TRUNCATED', column: 1 })]);
    expect(outputs.flatMap((o) => o.warnings)).toEqual(expect.arrayContaining(parseSysbench(text).warnings));
    // Whole runs: no warning.
    expect((await streamed(LOG.repeat(10))).outputs.flatMap((o) => o.warnings)).toEqual([]);
  });

  it('fails as parse does when no run got to its statistics, and when there is no run', async () => {
    // The header and options of the first run only: `Threads started!` and nothing after it.
    const header = LOG.slice(0, LOG.indexOf('[ 1s ]'));
    const { outputs, error } = await streamed(header);
    expect(error?.code).toBe('TRUNCATED');
    expect(() => parseSysbench(header)).toThrowError(
      expect.objectContaining({ code: 'TRUNCATED', line: error?.line, column: error?.column }),
    );
    expect(outputs).toEqual([]);
    const none = await streamed('$ ls\n'.repeat(5000));
    expect(none.error?.code).toBe('MISSING_SECTION');
    expect(none.error?.line).toBe(1);
  });
});
