import { describe, expect, test } from 'vitest';
import { isSafeLinkTarget, linkScheme } from './link-target.ts';

// One reading of a link target serves validate (markdown-check.ts) and the site's renderer
// (packages/site/src/lib/safe-links.ts), so that validate reports at its line exactly what the
// renderer would silently make text of.

describe('isSafeLinkTarget', () => {
  test('refuses schemes hidden by controls, spaces, invisible characters or percent-escapes', () => {
    for (const target of [
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      ' \u0001javascript:alert(1)',
      'java\u200bscript:alert(1)',
      'java%09script:alert(1)',
      'javascript%3Aalert(1)',
      'javascript:alert(1)%',
      '1javascript:alert(1)',
      ':alert(1)',
      'file:///etc/passwd',
      'data:text/html,x',
    ]) {
      expect(isSafeLinkTarget(target), JSON.stringify(target)).toBe(false);
    }
  });

  test('allows targets without a scheme: a colon after the first /, ? or # is not one', () => {
    for (const target of [
      '',
      '#a:b',
      '?q=a:b',
      './a:b',
      '//example.org/x',
      'a/b:c',
      'HTTPS://example.org',
      'mailto:a@example.org?subject=a:b',
      'https://example.org/%3Csvg%3E',
    ]) {
      expect(isSafeLinkTarget(target), JSON.stringify(target)).toBe(true);
    }
  });
});

describe('linkScheme', () => {
  test('names the scheme as a browser would run it, lowercased', () => {
    expect(linkScheme('java%09script:alert(1)')).toBe('javascript');
    expect(linkScheme('JavaScript:alert(1)')).toBe('javascript');
    expect(linkScheme('./a:b')).toBeUndefined();
  });
});
