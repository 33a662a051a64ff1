import { describe, expect, it } from 'vitest';
import { type RawOutput, rawOutputs } from '../../test/raw-outputs.ts';
import type { FingerprintField, WorkloadFingerprint } from '../fingerprint.ts';
import { _sysbenchFingerprints, parseSysbench } from './index.ts';

const OUTPUTS = rawOutputs('sysbench');
const fingerprints = (output: RawOutput): WorkloadFingerprint[] =>
  _sysbenchFingerprints(parseSysbench(output.text, { name: output.label }).result);
const value = (fingerprint: WorkloadFingerprint | undefined, key: string): FingerprintField['value'] | undefined =>
  fingerprint?.fields.find((field) => field.key === key)?.value;

/** The header lines of each run as the test reads them: one entry per `sysbench <version>` banner. */
function headers(text: string) {
  const parts = text
    .replace(/^\uFEFF/, '')
    .split(/^(?=sysbench \d)/m)
    .filter((part) => /^sysbench \d/.test(part));
  // A copy without the banner (a Lua report quoted alone) is one run.
  return (parts.length === 0 ? [text] : parts).map((part) => ({
    threads: /^Number of threads: (\d+)/m.exec(part)?.[1],
    // 1.x `Block size 16KiB`, 0.4 `Block size 4Kb`
    blockSize: /^Block size (\d+)(KiB|Kb)$/m.exec(part)?.[1],
    doing: /^Doing (random|sequential) (read|write|rewrite|r\/w) test/m.exec(part),
    memoryBlock: /^\s*block size: (\d+)KiB$/m.exec(part)?.[1] ?? /^Memory block size: (\d+)K$/m.exec(part)?.[1],
    prime: /^(?:Prime numbers limit|Maximum prime number checked in CPU test): (\d+)/m.exec(part)?.[1],
  }));
}

describe('sysbench fingerprints of every sysbench output of the repository', () => {
  it('finds the content/results outputs too', () => {
    expect(OUTPUTS.filter((output) => output.label.startsWith('content/results/')).length).toBeGreaterThanOrEqual(90);
  });

  it.each(OUTPUTS.map((output) => [output.label, output] as const))(
    '%s: a fingerprint per run, with the threads, block sizes, mode and prime limit its header prints',
    (_, output) => {
      const found = fingerprints(output);
      const printed = headers(output.text);
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBe(printed.length);
      printed.forEach((header, index) => {
        const fingerprint = found[index];
        if (header.threads !== undefined) expect(value(fingerprint, 'threads')).toBe(Number(header.threads));
        if (header.blockSize !== undefined) expect(value(fingerprint, 'bs')).toBe(Number(header.blockSize) * 1024);
        if (header.memoryBlock !== undefined) expect(value(fingerprint, 'bs')).toBe(Number(header.memoryBlock) * 1024);
        if (header.prime !== undefined) expect(value(fingerprint, 'max-prime')).toBe(Number(header.prime));
        if (header.doing !== null) {
          expect(fingerprint?.kind.access).toBe(header.doing[1]);
          const op = header.doing[2] === 'r/w' ? 'mixed' : header.doing[2] === 'rewrite' ? 'write' : header.doing[2];
          expect(fingerprint?.kind.op).toBe(op);
        }
      });
    },
  );
});

describe('sysbench fingerprint fields', () => {
  it('reads the loopback fileio run: direct, file count and total size from the header', () => {
    const output = OUTPUTS.find((candidate) =>
      candidate.label.endsWith('2026-11-ext4-xfs-btrfs-loopback/runs/ext4/sysbench--fileio-rndwr-t4-1.txt'),
    ) as RawOutput;
    // Extra file open flags: directio / 64 files, 2MiB each / 128MiB total file size
    expect(output.text).toContain('Extra file open flags: directio');
    expect(output.text).toContain('64 files, 2MiB each');
    expect(output.text).toContain('128MiB total file size');
    const [fingerprint] = fingerprints(output);
    expect(fingerprint?.kind).toEqual({ category: 'io', access: 'random', op: 'write', source: 'header-line' });
    expect(value(fingerprint, 'direct')).toBe(true);
    expect(value(fingerprint, 'files')).toBe(64);
    expect(value(fingerprint, 'size')).toBe(128 * 1024 * 1024);
    expect(fingerprint?.summary).toBe('16 KiB random writes');
  });

  it("keeps 0.4's numeric extra flags as printed, without reading them as direct or not", () => {
    const output = OUTPUTS.find((candidate) =>
      candidate.label.endsWith('vps-comparison__v0.4.12-randrd.txt'),
    ) as RawOutput;
    expect(output.text).toContain('Extra file open flags: 0');
    const [fingerprint] = fingerprints(output);
    // `0`: no extra flag, so not O_DIRECT.
    expect(value(fingerprint, 'direct')).toBe(false);
    expect(value(fingerprint, 'sync')).toBe('fsync every 100, fsync at end');
  });

  it('names the memory operation as the kind (0.4: "Memory operations type: read")', () => {
    const output = OUTPUTS.find((candidate) =>
      candidate.label.endsWith('vps-comparison__v0.4.12-ram-randrd.txt'),
    ) as RawOutput;
    expect(output.text).toContain('Memory operations type: read');
    const [fingerprint] = fingerprints(output);
    expect(fingerprint?.kind).toMatchObject({ category: 'memory', op: 'read' });
    expect(value(fingerprint, 'size')).toBe(102400 * 1024 * 1024);
  });
});
