import { describe, expect, it } from 'vitest';
import { type RawOutput, rawOutputs } from '../../test/raw-outputs.ts';
import type { WorkloadFingerprint } from '../fingerprint.ts';
import { _sadfFingerprints, parseSadf } from './index.ts';

const OUTPUTS = rawOutputs('sadf');
const fingerprints = (output: RawOutput): WorkloadFingerprint[] =>
  _sadfFingerprints(parseSadf(output.text, { name: output.label }).result);
const field = (fingerprint: WorkloadFingerprint | undefined, key: string) =>
  fingerprint?.fields.find((candidate) => candidate.key === key);

describe('sadf fingerprints of every sadf -j output of the repository', () => {
  it.each(OUTPUTS.map((output) => [output.label, output] as const))(
    '%s: a fingerprint per host, with its interval',
    (_, output) => {
      const found = fingerprints(output);
      expect(found.length).toBe((output.text.match(/"nodename"/g) ?? []).length);
      // "interval": 1 in each timestamp, as printed: the fingerprint's is one of them.
      const intervals = [...output.text.matchAll(/"interval":\s*(\d+)/g)].map((m) => Number(m[1]));
      const interval = field(found[0], 'interval')?.value;
      if (intervals.length > 0) expect(intervals).toContain(interval);
      for (const [, device] of output.text.matchAll(/"disk-device":\s*"([^"]+)"/g)) {
        expect(String(field(found[0], 'device-roles')?.text)).toContain(`${device}: `);
      }
    },
  );
});

describe('sadf fingerprint fields', () => {
  it('reads the roles of the devices sar -p names (loop0, vda) and the sections recorded', () => {
    const output = OUTPUTS.find((candidate) =>
      candidate.label.endsWith('sysstat-12.6.1--A-T-paris.input.json'),
    ) as RawOutput;
    expect(output.text).toContain('"disk-device": "loop0"');
    const [fingerprint] = fingerprints(output);
    expect(field(fingerprint, 'device-roles')?.value).toBe('disk, loop');
    expect(field(fingerprint, 'sections')?.value).toBe('cpu disk io');
  });
});
