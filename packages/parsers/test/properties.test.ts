import { describe, expect, it } from 'vitest';
import { _errorAt, ParseError, type ParseErrorCode } from '../src/errors.ts';
import type { ToolOutput, ToolParser } from '../src/parser.ts';
import { createRegistry } from '../src/registry.ts';
import type { TextSource } from '../src/text.ts';
import { allCorpusFiles } from './corpus.ts';
import { checkParserProperty, expectResultOrParseError } from './properties.ts';
import { standInParser } from './stand-in-parser.ts';

// Fixed seeds keep these tests deterministic: they test the helpers, not a parser.
const SEED = 20240601;

const corpusTexts = allCorpusFiles().map((file) => file.text);

/** Small outputs of the test-only `key=value` format below. */
const keyValueTexts = [
  'read_iops=7118\nwrite_iops=42\n',
  'bw=1234.5\r\nlat.p99=0.25\r\n',
  '\nruntime_ms=50320\n\nerrors=0',
];

const KEY_VALUE = /^([a-z_][a-z0-9_.]*)=(.*)$/;
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

function errorAt(source: TextSource, offset: number, code: ParseErrorCode, message: string): ParseError {
  return _errorAt(source, offset, { code, message, tool: 'fio', format: 'kv' });
}

/** A correct test-only parser: `key=value` lines with decimal values, blank lines allowed. */
function parseKeyValues(source: TextSource): ToolOutput {
  const values: Record<string, number> = {};
  let lineOffset = 0;
  for (const line of source.text.split('\n')) {
    const offset = lineOffset;
    lineOffset += line.length + 1;
    if (line.trim() === '') continue;
    const match = KEY_VALUE.exec(line);
    if (match === null) {
      throw errorAt(
        source,
        offset,
        'UNEXPECTED_LINE',
        `expected "key=value", found ${JSON.stringify(line.slice(0, 40))}`,
      );
    }
    const [, key = '', text = ''] = match;
    const value = Number(text);
    if (!DECIMAL.test(text) || !Number.isFinite(value)) {
      throw errorAt(
        source,
        offset + key.length + 1,
        'BAD_NUMBER',
        `expected a decimal number, found ${JSON.stringify(text.slice(0, 40))}`,
      );
    }
    values[key] = value;
  }
  if (Object.keys(values).length === 0) {
    throw errorAt(source, 0, 'MISSING_SECTION', 'expected at least one "key=value" line');
  }
  const measurements = Object.entries(values).map(([metric, value]) => ({
    tool: 'fio' as const,
    metric,
    unit: 'count' as const,
    value,
    labels: {},
  }));
  return { tool: 'fio', format: 'kv', toolVersion: null, result: values, measurements, warnings: [] };
}

/** A buggy parser: it trusts every line to hold `=` followed by digits. */
function parseKeyValuesCarelessly(source: TextSource): ToolOutput {
  let digitCount = 0;
  for (const line of source.text.split('\n')) {
    if (line === '') continue;
    // A line without "=", or a value not starting with a digit, makes this a TypeError.
    const value = line.split('=')[1] as string;
    digitCount += (value.match(/^\d+/) as RegExpMatchArray)[0].length;
  }
  if (digitCount === 0) throw errorAt(source, 0, 'MISSING_SECTION', 'expected a "key=value" line');
  return parseKeyValues(source);
}

function keyValueParser(parse: (source: TextSource) => ToolOutput): ToolParser {
  return {
    tool: 'fio',
    formats: ['kv'],
    detect: (head) =>
      KEY_VALUE.test(head.trimStart().split('\n')[0] ?? '')
        ? { tool: 'fio', format: 'kv', version: null, confidence: 0.5 }
        : null,
    parse: (source) => parse(source),
  };
}

const emptyRegistry = createRegistry([]);
const keyValueRegistry = createRegistry([keyValueParser(parseKeyValues)]);
const carelessRegistry = createRegistry([keyValueParser(parseKeyValuesCarelessly)]);

/** Forces the format, so that detection never shields the parser from an input. */
const parseAsKeyValues = (input: string) => keyValueRegistry.parse(input, { tool: 'fio', format: 'kv' });
const parseAsKeyValuesCarelessly = (input: string) => carelessRegistry.parse(input, { tool: 'fio', format: 'kv' });

function parseError(line: number, column: number, overrides: Partial<{ code: string; message: string }> = {}) {
  return new ParseError({
    code: (overrides.code ?? 'BAD_NUMBER') as ParseErrorCode,
    message: overrides.message ?? 'expected a number, found "x"',
    tool: 'fio',
    format: 'kv',
    line,
    column,
    lineText: '',
  });
}

function throwing(error: unknown): () => never {
  return () => {
    throw error;
  };
}

describe('expectResultOrParseError', () => {
  it('accepts a parse that returns a value', () => {
    expect(() => expectResultOrParseError(() => ({ ok: true }), 'a=1')).not.toThrow();
  });

  it('accepts a ParseError that points inside the input', () => {
    expect(() => expectResultOrParseError(throwing(parseError(2, 3)), 'a=1\nb=xyz')).not.toThrow();
  });

  it('accepts a ParseError one column past the end of a line', () => {
    expect(() => expectResultOrParseError(throwing(parseError(1, 4)), 'a=1')).not.toThrow();
  });

  it('accepts a ParseError on the empty line after a final line end', () => {
    expect(() => expectResultOrParseError(throwing(parseError(2, 1)), 'a=1\r\n')).not.toThrow();
  });

  it('rejects a TypeError and shows it with the input', () => {
    expect(() => expectResultOrParseError(throwing(new TypeError('Cannot read properties of null')), 'a=1\nb')).toThrow(
      /threw TypeError: Cannot read properties of null[\s\S]*input \(5 chars, 2 lines\): "a=1\\nb"/,
    );
  });

  it('rejects a RangeError', () => {
    expect(() => expectResultOrParseError(throwing(new RangeError('Invalid array length')), 'x')).toThrow(/RangeError/);
  });

  it('rejects a thrown value that is not an Error, undefined included', () => {
    expect(() => expectResultOrParseError(throwing('oops'), 'x')).toThrow(/non-Error value: oops/);
    expect(() => expectResultOrParseError(throwing(undefined), 'x')).toThrow(/non-Error value/);
  });

  it('rejects a ParseError at line 0', () => {
    expect(() => expectResultOrParseError(throwing(parseError(0, 1)), 'a=1')).toThrow(
      /line 0 is outside the input's lines 1 to 1/,
    );
  });

  it('rejects a ParseError past the last line', () => {
    expect(() => expectResultOrParseError(throwing(parseError(3, 1)), 'a=1\nb=2')).toThrow(/line 3 is outside/);
  });

  it('rejects a ParseError at column 0 or past the end of its line', () => {
    expect(() => expectResultOrParseError(throwing(parseError(1, 0)), 'a=1')).toThrow(/column 0/);
    expect(() => expectResultOrParseError(throwing(parseError(1, 5)), 'a=1')).toThrow(/column 5/);
  });

  it('rejects a ParseError with an empty message', () => {
    expect(() => expectResultOrParseError(throwing(parseError(1, 1, { message: ' ' })), 'a=1')).toThrow(
      /message is empty/,
    );
  });

  it('rejects a ParseError with a code not in PARSE_ERROR_CODES', () => {
    expect(() => expectResultOrParseError(throwing(parseError(1, 1, { code: 'OOPS' })), 'a=1')).toThrow(/code "OOPS"/);
  });

  it('rejects a parse function that returns a Promise', () => {
    expect(() => expectResultOrParseError(() => Promise.resolve(1), 'a=1')).toThrow(/Promise/);
  });

  it('counts the lines after a BOM as readText does', () => {
    expect(() => expectResultOrParseError(throwing(parseError(1, 4)), '\uFEFFa=1')).not.toThrow();
  });
});

describe('checkParserProperty', () => {
  it('passes for a registry with no parsers, over every corpus output', () => {
    checkParserProperty((input) => emptyRegistry.parse(input), corpusTexts, { numRuns: 100, seed: SEED });
  });

  it('passes for a registry with no parsers asked for a tool', () => {
    checkParserProperty((input) => emptyRegistry.parse(input, { tool: 'iostat' }), corpusTexts, {
      numRuns: 50,
      seed: SEED,
    });
  });

  it('passes for a key=value parser that reports every bad line with a ParseError', () => {
    checkParserProperty(parseAsKeyValues, keyValueTexts, { numRuns: 300, seed: SEED });
  });

  it('passes for a key=value parser fed real outputs of every tool', () => {
    checkParserProperty(parseAsKeyValues, corpusTexts, { numRuns: 100, seed: SEED });
  });

  it('passes for a registry detecting the key=value format among real outputs', () => {
    checkParserProperty((input) => keyValueRegistry.parse(input), [...keyValueTexts, ...corpusTexts], {
      numRuns: 100,
      seed: SEED,
    });
  });

  it('passes for the shared stand-in parser, detected by its header line', () => {
    const registry = createRegistry([standInParser('fio', 'KV')]);
    const texts = ['KV\nreads=12\nwrites=3\n', 'KV\r\nops=7'];
    checkParserProperty((input) => registry.parse(input), texts, { numRuns: 200, seed: SEED });
  });

  it('fails for a parser that throws a TypeError on some mutated input', () => {
    // The originals parse: only a mutation (a prompt line, junk, a replaced number) breaks it.
    for (const text of keyValueTexts) expect(() => parseAsKeyValuesCarelessly(text)).not.toThrow();
    expect(() => checkParserProperty(parseAsKeyValuesCarelessly, keyValueTexts, { numRuns: 200, seed: SEED })).toThrow(
      /TypeError/,
    );
  });

  it('fails for a parser that reports its errors at line 0', () => {
    const parseAtLineZero = (input: string) => {
      if (input.includes('=')) return {};
      throw parseError(0, 1);
    };
    expect(() => checkParserProperty(parseAtLineZero, keyValueTexts, { numRuns: 200, seed: SEED })).toThrow(
      /line 0 is outside/,
    );
  });

  it('tries each original unmutated before any mutated input', () => {
    const [original = ''] = keyValueTexts;
    const crashOnOriginal = (input: string) => {
      if (input === original) throw new TypeError('crashed on the original');
      return {};
    };
    expect(() => checkParserProperty(crashOnOriginal, [original], { numRuns: 1, seed: SEED })).toThrow(
      /crashed on the original/,
    );
  });

  it('names the source and the mutations in the counterexample', () => {
    expect(() => checkParserProperty(parseAsKeyValuesCarelessly, keyValueTexts, { numRuns: 200, seed: SEED })).toThrow(
      /source: #\d, mutations: \[\w+/,
    );
  });
});
