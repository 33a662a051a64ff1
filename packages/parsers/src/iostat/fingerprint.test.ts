import { describe, expect, it } from 'vitest';
import { type RawOutput, rawOutputs } from '../../test/raw-outputs.ts';
import type { WorkloadFingerprint } from '../fingerprint.ts';
import { _iostatFingerprints, parseIostat } from './index.ts';

const OUTPUTS = rawOutputs('iostat');
const fingerprints = (output: RawOutput): WorkloadFingerprint[] =>
  _iostatFingerprints(parseIostat(output.text, { name: output.label }).result);
const field = (fingerprint: WorkloadFingerprint | undefined, key: string) =>
  fingerprint?.fields.find((candidate) => candidate.key === key);

describe('iostat fingerprints of every iostat output of the repository', () => {
  it.each(OUTPUTS.map((output) => [output.label, output] as const))(
    '%s: one fingerprint naming its devices',
    (_, output) => {
      const [fingerprint, ...rest] = fingerprints(output);
      expect(rest).toEqual([]);
      expect(fingerprint?.kind.category).toBe('device-activity');
      const devices = field(fingerprint, 'devices')?.value;
      if (devices !== undefined) {
        // Each device named in the roles' text is a row of the raw text (a JSON "disk_device" or a table row).
        const text = String(field(fingerprint, 'device-roles')?.text);
        for (const [, name] of text.matchAll(/([\w/.-]+): [a-z-]+/g)) {
          // A row begins or (--pretty) ends with the name; JSON has `"disk_device": "sda"`.
          const escaped = (name as string).replace(/[/.]/g, '\\$&');
          expect(output.text).toMatch(
            new RegExp(`(?:^\\s*${escaped}\\s|\\s${escaped}$|"disk_device":\\s*"${escaped}")`, 'm'),
          );
        }
      }
    },
  );
});

describe('iostat fingerprint fields', () => {
  it('reads the loopback iostat (-x -t): loop0 and vda, a second apart', () => {
    const output = OUTPUTS.find((candidate) =>
      candidate.label.endsWith('2026-11-ext4-xfs-btrfs-loopback/runs/ext4/iostat--ext4.txt'),
    ) as RawOutput;
    expect(output.command).toMatch(/iostat -x -t -k 1 loop0 vda$/);
    // The first two report times, as printed: `11/24/26 09:37:22`, or with S_TIME_FORMAT=ISO
    // `2026-11-24T10:58:01+0000`.
    const [first, second] = [
      ...output.text.matchAll(/^(?:\d\d\/\d\d\/\d\d |\d{4}-\d\d-\d\dT)(\d\d):(\d\d):(\d\d)/gm),
    ].map((m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]));
    const [fingerprint] = fingerprints(output);
    expect(field(fingerprint, 'interval')).toMatchObject({ value: (second ?? 0) - (first ?? 0), unit: 's' });
    expect(field(fingerprint, 'device-roles')).toMatchObject({ value: 'disk, loop', source: 'device-name' });
    expect(field(fingerprint, 'devices')?.value).toBe(2);
    expect(field(fingerprint, 'extended')?.value).toBe(true);
  });

  it('has no interval without report times, and no device field without devices (-c)', () => {
    const output = OUTPUTS.find((candidate) => candidate.label.endsWith('jc__centos77-iostat-1.txt')) as RawOutput;
    const [fingerprint] = fingerprints(output);
    expect(field(fingerprint, 'interval')).toBeUndefined();
    expect(field(fingerprint, 'device-roles')?.value).toBe('device-mapper, disk');
  });
});
