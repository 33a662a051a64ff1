import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BonnieRun, parseBonnie } from './index.ts';
import { TEST_ORDER } from './schema.ts';

/**
 * Runs the real bonnie++ (Debian's 2.00a) on a temporary directory with tiny sizes and checks
 * that its table and its CSV line parse to the same run. bonnie++ lives in /usr/sbin.
 */
const run = promisify(execFile);
const PATH = `${process.env.PATH ?? ''}:/usr/sbin:/usr/local/sbin`;
const hasBonnie = spawnSync('bonnie++', ['-h'], { env: { ...process.env, PATH } }).error === undefined;
if (!hasBonnie && process.env.CI) throw new Error('bonnie++ is not installed, and CI must run these tests');

const rateOf = (run: BonnieRun, name: (typeof TEST_ORDER)[number]) => {
  const test = run.tests[name];
  return 'bytesPerSec' in test ? test.bytesPerSec : test.opsPerSec;
};

/** The table's rate is the CSV's within the table's rounding (`328m`: half a MiB/s; `1.1g`: 5%). */
function expectSameIoNumbers(table: BonnieRun, csv: BonnieRun): void {
  expect(table.fileSizeBytes).toBe(csv.fileSizeBytes);
  for (const name of ['putc', 'putBlock', 'rewrite', 'getc', 'getBlock', 'seeks'] as const) {
    expect(table.tests[name].status, name).toBe(csv.tests[name].status);
    expect(table.tests[name].cpuPercent, name).toBe(csv.tests[name].cpuPercent);
    expect(table.tests[name].latencyNs, name).toBe(csv.tests[name].latencyNs);
    const tableRate = rateOf(table, name);
    const csvRate = rateOf(csv, name);
    if (csvRate === null) expect(tableRate, name).toBeNull();
    else expect(Math.abs((tableRate as number) - csvRate), name).toBeLessThanOrEqual(Math.max(1024, 0.05 * csvRate));
  }
}

describe.skipIf(!hasBonnie)('the real bonnie++', () => {
  const dirs: string[] = [];
  let full: { stdout: string; stderr: string };
  let quiet: { stdout: string; stderr: string };

  beforeAll(async () => {
    const dir = (name: string) => {
      const path = mkdtempSync(join(tmpdir(), `benchfolio-bonnie-${name}-`));
      dirs.push(path);
      return path;
    };
    const options = { env: { ...process.env, PATH }, maxBuffer: 1 << 20 };
    // -s must be at least twice -r; -n 4 is 4096 files. Each run takes 5-10 s here.
    [full, quiet] = await Promise.all([
      run('bonnie++', ['-d', dir('full'), '-s', '256m', '-r', '128m', '-n', '4', '-u', 'root'], options),
      run('bonnie++', ['-d', dir('quiet'), '-s', '256m', '-r', '128m', '-n', '0', '-u', 'root', '-q'], options),
    ]);
  }, 60_000);

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('prints a table and a CSV line on stdout that make one run', () => {
    const output = parseBonnie(full.stdout);
    expect(output.toolVersion).toBe('2.00a');
    expect(output.result.runs).toHaveLength(1);
    const merged = output.result.runs[0] as BonnieRun;
    expect(merged.sources).toEqual(['table', 'csv']);
    expect(merged).toMatchObject({ formatVersion: '1.98', size: '256M', numFiles: 4, seekCount: 8192 });
    expect(merged.fileSizeBytes).toBe(256 * 1024 * 1024);
  });

  it('parses its table and its CSV line to the same numbers, within the table rounding', () => {
    const lines = full.stdout.split('\n');
    const csvLine = lines.find((line) => line.startsWith('1.98,')) as string;
    const table = parseBonnie(lines.filter((line) => line !== csvLine).join('\n')).result.runs[0] as BonnieRun;
    const csv = parseBonnie(csvLine).result.runs[0] as BonnieRun;
    expect(table.sources).toEqual(['table']);
    expectSameIoNumbers(table, csv);
    for (const name of TEST_ORDER.slice(6)) {
      expect(table.tests[name].status, name).toBe(csv.tests[name].status);
      expect(table.tests[name].latencyNs, name).toBe(csv.tests[name].latencyNs);
      // 2.00a prints the file count (4 x 1024) in the table where the rate belongs: left null.
      expect(rateOf(table, name), name).toBeNull();
    }
  });

  it('with -q prints the CSV line on stdout and the table on stderr (-n 0: no file tests)', () => {
    const csv = parseBonnie(quiet.stdout);
    expect(csv.format).toBe('csv');
    const csvRun = csv.result.runs[0] as BonnieRun;
    expect(csvRun.numFiles).toBeNull();
    expect(csvRun.tests.seqCreate).toEqual({ status: 'not_run', opsPerSec: null, cpuPercent: null, latencyNs: null });
    expect(csv.measurements.some((m) => m.metric.startsWith('seq_create'))).toBe(false);
    const table = parseBonnie(quiet.stderr);
    expect(table.format).toBe('table');
    // With -n 0 the table is the I/O block and an empty line in the file block's place: whole.
    expect(quiet.stderr).toMatch(/\S\n\n$/);
    expect(table.warnings).toEqual([]);
    // The same block without that empty line is a table cut after its I/O block.
    expect(parseBonnie(quiet.stderr.slice(0, -1)).warnings).toMatchObject([{ code: 'TRUNCATED', line: 5 }]);
    expectSameIoNumbers(table.result.runs[0] as BonnieRun, csvRun);
    expect(parseBonnie(`${quiet.stderr}\n${quiet.stdout}`).result.runs).toHaveLength(1);
  });
});

describe.skipIf(hasBonnie)('the real bonnie++', () => {
  it('is skipped: bonnie++ is not installed (apt-get install bonnie++)', () => {});
});
