import type { SadfCpu, SadfDisk, SadfIo } from './schema.ts';

/**
 * What sadf -j writes, per sysstat version, read from sysstat's json_stats.c (10.1.5 to 12.7.9):
 *
 * - `disk` (sar -d): `disk-device`, `tps`, `rd_sec`/`wr_sec` (512-byte sectors per second; every
 *   version), `dc_sec` (12.1.2+), `rkB`/`wkB` (11.6 to 12.6: the same rates halved, kB = 1024 B),
 *   `dkB` (12.1.2 to 12.6), `avgrq-sz` (sectors; every version) and `areq-sz` (kB, 11.6 to
 *   12.6), `avgqu-sz` and `aqu-sz` (11.6+: one value printed twice), `await` and `svctm` (ms;
 *   svctm up to 12.1.1), `util-percent`.
 * - `cpu-load` (sar -u, -P): `cpu` and `user nice system iowait steal idle`; with -u ALL, `usr
 *   nice sys iowait steal irq soft guest gnice idle`, under the name `cpu-load-all` up to 11.1.
 * - `io` (sar -b): `tps`, `io-reads {rtps, bread}`, `io-writes {wtps, bwrtn}`, `io-discard
 *   {dtps, bdscd}` (12.1.2+); bread, bwrtn and bdscd count 512-byte blocks per second.
 *
 * Where a version prints one quantity twice (rd_sec and rkB), the finer spelling is read:
 * sectors/s at two decimals are 5.12 B/s apart, kB/s at two decimals 10.24 B/s.
 */

export const SECTOR_BYTES = 512;
const KIB = 1024;
const NS_PER_MS = 1e6;

type NumericKey<T> = { [K in keyof T]: T[K] extends number | null ? K : never }[keyof T];

/** A JSON key read into a field: `factor` makes base units, `rank` orders spellings (lower wins). */
export interface KeySpec<T> {
  field: NumericKey<T>;
  factor: number;
  rank: number;
}

export const DISK_KEYS: ReadonlyMap<string, KeySpec<SadfDisk>> = new Map<string, KeySpec<SadfDisk>>([
  ['tps', { field: 'tps', factor: 1, rank: 0 }],
  ['rd_sec', { field: 'readBytesPerSec', factor: SECTOR_BYTES, rank: 0 }],
  ['rkB', { field: 'readBytesPerSec', factor: KIB, rank: 1 }],
  ['wr_sec', { field: 'writeBytesPerSec', factor: SECTOR_BYTES, rank: 0 }],
  ['wkB', { field: 'writeBytesPerSec', factor: KIB, rank: 1 }],
  ['dc_sec', { field: 'discardBytesPerSec', factor: SECTOR_BYTES, rank: 0 }],
  ['dkB', { field: 'discardBytesPerSec', factor: KIB, rank: 1 }],
  ['avgrq-sz', { field: 'requestSizeBytes', factor: SECTOR_BYTES, rank: 0 }],
  ['areq-sz', { field: 'requestSizeBytes', factor: KIB, rank: 1 }],
  ['aqu-sz', { field: 'queueLength', factor: 1, rank: 0 }],
  ['avgqu-sz', { field: 'queueLength', factor: 1, rank: 1 }],
  ['await', { field: 'awaitNs', factor: NS_PER_MS, rank: 0 }],
  ['svctm', { field: 'svctmNs', factor: NS_PER_MS, rank: 0 }],
  ['util-percent', { field: 'utilPercent', factor: 1, rank: 0 }],
]);

export const CPU_KEYS: ReadonlyMap<string, KeySpec<SadfCpu>> = new Map<string, KeySpec<SadfCpu>>(
  (
    [
      ['user', 'userPercent'],
      ['usr', 'usrPercent'],
      ['nice', 'nicePercent'],
      ['system', 'systemPercent'],
      ['sys', 'sysPercent'],
      ['iowait', 'iowaitPercent'],
      ['steal', 'stealPercent'],
      ['irq', 'irqPercent'],
      ['soft', 'softPercent'],
      ['guest', 'guestPercent'],
      ['gnice', 'gnicePercent'],
      ['idle', 'idlePercent'],
    ] as const
  ).map(([key, field]) => [key, { field, factor: 1, rank: 0 }]),
);

/** `io` members: a path of one or two keys (`io-reads.rtps`). */
export const IO_KEYS: ReadonlyMap<string, KeySpec<SadfIo>> = new Map<string, KeySpec<SadfIo>>([
  ['tps', { field: 'tps', factor: 1, rank: 0 }],
  ['io-reads.rtps', { field: 'readTps', factor: 1, rank: 0 }],
  ['io-reads.bread', { field: 'readBytesPerSec', factor: SECTOR_BYTES, rank: 0 }],
  ['io-writes.wtps', { field: 'writeTps', factor: 1, rank: 0 }],
  ['io-writes.bwrtn', { field: 'writeBytesPerSec', factor: SECTOR_BYTES, rank: 0 }],
  ['io-discard.dtps', { field: 'discardTps', factor: 1, rank: 0 }],
  ['io-discard.bdscd', { field: 'discardBytesPerSec', factor: SECTOR_BYTES, rank: 0 }],
]);

/** The statistics members this reader reads; every other one is listed in `unreadSections`. */
export const CPU_SECTIONS = ['cpu-load', 'cpu-load-all'] as const;
export const DISK_SECTION = 'disk';
export const IO_SECTION = 'io';
