import { _emptyLatencyStats, type DirectionStats, type PriorityLatency } from '../schema.ts';
import type { _LineCursor } from './cursor.ts';

/**
 * The per-priority latency lines fio prints under a direction when two priorities have samples
 * (cmdprio_percentage, cmdprio_class, prioclass per job, ...), read off stat.c's history:
 *
 * - fio >= 3.30: `clat prio 1/0 (usec): min=...` for each class/level, and
 *   `clat prio 1/0 (30.07% of IOs) percentiles (usec):` (`lat prio` with lat_percentiles=1);
 *   fio >= 3.36 adds the priority hint: `clat prio 1/0/0`;
 * - fio 3.1x-3.29: `high prio_clat (usec): min=...`, `low prio_clat (usec): ...`, and
 *   `high prio (30.07%) clat percentiles (usec):` (`prio_lat`, `lat percentiles` alike).
 */

export interface PrioKey {
  prioClass: number;
  prioLevel: number;
  prioHint: number | null;
}

/** After `clat prio`/`lat prio`: ` C/L` or (fio >= 3.36) ` C/L/H`; the cursor is left after it. */
export function _readPrioClassLevel(cursor: _LineCursor): PrioKey {
  cursor.skipSpaces();
  const prioClass = cursor.integer();
  cursor.expect('/');
  const prioLevel = cursor.integer();
  const prioHint = cursor.accept('/') ? cursor.integer() : null;
  return { prioClass, prioLevel, prioHint };
}

/** `(30.07% of IOs)` / `(30.07%)` before `percentiles`, when there: the percentage. */
export function _readPrioShare(cursor: _LineCursor): number | null {
  cursor.skipSpaces();
  if (!cursor.accept('(')) return null;
  const percent = cursor.number();
  cursor.expect('%');
  cursor.accept(' of IOs');
  cursor.expect(')');
  return percent;
}

/** The direction's entry for this priority, created in print order on first use. */
export function _prioEntry(
  stats: DirectionStats,
  key: PrioKey | 'high' | 'low',
  isTotalLatency: boolean,
): PriorityLatency {
  stats.prios ??= [];
  const isHighOrLow = typeof key === 'string';
  const found = stats.prios.find((entry) =>
    isHighOrLow ? entry.highOrLow === key : entry.prioClass === key.prioClass && entry.prioLevel === key.prioLevel,
  );
  if (found !== undefined) return found;
  const created: PriorityLatency = {
    prioClass: isHighOrLow ? null : key.prioClass,
    prioLevel: isHighOrLow ? null : key.prioLevel,
    prioHint: isHighOrLow ? null : key.prioHint,
    highOrLow: isHighOrLow ? key : null,
    percentOfIos: null,
    isTotalLatency,
    lat: _emptyLatencyStats(),
  };
  stats.prios.push(created);
  return created;
}
