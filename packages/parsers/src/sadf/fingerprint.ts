import { _deviceRoleFields } from '../device-role.ts';
import {
  _secondsField,
  _wordField,
  _workloadPhrase,
  type FingerprintField,
  type WorkloadFingerprint,
  type WorkloadKind,
} from '../fingerprint.ts';
import type { SadfResult } from './schema.ts';

/**
 * sadf -j's fingerprint, one per host: the disks recorded (`disk-device`: `sda` with sar -p,
 * `dev8-0` without, whose major number tells the role where it is a fixed one), the sections
 * recorded (cpu, disk, io), and the interval, which sadf prints (`timestamp.interval`): the
 * median over the samples.
 */

export function _sadfFingerprints(result: SadfResult): WorkloadFingerprint[] {
  return result.hosts.map((host, index) => {
    const fields: FingerprintField[] = [];
    const devices = [...new Set(host.samples.flatMap((sample) => sample.disks.map((disk) => disk.device)))];
    fields.push(..._deviceRoleFields(devices));
    const sections = [
      host.samples.some((sample) => sample.cpus.length > 0) ? 'cpu' : null,
      devices.length > 0 ? 'disk' : null,
      host.samples.some((sample) => sample.io !== null) ? 'io' : null,
    ].filter((section): section is string => section !== null);
    if (sections.length > 0)
      fields.push(_wordField({ key: 'sections', label: 'sections', source: 'report' }, sections.join(' ')));
    const intervals = host.samples
      .map((sample) => sample.intervalSec)
      .filter((value): value is number => value !== null && value > 0);
    if (intervals.length > 0) {
      intervals.sort((x, y) => x - y);
      const interval = intervals[Math.floor(intervals.length / 2)] as number;
      fields.push(_secondsField({ key: 'interval', label: 'interval', source: 'report', weight: 2 }, interval));
    }
    const kind: WorkloadKind = { category: 'device-activity', access: null, op: null, source: null };
    return {
      tool: 'sadf',
      workload: host.host.host,
      run: index,
      line: null,
      kind,
      summary: `${_workloadPhrase({ kind, fields })}${devices.length === 0 ? '' : ` of ${devices.join(', ')}`}`,
      fields,
    };
  });
}
