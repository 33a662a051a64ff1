import { execFile, spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { mutatedSample } from '../../test/mutations.ts';
import { chunksAt, cutsIn } from '../../test/ndjson-outcome.ts';
import { truncationInputs } from '../../test/truncation.ts';
import { builtinRegistry } from '../builtin.ts';
import { ParseError } from '../errors.ts';
import { readTextBatches } from '../lines.ts';
import type { Measurement } from '../measurement.ts';
import type { ToolOutput } from '../parser.ts';
import { readText } from '../text.ts';
import { MAX_DD_INPUT_CHARS, parseDd, safeParseDd } from './index.ts';
import type { DdResult } from './schema.ts';
import { streamDdOutputs } from './stream.ts';

/**
 * dd's stream (stream.ts) against parse. The stream cuts its text once 64 KiB have come: here
 * every batch is a place to cut (`minTryChars` 1), so that real outputs go through the seams.
 * dd's measurements keep their `run` label (runs are counted across pieces): compared as they come.
 */

type Outcome = { measurements: string[]; warnings: string[] } | { error: string };
type DdOutput = ToolOutput<'dd', DdResult>;

const rowsOf = (measurements: readonly Measurement[]) =>
  measurements.map((m) => JSON.stringify([m.metric, m.unit, m.value, m.labels]));

function errorOf(error: unknown): Outcome {
  if (!(error instanceof ParseError)) throw error;
  return { error: `${error.code} at ${error.line}:${error.column}` };
}

function parsed(text: string): Outcome {
  try {
    const output = parseDd(text);
    return { measurements: rowsOf(output.measurements), warnings: output.warnings.map((w) => w.code).sort() };
  } catch (error) {
    return errorOf(error);
  }
}

async function streamed(text: string, cuts: readonly number[]): Promise<{ outcome: Outcome; outputs: DdOutput[] }> {
  const outputs: DdOutput[] = [];
  try {
    for await (const output of streamDdOutputs(readTextBatches(chunksAt(text, cuts)), 'x', 1)) outputs.push(output);
  } catch (error) {
    return { outcome: errorOf(error), outputs };
  }
  const measurements = rowsOf(outputs.flatMap((output) => output.measurements));
  const warnings = outputs.flatMap((output) => output.warnings.map((w) => w.code)).sort();
  return { outcome: { measurements, warnings }, outputs };
}

/** Cuts after every line: each comes in a batch of its own. */
const everyLine = (text: string) => [...text.matchAll(/\n/g)].map((m) => m.index + 1);

/** What a shell script printed on standard error, in the C locale. */
function stderrOf(script: string): Promise<string> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', script], { env: { ...process.env, LC_ALL: 'C' }, encoding: 'utf8' }, (_e, _out, err) =>
      resolve(err),
    );
  });
}

const isGnuDd = /^dd \((?:GNU )?coreutils\) /.test(spawnSync('dd', ['--version'], { encoding: 'utf8' }).stdout ?? '');
if (!isGnuDd && process.env.CI) throw new Error('GNU dd is not installed, and CI must run these tests');

// Four dd runs appended to one log, as a script looping dd writes it, after dd's version line: a
// status=progress copy from a pipe that stalls (so that dd prints progress while it waits), a
// status=noxfer copy (no transfer line), a plain copy, and the progress copy again. The noxfer
// run comes before the plain one: a progress line right after its records lines would be read as
// its transfer line (assemble.ts).
const SLOW = 'slow() { head -c 1048576 /dev/zero; sleep 1.2; head -c 1048576 /dev/zero; }';
const SCRIPT = [
  SLOW,
  'dd --version | head -n 1 >&2',
  'slow | dd of=/dev/null bs=64k status=progress',
  'dd if=/dev/zero of=/dev/null bs=1k count=5 status=noxfer',
  'dd if=/dev/zero of=/dev/null bs=1M count=3',
  'slow | dd of=/dev/null bs=64k status=progress',
].join('\n');

describe.runIf(isGnuDd)('dd stream on a log of real runs', () => {
  let log = '';
  beforeAll(async () => {
    log = await stderrOf(SCRIPT);
  }, 30_000);

  it('hands out each run as an output, with the measurements and warnings parse gives', async () => {
    // A records-in line per run (`25+107 records in`, `5+0 records in`, `3+0 records in`, ...): four.
    const runs = log.match(/^\d+\+\d+ records in$/gm)?.length;
    expect(runs).toBe(4);
    const { outcome, outputs } = await streamed(log, everyLine(log));
    expect(outcome).toEqual(parsed(log));
    expect(outputs).toHaveLength(4);
    // The noxfer run (`5+0 records in`, `5+0 records out`, then `3+0 records in`) among runs with theirs.
    expect('warnings' in outcome && outcome.warnings).toContain('NO_TRANSFER_LINE');
    // The version line, `dd (coreutils) 9.1`, goes with every run after it.
    const version = /^dd \(coreutils\) (\S+)$/m.exec(log)?.[1];
    expect(outputs.map((output) => output.toolVersion)).toEqual([version, version, version, version]);
    // The first progress statement as dd printed it: `1048576 bytes (1.0 MB, 1.0 MiB) copied, 1 s, ...`.
    const first = /(\d+) bytes \([^)]*\) copied, (\d+) s, /.exec(log);
    expect(outputs[0]?.result.runs[0]?.progress[0]?.bytesCopied).toBe(Number(first?.[1]));
    expect(outputs.map((output) => output.result.runs[0]?.index)).toEqual([0, 1, 2, 3]);
  });

  it('gives the same in chunks cut anywhere', async () => {
    const cuts = fc.sample(cutsIn(log), { numRuns: 20, seed: 3939 });
    for (const at of cuts) expect((await streamed(log, at)).outcome).toEqual(parsed(log));
  });

  it('hands out the first run before the input ends', async () => {
    // The log and its runs again: a run is handed out once the next is read, and a report is
    // settled once it has a transfer line and five lines follow it (the noxfer run waits for the
    // plain one).
    const lines = `${log}${log.slice(log.indexOf('\n') + 1)}`.split('\n');
    let given = 0;
    async function* slowly(): AsyncGenerator<string> {
      for (const line of lines) {
        given++;
        yield `${line}\n`;
      }
    }
    for await (const output of streamDdOutputs(readTextBatches(slowly()), 'x', 1)) {
      expect(output.result.runs[0]?.index).toBe(0);
      expect(given).toBeLessThan(lines.length);
      break;
    }
  });

  it('reads a log past parse limit, which parse refuses as TOO_LARGE', async () => {
    // The runs after the version line, again and again: a long loop of dd.
    const runs = log.slice(log.indexOf('\n') + 1);
    const copies = Math.ceil((2 * MAX_DD_INPUT_CHARS) / runs.length);
    const text = log + runs.repeat(copies - 1);
    expect(safeParseDd(text)).toMatchObject({ success: false, error: { code: 'TOO_LARGE' } });
    let count = 0;
    let last: DdOutput | undefined;
    for await (const output of builtinRegistry.parseStream(
      chunksAt(
        text,
        everyLine(text).filter((_, i) => i % 97 === 0),
      ),
    )) {
      count += (output as DdOutput).result.runs.length;
      last = output as DdOutput;
    }
    expect(count).toBe(4 * copies);
    // The last run's transfer line, `2097152 bytes (2.1 MB, 2.0 MiB) copied, ...`: a whole copy of the slow pipe.
    expect(last?.result.runs[0]?.transfer?.bytesCopied).toBe(2 * 1048576);
    expect(last?.result.runs[0]?.index).toBe(4 * copies - 1);
  });

  it('fails as parse fails, where parse fails', async () => {
    // The plain run's `3+0 records out` line taken away: its records-in line stands alone.
    const broken = log.replace(/^3\+0 records out\n/m, '');
    expect(broken).not.toBe(log);
    const whole = parsed(broken);
    expect(whole).toHaveProperty('error');
    expect((await streamed(broken, everyLine(broken))).outcome).toEqual(whole);
  });
});

describe('dd stream on mutated real outputs, cut into chunks anywhere', () => {
  const texts = truncationInputs('dd').map((input) => input.text);
  const samples = fc.sample(
    mutatedSample(texts).chain((sample) => fc.tuple(fc.constant(sample), cutsIn(sample.text))),
    { numRuns: Number(process.env.EQ_RUNS ?? 100), seed: 3939 },
  );
  it.each(samples.map(([sample, cuts], index) => [index, sample.mutations.join('+'), sample.text, cuts]))(
    'gives parse the same measurements, warnings or error: sample %i (%s)',
    async (_index, _name, text, cuts) => {
      // Known gap, as in test/stream-equivalence: an HTML-escaped copy is decoded as a whole by parse.
      if (readText(text as string).wasHtmlEscaped) return;
      const whole = parsed(text as string);
      if ('error' in whole && whole.error.startsWith('EMPTY_INPUT')) return;
      expect((await streamed(text as string, cuts as number[])).outcome).toEqual(whole);
      // Cut after every line, each line is a batch, and a place to cut.
      expect((await streamed(text as string, everyLine(text as string))).outcome).toEqual(whole);
    },
  );
});
