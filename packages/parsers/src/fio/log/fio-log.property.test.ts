import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { corpusDir, corpusFiles, readCorpusFile } from '../../../test/corpus.ts';
import { checkParserProperty } from '../../../test/properties.ts';
import { FioLogResultSchema } from './schema.ts';
import { parseFioLog } from './tool.ts';

// Real logs: the fio 3.33 fixtures made here (the histogram logs left out: a line of 1859
// fields makes each mutated input slow to shrink) and the published ones of the corpus.
const FIXTURES = fileURLToPath(new URL('../../../fixtures/fio-log/', import.meta.url));
const names = readdirSync(FIXTURES).filter((name) => name.endsWith('.log'));
const sampleLogs = names
  .filter((name) => !name.includes('_hist'))
  .map((name) => readFileSync(join(FIXTURES, name), 'utf8'));
const histogramLogs = names
  .filter((name) => name.includes('_hist'))
  .map((name) => readFileSync(join(FIXTURES, name), 'utf8'));
// The published logs: sample logs (fio 2.1 to 3.16) and histogram logs (fio 2.17's 1216 bins,
// fio 3.7's 1856), apart for the same reason as above.
const corpusLogs = corpusFiles('fio-log');
const corpus = corpusLogs.filter((file) => !file.name.includes('_clat_hist.')).map((file) => file.text);
const corpusHistogramLogs = [
  ...corpusLogs.filter((file) => file.name.includes('_clat_hist.')),
  // fio 3.7's client histogram log, rejected as it is (its bins are not counts).
  readCorpusFile(corpusDir(), 'fio-log/invalid/pbench__fio-3.7-fio_clat_hist.1.log.perf36'),
].map((file) => file.text);

/** parseFioLog as each format reads it, its result checked against the schema. */
const parseAs =
  (format: 'log' | 'clat-log' | 'bw-log' | 'hist-log') =>
  (input: string): unknown => {
    const output = parseFioLog(input, { format });
    FioLogResultSchema.parse(output.result);
    return output;
  };

describe('parseFioLog on mutated real logs', () => {
  it('gives a result or a ParseError for any mutation or truncation of a fio 3.33 sample log', () => {
    checkParserProperty(parseAs('clat-log'), sampleLogs, { numRuns: 300 });
    checkParserProperty(parseAs('log'), sampleLogs, { numRuns: 200 });
  });

  it('gives a result or a ParseError for any mutation or truncation of a published fio log', () => {
    checkParserProperty(parseAs('bw-log'), corpus, { numRuns: 200 });
  });

  it('gives a result or a ParseError for any mutation or truncation of a histogram log', () => {
    checkParserProperty(parseAs('hist-log'), histogramLogs, { numRuns: 40 });
  });

  it('gives a result or a ParseError for any mutation or truncation of a published histogram log', () => {
    checkParserProperty(parseAs('hist-log'), corpusHistogramLogs, { numRuns: 40 });
  });
});
