import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDS_SKIP_REASON, seedsDir } from '../packages/parsers/test/seeds.ts';
import { decodeEntities, markdownTableAfter, preBlocks } from './import-seeds.ts';

const root = join(import.meta.dirname, '..');
const results = join(root, 'content', 'results');
// The original blog posts are not part of the repository (they are their authors' work):
// BENCHFOLIO_SEEDS names the folder of saved copies, and without it the byte-for-byte proof is
// skipped, saying so.
const seeds = seedsDir();

describe.skipIf(seeds === undefined)(`node scripts/import-seeds.ts ${seeds ?? '<seeds>'} <temp>`, () => {
  let out: string;
  let written: string[];

  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'import-seeds-'));
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(root, 'scripts', 'import-seeds.ts'),
      seeds ?? '',
      out,
    ]);
    written = stdout
      .trim()
      .split('\n')
      .map((path) => relative(out, path));
  });

  afterAll(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it('writes the three fio outputs, the six bonnie++ outputs and the four published tables', () => {
    expect(written.filter((path) => path.endsWith('.txt') && path.includes('/fio--'))).toHaveLength(3);
    expect(written.filter((path) => path.endsWith('.txt') && path.includes('/bonnie--'))).toHaveLength(6);
    expect(written.filter((path) => path.endsWith('/measurements.csv'))).toHaveLength(4);
  });

  it('produces every committed seed-derived file byte for byte (nothing was edited by hand)', async () => {
    for (const path of written) {
      const [produced, committed] = await Promise.all([
        readFile(join(out, path)),
        readFile(join(results, path)).catch(() => Buffer.from(`missing: content/results/${path}`)),
      ]);
      expect(committed.equals(produced), `content/results/${path} differs from what the script derives`).toBe(true);
    }
  });

  it('keeps the CRLF line ends of the cd34.com post and the LF ones of the fio post', async () => {
    const bonnie = await readFile(join(out, '2011-11-ext4-xfs-btrfs-bonnie/runs/ext4/bonnie--ext4.txt'), 'utf8');
    const fio = await readFile(join(out, '2011-07-ext3-ext4-xfs-fio-msa70/runs/ext4/fio--ext4.txt'), 'utf8');
    expect(bonnie.startsWith('Version  1.96       ------Sequential Output------')).toBe(true);
    expect(
      bonnie
        .split('\n')
        .slice(0, -1)
        .every((line) => line.endsWith('\r')),
    ).toBe(true);
    expect(fio.includes('\r')).toBe(false);
    expect(fio.split('\n')[0]).toBe(
      '[root@link ~]# time fio random-write-test.fio random-write-test-buf.fio sequential-write-test.fio sequential-write-test-buf.fio',
    );
  });

  it('starts the xfs fio output at the fio command, leaving the mkfs.xfs session to run.yaml', async () => {
    const xfs = await readFile(join(out, '2011-07-ext3-ext4-xfs-fio-msa70/runs/xfs/fio--xfs.txt'), 'utf8');
    expect(xfs).not.toContain('mkfs.xfs');
    expect(xfs).toContain('fio 1.57\nStarting 20 processes\n');
    expect(xfs.endsWith('sys     0m24.351s\n[root@link ~]#\n')).toBe(true);
  });
});

describe.skipIf(seeds !== undefined)('node scripts/import-seeds.ts <seeds> <temp>', () => {
  it.skip(SEEDS_SKIP_REASON, () => {});
});

describe('the HTML helpers', () => {
  it('decodeEntities undoes numeric and named entities and leaves unknown ones', () => {
    expect(decodeEntities('I&#8217;ve &gt;=64 &amp; &#x2013; &bogus;')).toBe('I\u2019ve >=64 & \u2013 &bogus;');
  });

  it('preBlocks drops the one line break HTML ignores after <pre> and keeps the rest', () => {
    expect(preBlocks('<p>x</p><pre>\r\nA\r\n\r\nB\r\n</pre>').map((block) => block.text)).toEqual(['A\r\n\r\nB\r\n']);
  });

  it('markdownTableAfter reads the cells of the table under a heading, without the rule line', () => {
    const page = '### T\n\n| | a | b\n| :-- | :-- | :--\n| r | 1 Seconds | 2\n{: .x }\n| other |\n';
    expect(markdownTableAfter(page, '### T')).toEqual([
      ['', 'a', 'b'],
      ['r', '1 Seconds', '2'],
    ]);
  });
});
