import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusFiles } from '../../../test/corpus.ts';
import { mutatedOutput } from '../../../test/mutations.ts';
import {
  chunksAt,
  cutsIn,
  expectRegistryNdjson,
  expectSameNdjson,
  type NdjsonOutcome,
} from '../../../test/ndjson-outcome.ts';
import { readTextBatches } from '../../lines.ts';
import { fioLogNdjson, fioLogNdjsonStream } from './ndjson.ts';
import type { FioLogFormat } from './reader.ts';
import { MAX_PIECE_ROWS, streamFioLogOutputs } from './stream.ts';
import { fioLogParser } from './tool.ts';

/**
 * The `--ndjson` stream of a fio log (fioLogNdjsonStream: rows written from the reader's
 * buffers) against the typed path (streamFioLogOutputs, then fioLogNdjson for each output): the
 * same bytes, and the same error after the same bytes, for every real log cut into chunks
 * anywhere, and for damaged copies.
 */

const FIXTURES = fileURLToPath(new URL('../../../fixtures/fio-log/', import.meta.url));
const fixtureLogs = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.log'))
  .map((name) => ({ name, text: readFileSync(join(FIXTURES, name), 'utf8') }));
const corpusLogs = corpusFiles('fio-log').map((file) => ({ name: file.name, text: file.text }));
const LOGS = [...fixtureLogs, ...corpusLogs];
const decoder = new TextDecoder();

async function* typedPath(chunks: AsyncIterable<string>, format: FioLogFormat, file: string) {
  for await (const output of streamFioLogOutputs(readTextBatches(chunks), format, file)) {
    yield decoder.decode(fioLogNdjson(output, file, false));
  }
}

async function expectSameOutput(
  text: string,
  cuts: readonly number[],
  format: FioLogFormat,
  file: string,
): Promise<NdjsonOutcome> {
  return expectSameNdjson(
    () => typedPath(chunksAt(text, cuts), format, file),
    () => fioLogNdjsonStream(readTextBatches(chunksAt(text, cuts)), format, file),
  );
}

describe('fioLogNdjsonStream', () => {
  it('has real logs to compare', () => {
    expect(fixtureLogs.length).toBeGreaterThanOrEqual(16);
    expect(corpusLogs.length).toBeGreaterThanOrEqual(1);
  });

  it.each(LOGS.map(({ name, text }) => [name, text]))(
    'writes the bytes of the typed path for %s, whole and in chunks of 7 and 4096 characters',
    async (name, text) => {
      const everyOffset = (size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, k) => k * size);
      const whole = await expectSameOutput(text, [], 'log', `dir/${name}`);
      expect(whole.error).toBeNull();
      expect(whole.text.split('\n').length).toBeGreaterThan(1);
      for (const size of [7, 4096]) await expectSameOutput(text, everyOffset(size), 'log', `dir/${name}`);
    },
  );

  it(`writes the bytes of the typed path for a batch of more than ${MAX_PIECE_ROWS} rows, cut into pieces`, async () => {
    const { name, text } = fixtureLogs.find((log) => log.name.endsWith('perio-offset-prio_clat.1.log')) as {
      name: string;
      text: string;
    };
    const lines = text.trimEnd().split('\n');
    const long = `${Array.from({ length: Math.ceil((MAX_PIECE_ROWS * 2.5) / lines.length) }, () => lines.join('\n')).join('\n')}\n`;
    const { text: written } = await expectSameOutput(long, [], 'clat-log', name);
    // The first line is a batch of its own (readTextBatches), then three pieces, then the summary.
    expect(written.trimEnd().split('\n').length).toBe(5);
  });

  it('writes the bytes of the typed path for every real log cut into chunks anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LOGS).chain((log) => fc.tuple(fc.constant(log), cutsIn(log.text))),
        async ([{ name, text }, cuts]) => {
          await expectSameOutput(text, cuts, 'log', name);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('writes the same bytes, then the same error at the same line and column, for damaged logs', async () => {
    const sampleLogs = LOGS.filter(({ name }) => !name.includes('_hist')).map(({ text }) => text);
    let errors = 0;
    await fc.assert(
      fc.asyncProperty(
        mutatedOutput(sampleLogs).chain((text) => fc.tuple(fc.constant(text), cutsIn(text))),
        async ([text, cuts]) => {
          if ((await expectSameOutput(text, cuts, 'clat-log', 'log.txt')).error !== null) errors++;
        },
      ),
      { numRuns: 200 },
    );
    expect(errors).toBeGreaterThan(0);
  });
});

describe('the registry with the fio log --ndjson stream', () => {
  // Longer than the head detection reads, so that the registry streams rather than parses whole.
  const { name, text } = fixtureLogs.find((log) => log.name.endsWith('perio-offset-prio_clat.1.log')) as {
    name: string;
    text: string;
  };
  const long = `${text}`.repeat(Math.ceil((200 * 1024) / text.length));

  it('hands the --ndjson bytes of a long log, the same as parseStream and ndjson of each output', async () => {
    await expectRegistryNdjson(fioLogParser, long, name, 3);
  });
});
