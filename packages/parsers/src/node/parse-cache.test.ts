import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinRegistry } from '../builtin.ts';
import type { Registry } from '../registry.ts';
import { loadContent } from './load-content.ts';
import { createParseCache } from './parse-cache.ts';

// The loopback experiment: fio, iostat, sysbench and sadf outputs made on this project's machine,
// and fio logs, so that every kind of parsed output goes through the cache.
const EXPERIMENT = fileURLToPath(
  new URL('../../../../content/results/2026-11-ext4-xfs-btrfs-loopback', import.meta.url),
);

let cacheDir: string | undefined;
afterEach(() => {
  if (cacheDir !== undefined) rmSync(cacheDir, { recursive: true, force: true });
  cacheDir = undefined;
});

/** The package's own registry, counting the outputs it is asked to parse. */
function countingRegistry(): { registry: Registry; parses: () => number } {
  let parses = 0;
  const registry = new Proxy(builtinRegistry, {
    get(target, key, receiver) {
      if (key === 'safeParse') {
        return (...args: Parameters<Registry['safeParse']>) => {
          parses += 1;
          return target.safeParse(...args);
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
  return { registry, parses: () => parses };
}

/** Everything loadContent gives, as plain data: the cache must give back exactly this. */
async function load(registry: Registry, dir: string) {
  const report = await loadContent(EXPERIMENT, {
    registry,
    parseCache: createParseCache(dir),
    displayRoot: EXPERIMENT,
  });
  return structuredClone(report);
}

describe('createParseCache', () => {
  it('gives back what the parsers gave, and parses nothing the second time', async () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'parse-cache-'));
    const first = countingRegistry();
    const parsed = await load(first.registry, cacheDir);
    expect(first.parses()).toBeGreaterThan(10);
    const second = countingRegistry();
    const cached = await load(second.registry, cacheDir);
    expect(second.parses()).toBe(0);
    expect(cached).toEqual(parsed);
    const uncached = await loadContent(EXPERIMENT, { displayRoot: EXPERIMENT });
    expect(cached).toEqual(structuredClone(uncached));
  });

  it('reads a damaged entry as a miss and parses that output again', async () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'parse-cache-'));
    const parsed = await load(builtinRegistry, cacheDir);
    const [shard] = readdirSync(cacheDir);
    const [entry] = readdirSync(join(cacheDir, shard ?? ''));
    writeFileSync(join(cacheDir, shard ?? '', entry ?? ''), 'not an entry');
    const again = countingRegistry();
    expect(await load(again.registry, cacheDir)).toEqual(parsed);
    expect(again.parses()).toBe(1);
  });

  it('keys an entry by the options of the parse as well as the text', () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'parse-cache-'));
    const cache = createParseCache(cacheDir);
    const text = '1+0 records in\n1+0 records out\n1048576 bytes (1.0 MB, 1.0 MiB) copied, 0.00156 s, 672 MB/s\n';
    const output = builtinRegistry.parse(text, { tool: 'dd' });
    cache.set(text, { tool: 'dd' }, output);
    expect(cache.get(text, { tool: 'dd' })?.measurements).toEqual(output.measurements);
    expect(cache.get(text, { tool: 'dd', toolVersion: '9.1' })).toBeUndefined();
    expect(cache.get(`${text}\n`, { tool: 'dd' })).toBeUndefined();
  });
});
