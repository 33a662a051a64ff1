import type { WorkloadFingerprint } from '../../fingerprint.ts';
import { fingerprintOutput } from '../../fingerprint-output.ts';
import type { DirectionStats, FioJob, FioResult } from '../../fio/schema.ts';
import {
  escapeRegExp,
  findInLines,
  finding,
  type LintFinding,
  nameInMessage,
  type OutputLintInput,
  type TextPosition,
  textLines,
} from './finding.ts';
import { jobRuntimeMs } from './fio-job.ts';

/**
 * fio jobs that did not do all they were asked: short or dropped I/Os (BF105), a time_based job
 * that ended well before its runtime (BF106).
 */

/**
 * A time_based job loops until its runtime is over; fio stops it within a few ms of it (fio 3.33
 * prints `5001msec` for runtime=5). Under this share of it, something stopped the job (BF106).
 */
export const TIME_BASED_MIN_SHARE = 0.9;

/** How far below a job's report line its `issued` line may be (percentiles, latencies, depths). */
const REPORT_LINES = 60;

type Direction = 'read' | 'write' | 'trim';
const DIRECTIONS: readonly Direction[] = ['read', 'write', 'trim'];

export function fioIncompleteFindings(input: OutputLintInput): LintFinding[] {
  if (input.parsed.tool !== 'fio') return [];
  const result = input.parsed.result as FioResult;
  const lines = textLines(input.text);
  const times = timeOptions(fingerprintOutput(input.parsed, { text: input.text, command: input.command }));
  const findings: LintFinding[] = [];
  const seen = new Set<string>();
  result.runs.forEach((run, index) => {
    // `--output-format=normal,json` prints each job twice: its finding is given once, at the first.
    const fresh = run.jobs.filter((job) => !seen.has(job.name));
    const text: RunText = { lines, from: run.line, until: result.runs[index + 1]?.line ?? lines.length + 1 };
    for (const job of fresh) {
      findings.push(...shortFinding(input, job, text));
      findings.push(...earlyEndFinding(input, job, text, times.get(job.name)));
    }
    for (const job of fresh) seen.add(job.name);
  });
  return findings;
}

/** The lines of one run of the output: from its first line to the next run's. */
interface RunText {
  lines: readonly string[];
  from: number;
  until: number;
}

/**
 * The job's last report line (`name: (groupid=`) in its run: with --status-interval the run holds
 * a report a second and the last is the final one. Null in a JSON-only output.
 */
function reportLine(job: FioJob, text: RunText): number | null {
  const pattern = new RegExp(`^${escapeRegExp(job.name)}: \\(groupid=`);
  let last: number | null = null;
  for (let line = text.from; line < text.until; line++) {
    if (pattern.test(text.lines[line - 1] ?? '')) last = line;
  }
  return last;
}

/** The first match of `pattern` within the job's report, else in the run's JSON, else the run's first line. */
function positionIn(job: FioJob, text: RunText, patterns: { text: RegExp; json: RegExp }): TextPosition {
  const report = reportLine(job, text);
  if (report !== null) {
    const found = findInLines(text.lines.slice(0, report + REPORT_LINES), patterns.text, report);
    return found ?? { line: report, column: 1 };
  }
  return findInLines(text.lines.slice(0, text.until - 1), patterns.json, text.from) ?? { line: text.from, column: 1 };
}

interface ShortCounts {
  short: Record<Direction, number>;
  dropped: Record<Direction, number>;
  issued: number;
}

/**
 * Short and dropped I/Os of the directions that issued any. fio 3.25 and 3.28 printed
 * `issued rwts: total=0,5632,0,0 short=5631,0,0,0` for fdatasync=1 writes (a corpus output): a
 * count under a direction that issued nothing is not a short I/O of the job, and is not read.
 */
function shortCounts(job: FioJob): ShortCounts {
  const counts: ShortCounts = {
    short: { read: 0, write: 0, trim: 0 },
    dropped: { read: 0, write: 0, trim: 0 },
    issued: 0,
  };
  for (const direction of DIRECTIONS) {
    const stats: DirectionStats | null = job[direction] ?? (direction === 'read' ? job.mixed : null);
    if (stats === null || (stats.totalIos ?? 0) <= 0) continue;
    counts.issued += stats.totalIos ?? 0;
    counts.short[direction] = stats.shortIos ?? 0;
    counts.dropped[direction] = stats.droppedIos ?? 0;
  }
  return counts;
}

const sum = (record: Record<Direction, number>): number => record.read + record.write + record.trim;

function countsWords(record: Record<Direction, number>): string {
  return DIRECTIONS.filter((direction) => record[direction] > 0)
    .map((direction) => `${record[direction]} ${direction}s`)
    .join(', ');
}

function shortFinding(input: OutputLintInput, job: FioJob, text: RunText): LintFinding[] {
  const counts = shortCounts(job);
  const short = sum(counts.short);
  const dropped = sum(counts.dropped);
  if (short === 0 && dropped === 0) return [];
  const at = positionIn(job, text, {
    text: short > 0 ? /short=/ : /dropped?=/,
    json: short > 0 ? /"short_ios"\s*:\s*[1-9]/ : /"drop_ios"\s*:\s*[1-9]/,
  });
  const parts = [
    ...(short > 0 ? [`${short} short I/Os (${countsWords(counts.short)})`] : []),
    ...(dropped > 0 ? [`${dropped} dropped I/Os (${countsWords(counts.dropped)})`] : []),
  ];
  const consequences = [
    ...(short > 0
      ? ['a short I/O moved less than the block size asked, so its IOPS and latencies are not of that size']
      : []),
    ...(dropped > 0 ? ['a dropped I/O never arrived, and its rate counts only those that did'] : []),
  ];
  return [
    finding(input, 'BF105', at, {
      workload: job.name,
      values: { shortIos: short, droppedIos: dropped, issuedIos: counts.issued },
      message: `fio job ${nameInMessage(job.name)} had ${parts.join(' and ')}, with ${counts.issued} issued: ${consequences.join('; ')}`,
    }),
  ];
}

/** `time_based` and `runtime` (s) of each job, from its fingerprint (options, command). */
function timeOptions(fingerprints: readonly WorkloadFingerprint[]): Map<string, { runtimeSec: number }> {
  const options = new Map<string, { runtimeSec: number }>();
  for (const fingerprint of fingerprints) {
    const value = (key: string) => fingerprint.fields.find((field) => field.key === key)?.value;
    const runtime = value('runtime');
    if (value('time_based') !== true || typeof runtime !== 'number' || runtime <= 0) continue;
    options.set(fingerprint.workload, { runtimeSec: runtime });
  }
  return options;
}

function earlyEndFinding(
  input: OutputLintInput,
  job: FioJob,
  text: RunText,
  time: { runtimeSec: number } | undefined,
): LintFinding[] {
  // A job that failed is BF101's: its error says why it ended. One that reached its steady state
  // (--steadystate) was ended by fio on purpose.
  if (time === undefined || job.hasFailed || (job.error?.code ?? 0) !== 0) return [];
  if (job.steadyState?.isAttained === true) return [];
  const own = jobRuntimeMs(job);
  const configuredMs = time.runtimeSec * 1000;
  if (own === null || own >= TIME_BASED_MIN_SHARE * configuredMs) return [];
  const share = own / configuredMs;
  const at = positionIn(job, text, { text: /runt=\s*\d+|\/\d+msec\)/, json: /"runtime"\s*:\s*\d/ });
  return [
    finding(input, 'BF106', at, {
      workload: job.name,
      values: { runtimeMs: own, configuredRuntimeMs: configuredMs, share: Number(share.toPrecision(3)) },
      message: `fio job ${nameInMessage(job.name)} was time_based with runtime=${time.runtimeSec}s but ran ${own} ms (${Math.round(share * 100)} % of it): it was stopped before its time, and its numbers cover only that part`,
    }),
  ];
}
