import type { WorkloadFingerprint } from '../../fingerprint.ts';
import { fingerprintOutput } from '../../fingerprint-output.ts';
import {
  bytesWords,
  escapeRegExp,
  findInLines,
  finding,
  type LintFinding,
  nameInMessage,
  type OutputLintInput,
  type TextPosition,
  textLines,
} from './finding.ts';
import type { LintRuleId } from './rules.ts';

/**
 * The cache rules (BF001-BF004): buffered I/O on a data set under twice the run's memory. They
 * read the workload fingerprints, which already know each tool's size, direct and sync options
 * (from the output, its command and the memory run.yaml records).
 */

/** A data set under this many times the memory can be held in the page cache. */
export const CACHE_MEMORY_FACTOR = 2;

type CacheCheck = (fingerprint: WorkloadFingerprint, lines: readonly string[]) => CacheCase | null;

interface CacheCase {
  rule: LintRuleId;
  dataBytes: number;
  at: TextPosition | null;
  what: string;
}

const CACHE_CHECKS: Partial<Record<OutputLintInput['parsed']['tool'], CacheCheck>> = {
  fio: fioCache,
  bonnie: bonnieCache,
  sysbench: sysbenchCache,
  dd: ddCache,
};

export function cacheFindings(input: OutputLintInput): LintFinding[] {
  const check = CACHE_CHECKS[input.parsed.tool];
  const memoryBytes = input.memoryBytes;
  if (check === undefined || memoryBytes === undefined) return [];
  const context = { text: input.text, command: input.command, memoryBytes };
  const lines = textLines(input.text);
  const findings: LintFinding[] = [];
  for (const fingerprint of fingerprintOutput(input.parsed, context)) {
    const found = check(fingerprint, lines);
    if (found === null || found.dataBytes >= CACHE_MEMORY_FACTOR * memoryBytes) continue;
    const at = found.at ?? { line: fingerprint.line ?? 1, column: 1 };
    const ratio = found.dataBytes / memoryBytes;
    findings.push(
      finding(input, found.rule, at, {
        workload: fingerprint.workload,
        values: { dataBytes: found.dataBytes, memoryBytes, ratioToMemory: Number(ratio.toPrecision(3)) },
        message: `${found.what}: ${bytesWords(found.dataBytes)} on a machine with ${bytesWords(memoryBytes)} of memory (${formatRatio(ratio)} of it; under ${CACHE_MEMORY_FACTOR}×, the page cache can hold it)`,
      }),
    );
  }
  return findings;
}

function formatRatio(ratio: number): string {
  return ratio < 1 ? `${Number((ratio * 100).toPrecision(2))} %` : `${Number(ratio.toPrecision(2))}×`;
}

function field(fingerprint: WorkloadFingerprint, key: string): string | number | boolean | undefined {
  return fingerprint.fields.find((candidate) => candidate.key === key)?.value;
}

function numberField(fingerprint: WorkloadFingerprint, key: string): number | null {
  const value = field(fingerprint, key);
  return typeof value === 'number' ? value : null;
}

/** fio: `direct=0` or not set (fio's default), `size` × `numjobs` under twice the memory. */
function fioCache(fingerprint: WorkloadFingerprint, lines: readonly string[]): CacheCase | null {
  if (field(fingerprint, 'direct') === true) return null;
  const size = numberField(fingerprint, 'size');
  if (size === null) return null;
  const jobs = numberField(fingerprint, 'threads') ?? 1;
  const at = findInLines(lines, new RegExp(`^${escapeRegExp(fingerprint.workload)}: \\(g=`));
  const what = `fio job ${nameInMessage(fingerprint.workload)} ran buffered (direct=0) on ${jobs === 1 ? 'a file' : `${jobs} jobs × ${bytesWords(size)}`}`;
  return { rule: 'BF001', dataBytes: size * jobs, at, what };
}

/** bonnie++: its file size (`-s`) under twice the memory. */
function bonnieCache(fingerprint: WorkloadFingerprint, lines: readonly string[]): CacheCase | null {
  const size = numberField(fingerprint, 'size');
  if (size === null) return null;
  const at = findInLines(lines, /^\S+\s+\d+(?:\.\d+)?[KMGT]\s/) ?? null;
  return { rule: 'BF002', dataBytes: size, at, what: "bonnie++'s file size (-s)" };
}

/** sysbench fileio without `--file-extra-flags=direct`. */
function sysbenchCache(fingerprint: WorkloadFingerprint, lines: readonly string[]): CacheCase | null {
  if (field(fingerprint, 'test') !== 'fileio' || field(fingerprint, 'direct') === true) return null;
  // sysbench 0.4 prints its flags as a number whose O_DIRECT bit depends on the machine: unknown.
  if (field(fingerprint, 'extra-flags') !== undefined) return null;
  const size = numberField(fingerprint, 'size');
  if (size === null) return null;
  const at = findInLines(lines, /total file size/);
  return { rule: 'BF003', dataBytes: size, at, what: 'sysbench fileio ran without O_DIRECT on its files' };
}

/** dd: no `oflag=direct`/`iflag=direct`, no sync flag and no conv=fdatasync/fsync (known from its command). */
function ddCache(fingerprint: WorkloadFingerprint, lines: readonly string[]): CacheCase | null {
  if (field(fingerprint, 'direct') !== false || field(fingerprint, 'sync') !== 'none') return null;
  const size = numberField(fingerprint, 'size');
  if (size === null) return null;
  const at = findInLines(lines, /bytes .*copied/);
  return { rule: 'BF004', dataBytes: size, at, what: 'dd copied without oflag=direct or conv=fdatasync' };
}
