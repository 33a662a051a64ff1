import { describe, expect, it } from 'vitest';
import { type RawOutput, rawOutputs } from '../../test/raw-outputs.ts';
import type { WorkloadFingerprint } from '../fingerprint.ts';
import { _bonnieFingerprints, parseBonnie } from './index.ts';

const OUTPUTS = rawOutputs('bonnie');
const fingerprints = (output: RawOutput, memoryBytes?: number): WorkloadFingerprint[] =>
  _bonnieFingerprints(parseBonnie(output.text, { name: output.label }).result, { memoryBytes });
const value = (fingerprint: WorkloadFingerprint | undefined, key: string) =>
  fingerprint?.fields.find((field) => field.key === key)?.value;

describe('bonnie++ fingerprints of every bonnie++ output of the repository', () => {
  it.each(OUTPUTS.map((output) => [output.label, output] as const))('%s: a fingerprint per run', (_, output) => {
    const found = fingerprints(output);
    expect(found.length).toBeGreaterThan(0);
    for (const fingerprint of found) {
      expect(fingerprint.kind.category).toBe('filesystem-suite');
      expect(typeof value(fingerprint, 'tests')).toBe('string');
    }
    // The size column of the table (`vm  128M ...`) or of the CSV line, as printed: 128M is 128 MiB.
    const size =
      /^\S+\s+(\d+)([MG])\s/m.exec(output.text) ?? /^[\d.]+,[\d.a-z]+,[^,]*,\d+,\d+,(\d+)([MG]),/m.exec(output.text);
    if (size !== null) {
      const bytes = Number(size[1]) * 1024 ** (size[2] === 'G' ? 3 : 2);
      expect(found.map((fingerprint) => value(fingerprint, 'size'))).toContain(bytes);
    }
  });
});

describe('bonnie++ fingerprint fields', () => {
  it('reads the loopback run (2.00a): 128M file, one file test of 1024 files, every test run; RAM given', () => {
    const output = OUTPUTS.find((candidate) =>
      candidate.label.endsWith('2026-11-ext4-xfs-btrfs-loopback/runs/ext4/bonnie--seed-1.txt'),
    ) as RawOutput;
    // 1.98,2.00a,vm,1,<seed>,128M,,8192,5,1189,99,+++++,... ,1,,,,,+++++,...
    expect(output.text).toMatch(/^1\.98,2\.00a,vm,1,\d+,128M,,8192,5,/m);
    expect(output.memoryBytes).toBe(25276063744);
    const [fingerprint] = fingerprints(output, output.memoryBytes);
    expect(value(fingerprint, 'size')).toBe(128 * 1024 * 1024);
    expect(value(fingerprint, 'files')).toBe(1024);
    expect(value(fingerprint, 'threads')).toBe(1);
    expect(value(fingerprint, 'size-to-ram')).toBeCloseTo((128 * 1024 * 1024) / 25276063744, 12);
    expect(fingerprint?.fields.find((field) => field.key === 'size-to-ram')?.source).toBe('system');
    // `+++++` is a test that ran too fast to time: it ran.
    expect(value(fingerprint, 'tests')).toBe(
      'putc put_block rewrite getc get_block seeks seq_create seq_stat seq_del ran_create ran_stat ran_del',
    );
  });

  it('leaves out the per-char tests bonnie++ -f skipped (1.96 CSV, empty cells)', () => {
    const output = OUTPUTS.find((candidate) => candidate.label.endsWith('pkb__bonnie-1.96-csv.csv')) as RawOutput;
    const [fingerprint] = fingerprints(output);
    expect(value(fingerprint, 'tests')).not.toContain('putc');
    expect(value(fingerprint, 'size-to-ram')).toBeUndefined();
  });
});
