import { describe, expect, test } from 'vitest';
import { absoluteUrl, experimentHref, href } from './url.ts';

describe('links within the site', () => {
  test('go under the base path, with or without its trailing slash', () => {
    expect(href('/', '/')).toBe('/');
    expect(href('rss.xml', '/')).toBe('/rss.xml');
    expect(href('/rss.xml', '/benchfolio')).toBe('/benchfolio/rss.xml');
    expect(href('/', '/benchfolio/')).toBe('/benchfolio/');
    expect(experimentHref('2011-11-ext4-xfs-btrfs-bonnie', '/benchfolio/')).toBe(
      '/benchfolio/experiments/2011-11-ext4-xfs-btrfs-bonnie/',
    );
  });

  test('are absolute only when the site address is known', () => {
    const site = new URL('https://example.github.io/benchfolio/');
    expect(absoluteUrl('/benchfolio/rss.xml', site)).toBe('https://example.github.io/benchfolio/rss.xml');
    expect(absoluteUrl('/rss.xml', undefined)).toBeUndefined();
  });
});
