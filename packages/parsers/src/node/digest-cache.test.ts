import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { experimentDigest } from './content-digest.ts';
import { createDigestCache } from './digest-cache.ts';

const EXPERIMENT = fileURLToPath(
  new URL('../../../../content/results/2020-dd-sequential-write-three-hosts', import.meta.url),
);

let scratch: string | undefined;
afterEach(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** A copy of a real experiment and an empty cache folder beside it. */
function setUp(): { copy: string; cacheDir: string } {
  scratch = mkdtempSync(join(tmpdir(), 'digest-cache-'));
  const copy = join(scratch, 'copy');
  cpSync(EXPERIMENT, copy, { recursive: true });
  return { copy, cacheDir: join(scratch, 'cache') };
}

/** Writes the one remembered entry's digest as `digest`: what the cache answers while it trusts it. */
function rememberAs(cacheDir: string, digest: string): void {
  const [name] = readdirSync(cacheDir);
  const file = join(cacheDir, name as string);
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), digest }));
}

describe('createDigestCache', () => {
  it("gives experimentDigest's digest, and the remembered one while no file changed", async () => {
    const { copy, cacheDir } = setUp();
    const cache = createDigestCache(cacheDir);
    expect(await cache.experimentDigest(copy)).toBe(await experimentDigest(EXPERIMENT));
    // The remembered answer is what comes back (the files are not read again): marked here.
    rememberAs(cacheDir, 'remembered');
    expect(await createDigestCache(cacheDir).experimentDigest(copy)).toBe('remembered');
  });

  it('hashes again after a file is written, even to the same size with its old modification time', async () => {
    const { copy, cacheDir } = setUp();
    const cache = createDigestCache(cacheDir);
    const before = await cache.experimentDigest(copy);
    rememberAs(cacheDir, 'remembered');
    const file = join(copy, 'experiment.yaml');
    const { atime, mtime, size } = statSync(file);
    const text = readFileSync(file, 'utf8');
    // One character swapped for another: the same size; the old times put back (the change time moves).
    writeFileSync(file, text.replace('title:', 'titlE:'));
    utimesSync(file, atime, mtime);
    expect(statSync(file).size).toBe(size);
    const after = await cache.experimentDigest(copy);
    expect(after).toBe(await experimentDigest(copy));
    expect(after).not.toBe(before);
  });

  it('hashes again after a file is added or removed, and when its memory is damaged', async () => {
    const { copy, cacheDir } = setUp();
    const cache = createDigestCache(cacheDir);
    await cache.experimentDigest(copy);
    rememberAs(cacheDir, 'remembered');
    writeFileSync(join(copy, 'notes.txt'), '');
    expect(await cache.experimentDigest(copy)).toBe(await experimentDigest(copy));
    rmSync(join(copy, 'notes.txt'));
    rememberAs(cacheDir, 'remembered');
    expect(await cache.experimentDigest(copy)).toBe(await experimentDigest(EXPERIMENT));
    const [name] = readdirSync(cacheDir);
    writeFileSync(join(cacheDir, name as string), '{"statKey":');
    expect(await cache.experimentDigest(copy)).toBe(await experimentDigest(EXPERIMENT));
  });
});
