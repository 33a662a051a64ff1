import type { Unit } from '../units.ts';

/**
 * The device columns of every sysstat layout, mapped to one canonical name per quantity.
 *
 * Units, from sysstat's iostat.c: sizes are counted in 512-byte sectors and divided by 2 for
 * "kB" and by 2048 for "MB" (write_disk_stat_header sets fctr = 2 or 2048), so iostat's kB is
 * KiB (1024 B) and MB is MiB; `Blk_*`, `rsec/s` and the old `avgrq-sz` are in sectors (512 B).
 * Times (`await`, `r_await`, `svctm`) are milliseconds. The request sizes of 11.x/12.x
 * (`rareq-sz`, `areq-sz`) are kB whatever -k/-m says.
 */
export interface ColumnSpec {
  /** The column as printed. */
  name: string;
  /** The canonical metric name (the measurement metric). */
  metric: string;
  unit: Unit;
  /** Base units per printed unit: 1024 for kB/s, 1e6 for ms, 1 for counts. */
  factor: number;
  /**
   * How a `--human` suffix reads: `bytes` columns print an absolute size with one of
   * sysstat's unit letters (`s` sector, `B`, `k`, `M`, `G`, `T`, `P`; common.c `units[]`, powers
   * of 1024), `percent` columns may end in `%`, `plain` columns take no suffix.
   */
  suffix: 'bytes' | 'percent' | 'plain';
}

type Spec = Omit<ColumnSpec, 'name'>;

const SECTOR_BYTES = 512;
const KIB = 1024;
const MIB = 1024 ** 2;
const GIB = 1024 ** 3;
const NS_PER_MS = 1e6;

const opsPerSec = (metric: string): Spec => ({ metric, unit: 'op/s', factor: 1, suffix: 'plain' });
const percent = (metric: string): Spec => ({ metric, unit: '%', factor: 1, suffix: 'percent' });
const millis = (metric: string): Spec => ({ metric, unit: 'ns', factor: NS_PER_MS, suffix: 'plain' });
const rate = (metric: string, factor: number): Spec => ({ metric, unit: 'B/s', factor, suffix: 'bytes' });
const size = (metric: string, factor: number): Spec => ({ metric, unit: 'B', factor, suffix: 'bytes' });

/** Size and rate spellings per unit prefix in the basic layout: kB_read/s, MB_read/s, Blk_read/s. */
const BASIC_UNITS: readonly [string, number][] = [
  ['kB', KIB],
  ['MB', MIB],
  ['GB', GIB],
  ['Blk', SECTOR_BYTES],
];

/** `read`, `wrtn`, `dscd` and the `-s` layout's `w+d` (write plus discard). */
const BASIC_DIRECTIONS: readonly [string, string][] = [
  ['read', 'read'],
  ['wrtn', 'write'],
  ['dscd', 'discard'],
  ['w+d', 'write_discard'],
];

/** Extended layout prefixes: r, w, d with kB (12.x, 11.x -k), MB (-m), sec (sectors, 9.x/10.x default). */
const EXTENDED_DIRECTIONS: readonly [string, string][] = [
  ['r', 'read'],
  ['w', 'write'],
  ['d', 'discard'],
];
const EXTENDED_UNITS: readonly [string, number][] = [
  ['kB', KIB],
  ['MB', MIB],
  ['GB', GIB],
  ['sec', SECTOR_BYTES],
];

function buildTable(): Map<string, Spec> {
  const table = new Map<string, Spec>();
  table.set('tps', opsPerSec('tps'));
  for (const [unit, factor] of BASIC_UNITS) {
    for (const [printed, metric] of BASIC_DIRECTIONS) {
      table.set(`${unit}_${printed}/s`, rate(`${metric}.bw`, factor));
      table.set(`${unit}_${printed}`, size(`${metric}.bytes`, factor));
    }
  }
  for (const [prefix, metric] of EXTENDED_DIRECTIONS) {
    table.set(`${prefix}/s`, opsPerSec(`${prefix}/s`));
    table.set(`${prefix}rqm/s`, opsPerSec(`${prefix}rqm/s`));
    table.set(`%${prefix}rqm`, percent(`%${prefix}rqm`));
    table.set(`${prefix}_await`, millis(`${prefix}_await`));
    table.set(`${prefix}areq-sz`, size(`${prefix}areq-sz`, KIB));
    for (const [unit, factor] of EXTENDED_UNITS) table.set(`${prefix}${unit}/s`, rate(`${metric}.bw`, factor));
  }
  table.set('f/s', opsPerSec('f/s'));
  table.set('f_await', millis('f_await'));
  // -s with -x (12.x): totals over read, write and discard.
  table.set('kB/s', rate('bw', KIB));
  table.set('MB/s', rate('bw', MIB));
  table.set('GB/s', rate('bw', GIB));
  table.set('rqm/s', opsPerSec('rqm/s'));
  table.set('await', millis('await'));
  table.set('areq-sz', size('areq-sz', KIB));
  // 9.x-11.x: average request size in sectors, the same quantity as areq-sz.
  table.set('avgrq-sz', size('areq-sz', SECTOR_BYTES));
  // avgqu-sz (up to 11.x) was renamed aqu-sz in 12.x: the average queue length.
  table.set('avgqu-sz', { metric: 'aqu-sz', unit: 'count', factor: 1, suffix: 'plain' });
  table.set('aqu-sz', { metric: 'aqu-sz', unit: 'count', factor: 1, suffix: 'plain' });
  table.set('svctm', millis('svctm'));
  table.set('%util', percent('%util'));
  return table;
}

const TABLE = buildTable();
const cache = new Map<string, ColumnSpec>();

/**
 * The spec of a printed column name. A name no sysstat version we know prints still gets a
 * column (its lowercased name as metric, unit `count`), so that a newer layout parses.
 */
export function columnSpec(name: string): ColumnSpec {
  let spec = cache.get(name);
  if (spec === undefined) {
    const known = TABLE.get(name);
    spec = known === undefined ? { name, ...unknownColumn(name) } : { name, ...known };
    cache.set(name, spec);
  }
  return spec;
}

/** True when the name is one sysstat prints (unknown columns are parsed, but not trusted for detection). */
export function isKnownColumn(name: string): boolean {
  return TABLE.has(name);
}

function unknownColumn(name: string): Spec {
  const metric = name.toLowerCase().replace(/[^a-z0-9%_/-]+/g, '_') || 'column';
  return { metric, unit: 'count', factor: 1, suffix: 'plain' };
}

/**
 * JSON keys (`-o JSON`) that differ from the printed column: 12.x writes `rrqm` for %rrqm and
 * `util` for %util; 11.x wrote `rrqm` for rrqm/s, `r` for r/s, `rkB` for rkB/s and
 * `kB_read_per_sec` for kB_read/s (iostat.c write_json_ext_stat / write_json_basic_stat).
 */
export function jsonKeyColumn(key: string, hasRateMergeKey: boolean): string {
  switch (key) {
    case 'util':
      return '%util';
    case 'rrqm':
    case 'wrqm':
    case 'drqm':
      // 12.x prints both `rrqm/s` and `rrqm` (the percentage); 11.x only `rrqm`, meaning rrqm/s.
      return hasRateMergeKey ? `%${key}` : `${key}/s`;
    case 'r':
    case 'w':
      return `${key}/s`;
    case 'rkB':
    case 'wkB':
    case 'rMB':
    case 'wMB':
      return `${key}/s`;
    default:
      if (key.endsWith('_per_sec')) return `${key.slice(0, -'_per_sec'.length)}/s`;
      return key;
  }
}
