import type { Unit } from '../units.ts';

/**
 * Units a published table may use, each with the base unit and factor its values are stored
 * in. The decimal and binary prefixes are kept apart on purpose: a table that says "MB/s"
 * means 10^6 bytes per second here (dd's and most writers' sense); one that means 2^20 says
 * "MiB/s". Times in seconds stay seconds (a duration); sub-second times become nanoseconds.
 */
export const PUBLISHED_UNITS: Readonly<Record<string, { unit: Unit; factor: number }>> = {
  ns: { unit: 'ns', factor: 1 },
  us: { unit: 'ns', factor: 1e3 },
  µs: { unit: 'ns', factor: 1e3 },
  ms: { unit: 'ns', factor: 1e6 },
  s: { unit: 's', factor: 1 },
  B: { unit: 'B', factor: 1 },
  kB: { unit: 'B', factor: 1e3 },
  MB: { unit: 'B', factor: 1e6 },
  GB: { unit: 'B', factor: 1e9 },
  KiB: { unit: 'B', factor: 1024 },
  MiB: { unit: 'B', factor: 1024 ** 2 },
  GiB: { unit: 'B', factor: 1024 ** 3 },
  'B/s': { unit: 'B/s', factor: 1 },
  'kB/s': { unit: 'B/s', factor: 1e3 },
  'MB/s': { unit: 'B/s', factor: 1e6 },
  'GB/s': { unit: 'B/s', factor: 1e9 },
  'KiB/s': { unit: 'B/s', factor: 1024 },
  'MiB/s': { unit: 'B/s', factor: 1024 ** 2 },
  'GiB/s': { unit: 'B/s', factor: 1024 ** 3 },
  'op/s': { unit: 'op/s', factor: 1 },
  IOPS: { unit: 'op/s', factor: 1 },
  '%': { unit: '%', factor: 1 },
  count: { unit: 'count', factor: 1 },
};
