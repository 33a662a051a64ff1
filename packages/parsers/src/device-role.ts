import { _countField, _wordField, type FingerprintField } from './fingerprint.ts';

/**
 * What a block device is, from its Linux name (as iostat prints it, or sadf with -p) or its
 * major number (sadf without -p prints `dev8-0`). Only the kernel's fixed names and majors
 * (Documentation/admin-guide/devices.txt) are read; a name that follows none is `other`. The LVM
 * names `iostat -N` prints (`vg-lv`) are not told from other names: `other`.
 */

export const DEVICE_ROLES = [
  'disk', // a whole disk: sda, vda, xvda, hda, nvme0n1, mmcblk0, cciss/c0d0
  'partition', // sda1, nvme0n1p2, mmcblk0p1, cciss/c0d0p2
  'loop', // loop0
  'device-mapper', // dm-0
  'md-raid', // md0, md127
  'ram', // ram0, zram0
  'network', // nbd0, rbd0, drbd0
  'optical', // sr0, scd0
  'floppy', // fd0
  'group', // an iostat -g group total
  'other',
] as const;
export type DeviceRole = (typeof DEVICE_ROLES)[number];

const BY_NAME: readonly [RegExp, DeviceRole][] = [
  [/^loop\d+$/, 'loop'],
  [/^dm-\d+$/, 'device-mapper'],
  [/^md\d+$/, 'md-raid'],
  [/^md\d+p\d+$/, 'partition'],
  [/^z?ram\d+$/, 'ram'],
  [/^(?:nbd|rbd|drbd)\d+$/, 'network'],
  [/^(?:sr|scd)\d+$/, 'optical'],
  [/^fd\d+$/, 'floppy'],
  [/^nvme\d+n\d+$/, 'disk'],
  [/^nvme\d+n\d+p\d+$/, 'partition'],
  [/^mmcblk\d+$/, 'disk'],
  [/^mmcblk\d+p\d+$/, 'partition'],
  [/^(?:cciss|ida|rd)\/c\d+d\d+$/, 'disk'],
  [/^(?:cciss|ida|rd)\/c\d+d\d+p\d+$/, 'partition'],
  [/^(?:s|v|xv|h)d[a-z]+$/, 'disk'],
  [/^(?:s|v|xv|h)d[a-z]+\d+$/, 'partition'],
];

/** Fixed majors: 7 loop, 9 md, 8 and 65-71 SCSI disks (16 minors each), 3 and 22 IDE (64 each), 179 MMC (8 each). */
function roleOfMajor(major: number, minor: number): DeviceRole {
  if (major === 7) return 'loop';
  if (major === 9) return 'md-raid';
  if (major === 1) return 'ram';
  if (major === 11) return 'optical';
  if (major === 2) return 'floppy';
  if (major === 43) return 'network';
  if (major === 8 || (major >= 65 && major <= 71) || (major >= 128 && major <= 135))
    return minor % 16 === 0 ? 'disk' : 'partition';
  if (major === 3 || major === 22) return minor % 64 === 0 ? 'disk' : 'partition';
  if (major === 179) return minor % 8 === 0 ? 'disk' : 'partition';
  return 'other';
}

export function deviceRole(name: string): DeviceRole {
  const trimmed = name.trim();
  const numbered = /^dev(\d+)-(\d+)$/.exec(trimmed);
  if (numbered !== null) return roleOfMajor(Number(numbered[1]), Number(numbered[2]));
  for (const [pattern, role] of BY_NAME) if (pattern.test(trimmed)) return role;
  return 'other';
}

/** The devices' roles (`disk, loop`: each role once, sorted) and their number. */
export function _deviceRoleFields(devices: readonly string[]): FingerprintField[] {
  if (devices.length === 0) return [];
  const roles = [...new Set(devices.map((device) => deviceRole(device)))].sort();
  return [
    _wordField(
      {
        key: 'device-roles',
        label: 'device roles',
        source: 'device-name',
        weight: 3,
        text: `${roles.join(', ')} (${devices.map((device) => `${device}: ${deviceRole(device)}`).join(', ')})`,
      },
      roles.join(', '),
    ),
    _countField({ key: 'devices', label: 'devices', source: 'report' }, devices.length),
  ];
}
