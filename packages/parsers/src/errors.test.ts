import { describe, expect, it } from 'vitest';
import { _errorAt, isParseError, PARSE_ERROR_CODES, ParseError } from './errors.ts';
import { readText } from './text.ts';

// A job line of fio 1.57 from the seed "Benchmarking disk IO on ext3 vs ext4 vs xfs with fio".
const FIO_157_WRITE = '  write: io=596856KB, bw=56946KB/s, iops=7118 , runt= 10481msec';

describe('ParseError', () => {
  it('toString() is FILE:LINE:COL: message when a file is known', () => {
    const source = readText(`random-write-direct: (groupid=0, jobs=5): err= 0: pid=2447\n${FIO_157_WRITE}\n`, {
      name: 'ext3.txt',
    });
    const error = _errorAt(source, source.text.indexOf('7118'), {
      code: 'BAD_NUMBER',
      tool: 'fio',
      format: 'normal',
      message: 'expected a number after "iops="',
    });
    expect(error.toString()).toBe('ext3.txt:2:42: expected a number after "iops="');
  });

  it('toString() is LINE:COL: message without a file', () => {
    const error = _errorAt(readText('x\ny'), 2, { code: 'TRUNCATED', tool: null, format: null, message: 'cut' });
    expect(error.toString()).toBe('2:1: cut');
  });

  it('carries code, tool, format, line, column and a snippet with a caret under the column', () => {
    const source = readText(FIO_157_WRITE);
    const error = _errorAt(source, source.text.indexOf('bw='), {
      code: 'UNKNOWN_UNIT',
      tool: 'fio',
      format: 'normal',
      message: 'unknown unit',
    });
    expect(error).toBeInstanceOf(Error);
    expect(isParseError(error)).toBe(true);
    expect(error.toJSON()).toMatchInlineSnapshot(`
      {
        "code": "UNKNOWN_UNIT",
        "column": 23,
        "file": undefined,
        "format": "normal",
        "line": 1,
        "message": "unknown unit",
        "name": "ParseError",
        "snippet": "  write: io=596856KB, bw=56946KB/s, iops=7118 , runt= 10481msec
                            ^",
        "tool": "fio",
      }
    `);
  });

  it('a snippet of a long line is cut to about 80 characters around the column', () => {
    const line = `${'a'.repeat(200)}X${'b'.repeat(200)}`;
    const source = readText(line);
    const error = _errorAt(source, 200, { code: 'UNEXPECTED_LINE', tool: null, format: null, message: 'x' });
    const [shown = '', caret = ''] = error.snippet.split('\n');
    expect(shown.length).toBeLessThanOrEqual(82);
    expect(shown.startsWith('…')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown[caret.length - 1]).toBe('X');
  });

  it('a snippet shows tabs as spaces so the caret lines up', () => {
    const error = new ParseError({
      code: 'BAD_NUMBER',
      tool: 'iostat',
      format: 'text',
      line: 1,
      column: 3,
      lineText: '\t\tx',
      message: 'x',
    });
    expect(error.snippet).toBe('  x\n  ^');
  });

  it('codes are SCREAMING_SNAKE and unique', () => {
    for (const code of PARSE_ERROR_CODES) expect(code).toMatch(/^[A-Z]+(?:_[A-Z]+)*$/);
    expect(new Set(PARSE_ERROR_CODES).size).toBe(PARSE_ERROR_CODES.length);
  });
});
