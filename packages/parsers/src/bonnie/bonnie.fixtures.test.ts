import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type BonnieRun, parseBonnie } from './index.ts';

/** Real bonnie++ 2.00a outputs made here (see fixtures/bonnie/README.md), each with its expected parse. */
const FIXTURES = fileURLToPath(new URL('../../fixtures/bonnie/', import.meta.url));
const inputs = readdirSync(FIXTURES).filter((name) => name.includes('.input.'));
const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const KIB = 1024;

describe('bonnie fixtures', () => {
  it('has fixture pairs', () => {
    expect(inputs.length).toBeGreaterThan(0);
  });

  it.each(inputs)('%s matches its committed expected result', async (name) => {
    const output = parseBonnie(read(name), { name });
    const expected = name.replace(/\.input\.[a-z]+$/, '.expected.json');
    await expect(JSON.stringify(output, null, 2)).toMatchFileSnapshot(join(FIXTURES, expected));
  });

  it('table and CSV of the -n 4 run are one run with the CSV figures', () => {
    const output = parseBonnie(read('bonnie-2.00a--table-and-csv.input.txt'));
    const run = output.result.runs[0] as BonnieRun;
    expect(output.result.runs).toHaveLength(1);
    expect(run.sources).toEqual(['table', 'csv']);
    // bench-vm       256M  614k  34  177m  33 +++++ +++ 1806k  63 +++++ +++ +++++ +++
    // 1.98,2.00a,bench-vm,1,1795290882,256M,,8192,5,614,34,181739,33,+++++,+++,1806,63,...
    expect(run.tests.putc).toEqual({ status: 'measured', bytesPerSec: 614 * KIB, cpuPercent: 34, latencyNs: 142e6 });
    expect(run.tests.putBlock.bytesPerSec).toBe(181739 * KIB);
    expect(run.tests.rewrite.status).toBe('too_fast');
    // The table prints 4096 (the file count) for seq_create; the CSV has 2151/s.
    expect(run.tests.seqCreate).toEqual({ status: 'measured', opsPerSec: 2151, cpuPercent: 70, latencyNs: 28_064e3 });
    expect(run.tests.ranCreate.opsPerSec).toBe(935);
  });

  it('reads -n files:max:min from a -q CSV line', () => {
    // ...,+++++,+++,4,2000,100,,,958,71,+++++,+++,584,2,...
    const run = parseBonnie(read('bonnie-2.00a--quiet-chunk-files-max-min.input.csv')).result.runs[0] as BonnieRun;
    expect(run).toMatchObject({
      numFiles: 4,
      maxSizeBytes: 2000,
      minSizeBytes: 100,
      numDirs: null,
      fileKind: 'regular',
    });
    expect(run.tests.seqCreate.opsPerSec).toBe(958);
    expect(run.tests.seqDel.opsPerSec).toBe(584);
    expect(run.tests.seqDel.latencyNs).toBe(132e6);
  });
});
