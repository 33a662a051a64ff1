import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusDir, corpusFiles } from '../../test/corpus.ts';
import { mutatedOutput } from '../../test/mutations.ts';
import {
  chunksAt,
  cutsIn,
  expectRegistryNdjson,
  expectSameNdjson,
  type NdjsonOutcome,
} from '../../test/ndjson-outcome.ts';
import { readTextBatches } from '../lines.ts';
import { iostatNdjson } from './ndjson.ts';
import { iostatNdjsonStream } from './ndjson-stream.ts';
import { streamIostatOutputs } from './stream.ts';
import { iostatParser } from './tool.ts';

/**
 * The `--ndjson` fast path (ndjson-stream.ts) against the typed path it replaces
 * (streamIostatOutputs, then iostatNdjson for each output): the same bytes, and the same error
 * after the same bytes, for every real text log, cut into chunks anywhere, and for damaged copies.
 */

const FILE = 'log.txt';
const decoder = new TextDecoder();

const FIXTURE_DIR = new URL('../../fixtures/iostat/', import.meta.url);
const fixtureTexts = readdirSync(FIXTURE_DIR)
  .filter((name) => name.endsWith('.input.txt'))
  .map((name) => ({ name, text: readFileSync(new URL(name, FIXTURE_DIR), 'utf8') }));
const corpusTexts = corpusFiles('iostat', corpusDir())
  .filter((file) => file.name.endsWith('.txt'))
  .map((file) => ({ name: file.name, text: file.text }));
const TEXTS = [...fixtureTexts, ...corpusTexts];

async function* typedPath(chunks: AsyncIterable<string>): AsyncGenerator<string | Uint8Array> {
  for await (const output of streamIostatOutputs(readTextBatches(chunks), 'text', FILE)) {
    // A view of the writer's buffer: decoded before the next output is written.
    yield decoder.decode(iostatNdjson(output, FILE, false) as Uint8Array);
  }
}

function fastPath(chunks: AsyncIterable<string>): AsyncIterable<Uint8Array> {
  const stream = iostatNdjsonStream(readTextBatches(chunks), 'text', FILE);
  if (stream === null) throw new Error('no fast path for text');
  return stream;
}

async function expectSameOutput(text: string, cuts: readonly number[]): Promise<NdjsonOutcome> {
  return expectSameNdjson(
    () => typedPath(chunksAt(text, cuts)),
    () => fastPath(chunksAt(text, cuts)),
  );
}

describe('iostatNdjsonStream', () => {
  it('has real logs to compare', () => {
    expect(fixtureTexts.length).toBeGreaterThanOrEqual(9);
    expect(corpusTexts.length).toBeGreaterThanOrEqual(30);
  });

  it.each(TEXTS.map(({ name, text }) => [name, text]))(
    'writes the bytes of the typed path for %s, whole and in chunks of 1, 7 and 64 characters',
    async (_name, text) => {
      const everyOffset = (size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, k) => k * size);
      const whole = await expectSameOutput(text, []);
      // Not a vacuous comparison: each real log gives lines, or (one cut short) a truncated piece.
      expect(whole.text.length).toBeGreaterThan(0);
      for (const size of [1, 7, 64]) await expectSameOutput(text, everyOffset(size));
    },
  );

  it('writes the bytes of the typed path for every real log cut into chunks anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TEXTS).chain(({ text }) => fc.tuple(fc.constant(text), cutsIn(text))),
        async ([text, cuts]) => {
          await expectSameOutput(text, cuts);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes the same bytes, then the same error at the same line and column, for damaged logs', async () => {
    let errors = 0;
    await fc.assert(
      fc.asyncProperty(
        mutatedOutput(TEXTS.map(({ text }) => text)).chain((text) => fc.tuple(fc.constant(text), cutsIn(text))),
        async ([text, cuts]) => {
          if ((await expectSameOutput(text, cuts)).error !== null) errors++;
        },
      ),
      { numRuns: 400 },
    );
    // The damage reaches the error cases, not only the happy path.
    expect(errors).toBeGreaterThan(0);
  });

  it.each([
    ['a row with a --human suffix', 'sysstat__v12.7-iostat-human.txt', /\d(k|M|%)\s/],
    ['--pretty tables merged by device', 'sysstat__v12.7-iostat-x-pretty.txt', /Device\s*$/m],
    ['decimal commas', null, /\d,\d\d/],
  ])('falls back to the careful reading, with the same bytes, for %s', async (_what, name, pattern) => {
    const candidates = name === null ? TEXTS : TEXTS.filter((entry) => entry.name.endsWith(name));
    const found = candidates.find(({ text }) => pattern.test(text));
    expect(found).toBeDefined();
    await expectSameOutput((found as { text: string }).text, []);
  });

  it('gives no fast path for JSON logs: the typed path writes them', () => {
    expect(iostatNdjsonStream(readTextBatches(chunksAt('{}', [])), 'json', FILE)).toBeNull();
  });
});

describe('the registry with the iostat fast path', () => {
  // Longer than the head detection reads, so that the registry streams rather than parses whole.
  const log = (fixtureTexts.find(({ name }) => name.includes('x-t-k-p-all')) as { text: string }).text;
  const long = `${log}\n`.repeat(Math.ceil((200 * 1024) / log.length));

  it('hands the --ndjson bytes of a long log, the same as parseStream and ndjson of each output', async () => {
    await expectRegistryNdjson(iostatParser, long, FILE, 50);
  });
});
