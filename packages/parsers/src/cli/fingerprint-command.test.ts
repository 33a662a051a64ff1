import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run.ts';

const MSA70 = fileURLToPath(
  new URL('../../../../content/results/2011-07-ext3-ext4-xfs-fio-msa70/runs/ext4/fio--ext4.txt', import.meta.url),
);
const SYSBENCH = fileURLToPath(
  new URL('../../fixtures/corpus/sysbench/vps-comparison__v0.4.12-randrd.txt', import.meta.url),
);

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const status = await runCli(argv, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  });
  return { status, stdout, stderr };
}

describe('benchfolio fingerprint', () => {
  it('prints each workload with its fields and where each was read', async () => {
    const { status, stdout } = await run('fingerprint', MSA70);
    expect(status).toBe(0);
    expect(stdout).toContain(`${MSA70}: fio normal (fio 1.57), 4 workloads`);
    expect(stdout).toContain('  random-write-direct: 8 KiB random writes at QD 1 (line 2)');
    expect(stdout).toMatch(/^ {4}size +5 GiB \(class 8 GiB\) +layout-line$/m);
    expect(stdout).toMatch(/^ {4}rw +randwrite +header-line$/m);
  });

  it('--json prints an object for one file and an array for several', async () => {
    const one = JSON.parse((await run('fingerprint', '--json', MSA70)).stdout);
    expect(one).toMatchObject({ file: MSA70, tool: 'fio', format: 'normal', toolVersion: 'fio 1.57' });
    expect(one.fingerprints.map((f: { workload: string }) => f.workload)).toEqual([
      'random-write-direct',
      'random-write-buf',
      'sequential-write-direct',
      'sequential-write-buffered',
    ]);
    const several = JSON.parse((await run('fingerprint', '--json', MSA70, SYSBENCH)).stdout);
    expect(several.map((entry: { tool: string }) => entry.tool)).toEqual(['fio', 'sysbench']);
    expect(several[1].fingerprints[0].kind).toEqual({
      category: 'io',
      access: 'random',
      op: 'read',
      source: 'header-line',
    });
  });

  it('reports a file it cannot read as parse does, and needs a file', async () => {
    const missing = await run('fingerprint', '/nonexistent/fio.txt');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('/nonexistent/fio.txt: cannot read: no such file');
    expect((await run('fingerprint')).status).toBe(2);
  });
});
