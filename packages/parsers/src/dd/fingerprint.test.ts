import { describe, expect, it } from 'vitest';
import { type RawOutput, rawOutputs } from '../../test/raw-outputs.ts';
import type { WorkloadFingerprint } from '../fingerprint.ts';
import { _readDdSize } from './fingerprint.ts';
import { _ddFingerprints, parseDd } from './index.ts';

const OUTPUTS = rawOutputs('dd');
const fingerprints = (output: RawOutput): WorkloadFingerprint[] =>
  _ddFingerprints(parseDd(output.text, { name: output.label }).result, output);
const field = (fingerprint: WorkloadFingerprint | undefined, key: string) =>
  fingerprint?.fields.find((candidate) => candidate.key === key);

describe('dd fingerprints of every dd output of the repository', () => {
  it.each(OUTPUTS.map((output) => [output.label, output] as const))(
    '%s: a fingerprint per report, with the bytes its transfer line prints',
    (_, output) => {
      const found = fingerprints(output);
      expect(found.length).toBeGreaterThan(0);
      // `134217728 bytes (134 MB, 128 MiB) copied`, `1 byte copied`, `967789 Bytes (968 kB) kopiert`,
      // `1 Byte kopiert`, `8 octets copiés`, `1 octet copié` (fr: a no-break space after the number),
      // and the BSD dd's `1024 bytes transferred in 0.000063 secs`
      const printed = [
        ...output.text.matchAll(
          /^(\d+)[ \u00a0](?:bytes?|Bytes?|octets?) (?:.*?(?:copied|kopiert|copiés?),|transferred in )/gm,
        ),
      ].map((m) => Number(m[1]));
      const sizes = found.map((fingerprint) => field(fingerprint, 'size')?.value).filter((size) => size !== undefined);
      for (const size of sizes) expect(printed).toContain(size);
      for (const fingerprint of found) expect(fingerprint.kind).toMatchObject({ category: 'io', access: 'sequential' });
    },
  );
});

describe('dd fingerprint fields', () => {
  it('reads the loopback run with the command run.yaml records: 1 MiB blocks, 128 of them, O_DIRECT, a write', () => {
    const output = OUTPUTS.find((candidate) =>
      candidate.label.endsWith('2026-11-ext4-xfs-btrfs-loopback/runs/ext4/dd--seq-write-1.txt'),
    ) as RawOutput;
    expect(output.command).toMatch(/^dd if=\/dev\/zero of=\S+ bs=1M count=128 oflag=direct$/);
    const [fingerprint] = fingerprints(output);
    expect(fingerprint?.kind).toEqual({ category: 'io', access: 'sequential', op: 'write', source: 'command' });
    expect(field(fingerprint, 'bs')).toMatchObject({ value: 1024 * 1024, source: 'command' });
    expect(field(fingerprint, 'count')?.value).toBe(128);
    expect(field(fingerprint, 'direct')?.value).toBe(true);
    expect(field(fingerprint, 'sync')?.value).toBe('none');
    expect(fingerprint?.summary).toBe('1 MiB sequential writes');
    // Without the command, the report alone: 128+0 records out, 134217728 bytes: 1 MiB each; no direction.
    expect(output.text).toContain('128+0 records out\n134217728 bytes');
    const [alone] = _ddFingerprints(parseDd(output.text).result, { text: output.text });
    expect(alone?.kind.op).toBeNull();
    expect(field(alone, 'bs')).toMatchObject({ value: 134217728 / 128, source: 'report' });
    expect(field(alone, 'direct')).toBeUndefined();
  });

  it('gives no block size when the bytes do not divide among the whole records (a write cut by ENOSPC)', () => {
    const output = OUTPUTS.find((candidate) =>
      candidate.label.endsWith('b3e-linux-2024__dd-coreutils-enospc-2runs.txt'),
    ) as RawOutput;
    // 2165+0 records out / 15892086784 bytes: 7340455.79... bytes a record.
    expect(output.text).toContain('2165+0 records out\n15892086784 bytes');
    const [first] = fingerprints(output);
    expect(field(first, 'bs')).toBeUndefined();
    expect(field(first, 'size')?.value).toBe(15892086784);
  });

  it("reads dd's size operands as coreutils does", () => {
    expect(_readDdSize('1M')).toBe(1024 * 1024);
    expect(_readDdSize('1MB')).toBe(1000 * 1000);
    expect(_readDdSize('1MiB')).toBe(1024 * 1024);
    expect(_readDdSize('2x512')).toBe(1024);
    expect(_readDdSize('4b')).toBe(2048);
    expect(_readDdSize('lots')).toBeNull();
  });
});
