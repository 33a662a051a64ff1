import { describe, expect, it } from 'vitest';
import { headersFile, withUtf8Charset } from './utf8-text.ts';

describe('withUtf8Charset', () => {
  it('names UTF-8 for text types that name no charset', () => {
    expect(withUtf8Charset('text/yaml')).toBe('text/yaml; charset=utf-8');
    expect(withUtf8Charset('text/plain')).toBe('text/plain; charset=utf-8');
    expect(withUtf8Charset('application/json')).toBe('application/json; charset=utf-8');
  });

  it('keeps a charset already named, and types that are not text', () => {
    expect(withUtf8Charset('text/html;charset=utf-8')).toBe('text/html;charset=utf-8');
    expect(withUtf8Charset('text/plain; charset=iso-8859-1')).toBe('text/plain; charset=iso-8859-1');
    expect(withUtf8Charset('image/png')).toBe('image/png');
    expect(withUtf8Charset('image/svg+xml')).toBe('image/svg+xml');
  });
});

describe('headersFile', () => {
  it('types every run.yaml and each raw file given as UTF-8 text, under the base', () => {
    const file = headersFile('/benchfolio/', ['experiments/x/runs/a/out.txt']);
    expect(file.split('\n').filter((line) => !line.startsWith('#'))).toEqual([
      '/benchfolio/experiments/:id/runs/:run/run.yaml',
      '  Content-Type: text/plain; charset=utf-8',
      '/benchfolio/experiments/x/runs/a/out.txt',
      '  Content-Type: text/plain; charset=utf-8',
      '',
    ]);
  });
});
