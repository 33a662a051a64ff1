import { describe, expect, it } from 'vitest';
import { isRawFilePath, PAGE_CSP, PAGE_CSP_HEADER, RAW_FILE_CSP } from '../lib/content-security-policy.ts';
import {
  headersFile,
  hostHeadersFor,
  htaccessFile,
  inlineTags,
  pathAfterBase,
  withUtf8Charset,
} from './host-headers.ts';

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

describe('the pages’ policy', () => {
  it('allows the site’s own scripts and styles only: no unsafe-eval, no inline script, no other origin', () => {
    const directives = new Map(PAGE_CSP.split('; ').map((directive) => [directive.split(' ')[0], directive]));
    expect(directives.get('default-src')).toBe("default-src 'self'");
    expect(directives.get('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directives.get('style-src')).toBe("style-src 'self'");
    expect(directives.get('object-src')).toBe("object-src 'none'");
    expect(directives.get('base-uri')).toBe("base-uri 'self'");
    expect(PAGE_CSP).not.toMatch(/'unsafe-eval'|https?:|\*/);
    // frame-ancestors only in the header: browsers ignore it in a meta, and say so.
    expect(PAGE_CSP).not.toContain('frame-ancestors');
    expect(PAGE_CSP_HEADER).toBe(`${PAGE_CSP}; frame-ancestors 'none'`);
  });
});

describe('isRawFilePath', () => {
  it('is every file in a run’s folder but its page, run.yaml included', () => {
    expect(isRawFilePath('experiments/x/runs/a/fio--x.html')).toBe(true);
    expect(isRawFilePath('/experiments/x/runs/a/run.yaml')).toBe(true);
    expect(isRawFilePath('experiments/x/runs/a/dd fr.txt')).toBe(true);
    expect(isRawFilePath('experiments/x/runs/a/index.html')).toBe(false);
    expect(isRawFilePath('experiments/x/runs/a/')).toBe(false);
    expect(isRawFilePath('experiments/x/runs/a.json')).toBe(false);
    expect(isRawFilePath('experiments/x/measurements.csv')).toBe(false);
  });
});

describe('hostHeadersFor (astro preview)', () => {
  it('sends a raw file as UTF-8 plain text under the raw policy, whatever type its name gave', () => {
    for (const type of ['text/html', 'image/svg+xml', undefined]) {
      expect(hostHeadersFor('experiments/x/runs/a/fio--x.svg', type)).toEqual({
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': RAW_FILE_CSP,
        'Content-Type': 'text/plain; charset=utf-8',
      });
    }
  });

  it('sends a page with its type, UTF-8, nosniff and the page policy', () => {
    expect(hostHeadersFor('experiments/x/runs/a/', 'text/html')).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': PAGE_CSP_HEADER,
      'Content-Type': 'text/html; charset=utf-8',
    });
  });

  it('reads the path after the base, decoded, without the query', () => {
    expect(pathAfterBase('/benchfolio/experiments/x/runs/a/dd%20fr.txt?v=1', '/benchfolio/')).toBe(
      'experiments/x/runs/a/dd fr.txt',
    );
    expect(pathAfterBase('/other/x', '/benchfolio')).toBeUndefined();
  });
});

describe('headersFile (Netlify, Cloudflare Pages)', () => {
  it('sends nosniff and the page policy everywhere, and raw files as UTF-8 plain text under the raw policy', () => {
    expect(
      headersFile('/benchfolio/')
        .split('\n')
        .filter((line) => !line.startsWith('#')),
    ).toEqual([
      '/benchfolio/*',
      '  X-Content-Type-Options: nosniff',
      `  Content-Security-Policy: ${PAGE_CSP_HEADER}`,
      '/benchfolio/experiments/:id/runs/:run/:file',
      '  Content-Type: text/plain; charset=utf-8',
      `  Content-Security-Policy: ${RAW_FILE_CSP}`,
      '',
    ]);
  });
});

describe('htaccessFile (Apache)', () => {
  it('sends nosniff and the page policy, and forces raw files, not the run page, to UTF-8 plain text', () => {
    const lines = htaccessFile()
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .map((line) => line.trim());
    expect(lines).toContain('Header always set X-Content-Type-Options "nosniff"');
    expect(lines).toContain(`Header always set Content-Security-Policy "${PAGE_CSP_HEADER}"`);
    const rawRule = lines.findIndex((line) => line.startsWith('<If '));
    expect(lines[rawRule]).toBe(
      '<If "%{REQUEST_URI} =~ m#/experiments/[^/]+/runs/[^/]+/[^/]+$# && %{REQUEST_URI} !~ m#/index\\.html$#">',
    );
    expect(lines.slice(rawRule)).toEqual([
      lines[rawRule],
      'ForceType "text/plain; charset=utf-8"',
      '<IfModule mod_headers.c>',
      `Header always set Content-Security-Policy "${RAW_FILE_CSP}"`,
      '</IfModule>',
      '</If>',
      '',
    ]);
    // The policy is one quoted argument: no double quote of its own.
    expect(PAGE_CSP_HEADER).not.toContain('"');
  });
});

describe('inlineTags: what the build refuses in a page', () => {
  it('finds inline scripts a browser runs and style elements', () => {
    const html =
      '<script>alert(1)</script><script type="module">x()</script><style>p{}</style><script type="text/javascript">y</script>';
    expect(inlineTags(html)).toEqual([
      '<script>',
      '<script type="module">',
      '<style>',
      '<script type="text/javascript">',
    ]);
  });

  it('leaves script files and JSON data blocks alone', () => {
    const html =
      '<script type="module" src="/_astro/a.js"></script><script type="application/json" data-spec>{}</script>';
    expect(inlineTags(html)).toEqual([]);
  });
});
