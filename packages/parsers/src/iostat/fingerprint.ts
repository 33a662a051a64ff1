import { _deviceRoleFields } from '../device-role.ts';
import {
  _flagField,
  _secondsField,
  _workloadPhrase,
  type FingerprintField,
  type WorkloadFingerprint,
  type WorkloadKind,
} from '../fingerprint.ts';
import type { IostatResult } from './schema.ts';

/**
 * iostat's fingerprint: what was watched, not what was asked of the devices. One per output:
 * the devices printed and their roles (from their names, see device-role.ts), whether the
 * statistics are extended (`-x`: `%util` and `await` columns), and the interval, which iostat
 * does not print: the median time between two reports when they carry times (`-t`).
 */

export function _iostatFingerprints(result: IostatResult): WorkloadFingerprint[] {
  const fields: FingerprintField[] = [];
  const devices = [
    ...new Set(
      result.reports.flatMap((report) => report.devices.map((device) => (device.isGroup ? null : device.device))),
    ),
  ].filter((name): name is string => name !== null);
  fields.push(..._deviceRoleFields(devices));
  const hasUtil = result.reports.some((report) => report.columns.some((column) => column.metric === '%util'));
  if (result.reports.some((report) => report.devices.length > 0)) {
    fields.push(_flagField({ key: 'extended', label: 'extended statistics', source: 'report' }, hasUtil));
  }
  const interval = _medianInterval(
    result.reports.map((report) => (report.timestamp === null ? null : Date.parse(report.timestamp) / 1000)),
  );
  if (interval !== null)
    fields.push(_secondsField({ key: 'interval', label: 'interval', source: 'report', weight: 2 }, interval));
  const kind: WorkloadKind = { category: 'device-activity', access: null, op: null, source: null };
  return [
    {
      tool: 'iostat',
      workload: result.host?.host ?? 'iostat',
      run: 0,
      line: null,
      kind,
      summary: `${_workloadPhrase({ kind, fields })}${devices.length === 0 ? '' : ` of ${devices.join(', ')}`}`,
      fields,
    },
  ];
}

/** The median of the differences between successive times (s), to the whole second; null without two times. */
export function _medianInterval(times: readonly (number | null)[]): number | null {
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) {
    const before = times[i - 1];
    const after = times[i];
    if (
      before !== null &&
      before !== undefined &&
      after !== null &&
      after !== undefined &&
      Number.isFinite(after - before) &&
      after > before
    ) {
      gaps.push(after - before);
    }
  }
  if (gaps.length === 0) return null;
  gaps.sort((x, y) => x - y);
  const middle = gaps.length / 2;
  const median =
    gaps.length % 2 === 1
      ? (gaps[Math.floor(middle)] as number)
      : ((gaps[middle - 1] as number) + (gaps[middle] as number)) / 2;
  return Math.max(1, Math.round(median));
}
