import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { checkParserProperty } from '../../test/properties.ts';
import { parseSadf, SadfResultSchema } from './index.ts';

// Real outputs: the sysstat 12.6.1 fixtures made here and sysstat's own published ones.
const FIXTURES = fileURLToPath(new URL('../../fixtures/sadf/', import.meta.url));
const fixtures = readdirSync(FIXTURES)
  .filter((name) => name.includes('.input.'))
  .map((name) => readFileSync(join(FIXTURES, name), 'utf8'));
const corpus = readdirSync(join(corpusDir(), 'sadf')).map((name) => readCorpusFile(corpusDir(), `sadf/${name}`).text);

/** parseSadf, its result checked against SadfResultSchema (a ZodError fails the property). */
function parse(input: string): unknown {
  const output = parseSadf(input, { format: 'json' });
  SadfResultSchema.parse(output.result);
  return output;
}

describe('parseSadf on mutated real outputs', () => {
  it('gives a result or a ParseError for any mutation or truncation of a sysstat 12.6.1 fixture', () => {
    checkParserProperty(parse, fixtures, { numRuns: 300 });
  });

  it('gives a result or a ParseError for any mutation or truncation of a published sadf -j output', () => {
    checkParserProperty(parse, corpus, { numRuns: 200 });
  });
});
