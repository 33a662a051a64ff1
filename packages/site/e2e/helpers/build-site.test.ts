import { describe, expect, it } from 'vitest';
import { buildNodeOptions } from './build-site.ts';

const withBuild = (build: string) => JSON.stringify({ scripts: { build } });

describe('buildNodeOptions', () => {
  it("gives the Node options of the site's npm run build, which the tests' builds run with", () => {
    expect(buildNodeOptions()).toEqual(['--heap-growing-percent=50']);
  });

  it('gives every option, in order, and none when the script names none', () => {
    const script =
      'node --heap-growing-percent=50 --max-old-space-size=3072 ../../node_modules/astro/bin/astro.mjs build';
    expect(buildNodeOptions(withBuild(script))).toEqual(['--heap-growing-percent=50', '--max-old-space-size=3072']);
    expect(buildNodeOptions(withBuild('node ../../node_modules/astro/bin/astro.mjs build'))).toEqual([]);
  });

  it('refuses a build script that does not run astro.mjs with node, rather than build without its options', () => {
    expect(() => buildNodeOptions(withBuild('astro build'))).toThrow(/not "node \[--option=value \.\.\.\]/);
  });
});
