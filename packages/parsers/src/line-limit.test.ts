import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinRegistry } from './builtin.ts';
import { ParseError } from './errors.ts';
import { _readJobOptionKeys } from './fio/fingerprint-text.ts';
import { parseFio } from './fio/index.ts';
import { _findLongLine, MAX_LINE_CHARS } from './line-limit.ts';
import { readTextBatches } from './lines.ts';

// Adversarial inputs made from real outputs: a fio 3.33 json+ output (randrw, two jobs, made
// here) whose first job name is 10 MB of "a", and a real iostat log with such a device name.

const FIO_JSON = readFileSync(
  new URL('../fixtures/fio/fio-3.33--randrw-2jobs-direct.jsonplus.json', import.meta.url),
  'utf8',
);
const IOSTAT_LOG = readFileSync(
  new URL('../fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt', import.meta.url),
  'utf8',
);
const LONG_NAME = 'a'.repeat(10_000_000);
/** The raw text's line of the first `"jobname" : "randrw"` (1-based), read off the text. */
const JOBNAME_LINE = FIO_JSON.slice(0, FIO_JSON.indexOf('"jobname" : "randrw"')).split('\n').length;
const FIO_LONG_NAME = FIO_JSON.replace('"jobname" : "randrw"', `"jobname" : "${LONG_NAME}"`);

/** The ParseError a parse throws, or undefined. */
function errorOf(parse: () => unknown): ParseError | undefined {
  try {
    parse();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  return undefined;
}

async function streamErrorOf(chunks: string[], name: string): Promise<ParseError | undefined> {
  async function* read() {
    yield* chunks;
  }
  try {
    for await (const _ of builtinRegistry.parseStream(read(), { name })) {
      // Each output is dropped: only the error matters.
    }
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  return undefined;
}

/** A text cut into chunks of `size` characters, as a file is read. */
function chunked(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
}

describe('the 64 KiB line limit', () => {
  it('is more than any real output line: fio json+, an iostat log and the corpus pass it', () => {
    expect(JOBNAME_LINE).toBe(14);
    expect(_findLongLine(FIO_JSON)).toBe(-1);
    expect(_findLongLine(IOSTAT_LOG)).toBe(-1);
  });

  it('finds a line one character over the limit, and none at the limit', () => {
    const atLimit = `x\n${'b'.repeat(MAX_LINE_CHARS)}\ny`;
    expect(_findLongLine(atLimit)).toBe(-1);
    expect(_findLongLine(`x\n${'b'.repeat(MAX_LINE_CHARS + 1)}\ny`)).toBe(2);
    expect(_findLongLine('b'.repeat(MAX_LINE_CHARS + 1))).toBe(0);
  });

  it('parse refuses a 10 MB fio job name as LINE_TOO_LONG at its line and the 65,537th column', () => {
    const error = errorOf(() => builtinRegistry.parse(FIO_LONG_NAME, { name: 'fio.json' }));
    expect(error).toMatchObject({ code: 'LINE_TOO_LONG', line: JOBNAME_LINE, column: MAX_LINE_CHARS + 1 });
    expect(error?.toString()).toMatch(/^fio\.json:14:65537: line is longer than 65,536 characters/);
    // The tool's own function refuses it alike, with the tool named.
    const own = errorOf(() => parseFio(FIO_LONG_NAME, { name: 'fio.json' }));
    expect(own).toMatchObject({ code: 'LINE_TOO_LONG', tool: 'fio', line: JOBNAME_LINE, column: MAX_LINE_CHARS + 1 });
  });

  it('parseStream refuses it at the same line and column, in any chunk size', async () => {
    for (const size of [1000, 120 * 1024, 1024 * 1024]) {
      const error = await streamErrorOf(chunked(FIO_LONG_NAME, size), 'fio.json');
      expect(error, `chunks of ${size}`).toMatchObject({
        code: 'LINE_TOO_LONG',
        file: 'fio.json',
        line: JOBNAME_LINE,
        column: MAX_LINE_CHARS + 1,
      });
    }
  });

  it('a streamed iostat log (read report by report) refuses a 10 MB device name at its line', async () => {
    const deviceLine = IOSTAT_LOG.split('\n').findIndex((line) => /^loop0\s/.test(line));
    expect(deviceLine).toBeGreaterThan(0);
    const lines = IOSTAT_LOG.split('\n');
    lines[deviceLine] = `${LONG_NAME}${(lines[deviceLine] as string).slice('loop0'.length)}`;
    const log = lines.join('\n');
    for (const size of [4096, 120 * 1024]) {
      const error = await streamErrorOf(chunked(log, size), 'iostat.txt');
      expect(error).toMatchObject({ code: 'LINE_TOO_LONG', line: deviceLine + 1, column: MAX_LINE_CHARS + 1 });
    }
    expect(errorOf(() => builtinRegistry.parse(log))).toMatchObject({ code: 'LINE_TOO_LONG', line: deviceLine + 1 });
  });

  it('readTextBatches stops a line that never ends (`/dev/zero`) at the limit', async () => {
    async function* zeros() {
      for (;;) yield '\u0000'.repeat(10_000);
    }
    const read = async () => {
      for await (const _ of readTextBatches(zeros(), { name: '/dev/zero' })) {
        // No batch comes: the one line never ends.
      }
    };
    await expect(read()).rejects.toMatchObject({ code: 'LINE_TOO_LONG', line: 1, column: MAX_LINE_CHARS + 1 });
  });
});

describe('fio fingerprints of a long job name', () => {
  it('reads the job options of a 10 MB job name without overflowing the stack', () => {
    const keys = _readJobOptionKeys(FIO_LONG_NAME);
    const real = _readJobOptionKeys(FIO_JSON);
    // The first job's block is read under its long name, the second under its own.
    expect(keys.get(LONG_NAME)).toEqual(real.get('randrw'));
    expect([...(keys.get('randrw') ?? [])]).toEqual([...(real.get('randrw') ?? [])]);
    expect(real.get('randrw')?.has('rw')).toBe(true);
  });

  it('reads a job name of escaped quotes, 5 MB of them, as the JSON string it is', () => {
    const escaped = '\\"'.repeat(2_500_000);
    const keys = _readJobOptionKeys(FIO_JSON.replace('"jobname" : "randrw"', `"jobname" : "${escaped}"`));
    expect(keys.get('"'.repeat(2_500_000))?.has('rw')).toBe(true);
  });
});
