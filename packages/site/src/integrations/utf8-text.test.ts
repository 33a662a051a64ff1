import { describe, expect, it } from 'vitest';
import { catalogEntry } from '../data/catalog.ts';
import { nonAsciiOutputPaths } from '../data/shared-content.ts';
import { fixtureExperiment } from '../data/test-content.ts';
import { catalogNonAsciiFiles, headersFile, withUtf8Charset } from './utf8-text.ts';

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

describe('the raw files named UTF-8 in _headers', () => {
  it('are the outputs the catalog read a byte above 0x7f in, by their site paths', async () => {
    let paths = new Set<string>();
    // dd's own outputs: the C locale's (ASCII) and the French one ("enregistrements écrits").
    const loaded = await fixtureExperiment(
      '2026-11-utf8-headers',
      [
        {
          id: 'fr',
          value: 'fr',
          outputs: [
            { file: 'dd c.txt', from: 'packages/parsers/fixtures/dd/dd-9.1--direct.input.txt', tool: 'dd' },
            { file: 'dd fr.txt', from: 'packages/parsers/fixtures/dd/dd-9.1--fr_FR.input.txt', tool: 'dd' },
          ],
        },
      ],
      async (there) => {
        paths = await nonAsciiOutputPaths(there);
      },
    );
    const entry = catalogEntry(loaded, 'digest', [], '/', paths);
    expect(entry.runs[0]?.nonAsciiFiles).toEqual(['dd fr.txt']);
    expect(catalogNonAsciiFiles([entry])).toEqual(['experiments/2026-11-utf8-headers/runs/fr/dd%20fr.txt']);
  });
});
