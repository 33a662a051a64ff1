import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { corpusDir, readCorpusFile } from '../../test/corpus.ts';
import { checkParserProperty } from '../../test/properties.ts';
import { ParseError } from '../errors.ts';
import { DD } from './context.ts';
import { DdResultSchema, parseDd } from './index.ts';

// Real outputs: the dd 9.1 fixtures made here and the published copies of the corpus.
const FIXTURES = fileURLToPath(new URL('../../fixtures/dd/', import.meta.url));
const fixtures = readdirSync(FIXTURES)
  .filter((name) => name.includes('.input.'))
  .map((name) => readFileSync(join(FIXTURES, name), 'utf8'));
const corpus = readdirSync(join(corpusDir(), 'dd')).map((name) => readCorpusFile(corpusDir(), `dd/${name}`).text);

/**
 * parseDd, its result checked against DdResultSchema, and the tool of its ParseErrors checked here and left out of the property's own
 * check, which only knows the tools of TOOL_NAMES: that goes when dd is registered.
 */
function parse(input: string): unknown {
  try {
    const output = parseDd(input);
    // Every result the parser returns is one its schema accepts (a ZodError fails the property).
    DdResultSchema.parse(output.result);
    return output;
  } catch (error) {
    if (!(error instanceof ParseError) || error.tool !== DD) throw error;
    const { code, message, format, line, column } = error;
    const lineText = input.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)[line - 1] ?? '';
    throw new ParseError({ code, message, tool: null, format, line, column, lineText });
  }
}

describe('parseDd on mutated real outputs', () => {
  it('gives a result or a ParseError for any mutation or truncation of a dd 9.1 fixture', () => {
    checkParserProperty(parse, fixtures, { numRuns: 300 });
  });

  it('gives a result or a ParseError for any mutation or truncation of a published dd output', () => {
    checkParserProperty(parse, corpus, { numRuns: 300 });
  });
});
