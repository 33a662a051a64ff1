// Where a run stands among the published runs of its workload: which runs are "of its workload"
// (a key made from the library's fingerprint, equal keys only) and which numbers are ranked.
// Pure and browser-safe: the build keys the published runs with it, /try keys the reader's.

import type { FingerprintField, WorkloadFingerprint } from '@benchfolio/parsers';
import { MEASURED_FIELDS } from './comparability.ts';

/**
 * The fields a tool's fingerprint must state before its number is ranked: a fio job whose output
 * does not say whether its I/O was direct (fio 1.x's normal output prints no `direct`) could be
 * a buffered run ranked among direct ones, so it is not ranked at all. bonnie++'s file size is
 * what decides whether its block rates measured the disk or the page cache.
 */
const REQUIRED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  fio: ['rw', 'bs', 'iodepth', 'direct'],
  sysbench: ['test'],
  bonnie: ['size'],
  dd: ['bs', 'direct'],
};

/**
 * The numbers ranked, per tool: fio's IOPS, bandwidth and mean completion latency per direction,
 * sysbench's rates (and its mean latency), bonnie++'s block rates, dd's rate. Counts, sizes and
 * CPU-bound per-character tests are not.
 */
const STANDING_METRICS: Readonly<Record<string, RegExp>> = {
  fio: /^(?:read|write|trim)\.(?:iops|bw|clat\.mean)$/,
  sysbench: /^(?:read|write|fsync|read\.bw|write\.bw|events|tps|qps|operations|transfer\.bw|latency\.avg)$/,
  bonnie: /^(?:put_block|get_block|rewrite)$/,
  dd: /^bw$/,
};

/** Whether a tool's metric is one the standings rank. */
export function isStandingMetric(tool: string, metric: string): boolean {
  return STANDING_METRICS[tool]?.test(metric) ?? false;
}

/** Whether a tool has standings at all. */
export function hasStandings(tool: string): boolean {
  return STANDING_METRICS[tool] !== undefined;
}

/**
 * bonnie++'s file size against the memory, in classes: under the memory (the page cache can hold
 * it), up to twice, at least twice (bonnie++'s own advice). The ratio itself differs with every
 * machine's memory, and would leave every run alone.
 */
function sizeToRamClass(ratio: number): string {
  if (ratio < 1) return '<1';
  return ratio < 2 ? '1-2' : '>=2';
}

function fieldValue(field: FingerprintField): string {
  if (field.key === 'size-to-ram' && typeof field.value === 'number') return sizeToRamClass(field.value);
  return String(field.value);
}

/** The fields a key is made of for a tool: those that change the measurement (comparability.ts), and bonnie++'s size. */
function isKeyField(tool: string, key: string): boolean {
  return MEASURED_FIELDS.has(key) || (tool === 'bonnie' && key === 'size');
}

/** A workload's key, or why it has none. */
export type StandingKey = { key: string } | { missing: string[] };

/**
 * A workload's key: its tool, its kind and every field that changes the measurement, each as
 * the output says it. Two workloads are ranked together only when their keys are equal: a 4 KiB
 * random read never meets a sequential write, nor a direct write a buffered one. A workload
 * whose output leaves out a required field gets none (`missing`, by the fields' labels).
 */
export function standingKey(fingerprint: WorkloadFingerprint): StandingKey {
  const required = REQUIRED_FIELDS[fingerprint.tool] ?? [];
  const missing = required.filter((key) => !fingerprint.fields.some((field) => field.key === key));
  if (missing.length > 0) return { missing };
  const { category, access, op } = fingerprint.kind;
  const fields = fingerprint.fields
    .filter((field) => isKeyField(fingerprint.tool, field.key))
    .map((field) => `${field.key}=${fieldValue(field)}`)
    .sort();
  return { key: [fingerprint.tool, category, access ?? '-', op ?? '-', ...fields].join('|') };
}

/**
 * The file name of a key's standings (`standings/<name>.json`): 16 hex digits of two 32-bit
 * FNV-1a hashes of its UTF-16 code units, so that the browser finds it without a list of keys.
 * The file carries its key, and a reader checks it (two keys of one name would be told apart).
 */
export function standingFileName(key: string): string {
  return `${fnv1a(key, 0x811c9dc5)}${fnv1a(key, 0x01000193)}`;
}

function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The files of names, one per first hex digit of a name (`standings/names/<digit>.json`, each the
 * sorted names of the workloads that have standings): /try asks the one of each of its names
 * before fetching a workload's file, so that a workload no run has is an answer, not a 404. All
 * sixteen are always written, empty or not.
 */
export const STANDING_NAME_BUCKETS: readonly string[] = [...'0123456789abcdef'];

/** The bucket of a file name: its first hex digit. */
export function standingNameBucket(name: string): string {
  return name.charAt(0);
}
