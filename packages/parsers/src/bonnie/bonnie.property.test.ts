import { describe, it } from 'vitest';
import { corpusFiles } from '../../test/corpus.ts';
import { checkParserProperty } from '../../test/properties.ts';
import { parseBonnie } from './index.ts';

// Real outputs of each format: the tables (with or without their CSV line) and the CSV lines.
const files = corpusFiles('bonnie');
const tables = files.filter((file) => file.text.includes('Sequential Output')).map((file) => file.text);
const csvLines = files
  .flatMap((file) => file.text.split('\n'))
  .filter((line) => /^[\d.]+,[\d.]+[a-z]?,/.test(line))
  .map((line) => `${line}\n`);

describe('parseBonnie on mutated real outputs', () => {
  it('gives a result or a ParseError for any mutation of a table', () => {
    checkParserProperty((input) => parseBonnie(input), tables, { numRuns: 200 });
  });

  it('gives a result or a ParseError for any mutation of a CSV line', () => {
    checkParserProperty((input) => parseBonnie(input, { format: 'csv' }), csvLines, { numRuns: 200 });
  });
});
