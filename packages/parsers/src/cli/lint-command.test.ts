import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// `benchfolio lint` and `validate` as a user runs them, on the seeds in content/results: the
// MSA70 outputs have warnings only (exit 0), the loopback's buffered fio jobs and bonnie++ runs
// are errors (exit 1); validate prints the findings and keeps its own status.

const main = new URL('./main.ts', import.meta.url).pathname;
const RESULTS = new URL('../../../../content/results/', import.meta.url).pathname;
const MSA70 = `${RESULTS}2011-07-ext3-ext4-xfs-fio-msa70`;
const LOOPBACK = `${RESULTS}2026-11-ext4-xfs-btrfs-loopback`;

const exec = promisify(execFile);
const runBin = (...args: string[]) =>
  exec(process.execPath, [main, ...args], { maxBuffer: 16 * 2 ** 20 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('benchfolio lint', () => {
  it('prints FILE:LINE:COL: severity RULE message, and exits 0 with warnings only', async () => {
    const { code, stdout } = await runBin('lint', MSA70);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    const runtime = lines.filter((line) => line.includes(' BF102 '));
    expect(runtime).toHaveLength(1);
    expect(runtime[0]).toMatch(/runs\/xfs\/fio--xfs\.txt:51:49: warning BF102 fio job random-write-buf ran 240892 ms/);
    for (const line of lines) expect(line).toMatch(/^\S+:\d+:\d+: (?:error|warning|note) BF\d{3} /);
  }, 60_000);

  it('--json prints one object per finding with the fields, and exits 1 on an error finding', async () => {
    const { code, stdout } = await runBin('lint', '--json', LOOPBACK);
    expect(code).toBe(1);
    const findings = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const found of findings) {
      for (const key of ['rule', 'severity', 'experiment', 'run', 'file', 'line', 'column', 'workload', 'message']) {
        expect(found).toHaveProperty(key);
      }
    }
    const cache = findings.find((found) => found.rule === 'BF001' && found.run === 'xfs');
    expect(cache).toMatchObject({
      severity: 'error',
      experiment: '2026-11-ext4-xfs-btrfs-loopback',
      file: 'fio--seed-hoffman-1.txt',
      line: 3,
      column: 1,
      workload: 'random-write-buf',
    });
  }, 60_000);

  it('exits 1 on a folder that holds nothing to lint, naming it', async () => {
    const { code, stdout, stderr } = await runBin('lint', `${RESULTS}no-such-experiment`);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/no-such-experiment:1:1: no such folder/);
  }, 60_000);
});

describe('benchfolio validate', () => {
  it('prints the findings after its own report, and they do not fail it', async () => {
    const { code, stdout, stderr } = await runBin('validate', LOOPBACK);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^1 experiment valid, 0 errors/);
    expect(stderr).toMatch(/fio--seed-hoffman-1\.txt:3:1: error BF001 /);
  }, 60_000);
});
