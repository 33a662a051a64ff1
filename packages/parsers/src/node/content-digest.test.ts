import { cpSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { experimentDigest, libraryCodeDigest } from './content-digest.ts';

const EXPERIMENT = fileURLToPath(
  new URL('../../../../content/results/2020-dd-sequential-write-three-hosts', import.meta.url),
);

let scratch: string | undefined;
afterEach(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

function copyOfExperiment(): string {
  scratch = mkdtempSync(join(tmpdir(), 'digest-'));
  const copy = join(scratch, 'copy');
  cpSync(EXPERIMENT, copy, { recursive: true });
  return copy;
}

describe('experimentDigest', () => {
  it('is the same for the same files wherever the folder is', async () => {
    expect(await experimentDigest(copyOfExperiment())).toBe(await experimentDigest(EXPERIMENT));
  });

  it('changes with a byte of a file, a file added, and a file renamed', async () => {
    const copy = copyOfExperiment();
    const seen = new Set([await experimentDigest(copy)]);
    writeFileSync(join(copy, 'index.md'), 'edited\n', { flag: 'a' });
    seen.add(await experimentDigest(copy));
    writeFileSync(join(copy, 'notes.txt'), '');
    seen.add(await experimentDigest(copy));
    renameSync(join(copy, 'notes.txt'), join(copy, 'notes2.txt'));
    seen.add(await experimentDigest(copy));
    expect(seen.size).toBe(4);
  });
});

describe('libraryCodeDigest', () => {
  it('is a SHA-256, the same on every call', () => {
    expect(libraryCodeDigest()).toMatch(/^[0-9a-f]{64}$/);
    expect(libraryCodeDigest()).toBe(libraryCodeDigest());
  });
});
