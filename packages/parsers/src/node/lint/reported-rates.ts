import type { BonnieResult } from '../../bonnie/schema.ts';
import type { DdResult } from '../../dd/schema.ts';
import type { DirectionStats, FioJob, FioResult, FioRun } from '../../fio/schema.ts';
import type { SysbenchResult } from '../../sysbench/schema.ts';
import {
  escapeRegExp,
  findInLines,
  nameInMessage,
  type OutputLintInput,
  type TextPosition,
  textLines,
} from './finding.ts';

/**
 * What each tool reports that the physics rules hold against the hardware: bandwidths (B/s),
 * random I/O rates (op/s) and mean completion latencies at one I/O in flight per job (ns), each
 * with its tidy metric name and where its raw text shows it.
 */

export interface ReportedRate {
  /** The fio job, bonnie++ machine name, or run.yaml workload (sysbench, dd). */
  workload: string;
  /** The tidy measurement's metric (`write.bw`, `seeks`, `read.clat.mean`). */
  metric: string;
  /** Every tidy metric of the workload the same finding is about (fio's bw, iops and latencies of the direction). */
  metrics: string[];
  direction: 'read' | 'write';
  kind: 'bandwidth' | 'random-iops' | 'latency';
  /** B/s, op/s or ns. */
  value: number;
  /** What the number is, for a message: `fio job random-write-buf's write bandwidth`. */
  what: string;
  at: TextPosition;
  /** Latencies only: I/Os in flight at once in the job's reporting group (jobs × 1). */
  inFlight?: number;
}

/** The rates an output reports; none for a tool the physics rules do not read. */
export function reportedRates(input: OutputLintInput): ReportedRate[] {
  const lines = textLines(input.text);
  switch (input.parsed.tool) {
    case 'fio':
      return fioRates(input.parsed.result as FioResult, lines);
    case 'sysbench':
      return sysbenchRates(input.parsed.result as SysbenchResult, lines, input.workload);
    case 'bonnie':
      return bonnieRates(input.parsed.result as BonnieResult, lines);
    case 'dd':
      return ddRates(input.parsed.result as DdResult, input.workload, input.command);
    default:
      return [];
  }
}

/** fio's engines that complete each I/O before issuing the next (as fio-rules.ts's). */
const SYNC_ENGINES = new Set(['sync', 'psync', 'vsync', 'pvsync', 'pvsync2', 'mmap']);

function fioRates(result: FioResult, lines: readonly string[]): ReportedRate[] {
  const rates: ReportedRate[] = [];
  const seen = new Set<string>();
  for (const run of result.runs) {
    for (const job of run.jobs.filter((candidate) => !seen.has(candidate.name))) {
      rates.push(...fioJobRates(job, run, lines));
    }
    for (const job of run.jobs) seen.add(job.name);
  }
  return rates;
}

function fioJobRates(job: FioJob, run: FioRun, lines: readonly string[]): ReportedRate[] {
  const report = findInLines(lines, new RegExp(`^${escapeRegExp(job.name)}: \\(groupid=`), run.line);
  const fallback = report ?? { line: run.line, column: 1 };
  const random = /^rand/.test(job.parameters.rw ?? '');
  const name = `fio job ${nameInMessage(job.name)}`;
  const rates: ReportedRate[] = [];
  for (const direction of ['read', 'write'] as const) {
    const stats = job[direction];
    if (stats === null || (stats.ioBytes ?? 0) === 0) continue;
    const near = (pattern: RegExp) => directionPosition(lines, report, direction, pattern) ?? fallback;
    const metrics = ['bw', 'iops', 'clat.mean', 'lat.mean'].map((metric) => `${direction}.${metric}`);
    const base = { workload: job.name, direction, metrics };
    if (stats.bandwidthBytesPerSec !== null) {
      const what = `${name}'s ${direction} bandwidth`;
      const value = stats.bandwidthBytesPerSec;
      rates.push({ ...base, metric: `${direction}.bw`, kind: 'bandwidth', value, what, at: near(/\bbw=/i) });
    }
    if (random && stats.iops !== null) {
      const what = `${name}'s random ${direction}s (rw=${job.parameters.rw})`;
      const at = near(/\biops=|IOPS=/);
      rates.push({ ...base, metric: `${direction}.iops`, kind: 'random-iops', value: stats.iops, what, at });
    }
    const latency = oneInFlightLatency(job, run, stats);
    if (latency !== null) {
      const what = `${name}'s mean ${direction} completion latency (clat)`;
      const at = clatPosition(lines, report, direction) ?? fallback;
      rates.push({ ...base, metric: `${direction}.clat.mean`, kind: 'latency', ...latency, what, at });
    }
  }
  return rates;
}

/** The job's mean clat when each of its jobs keeps one I/O in flight, with the group's jobs. */
function oneInFlightLatency(
  job: FioJob,
  run: FioRun,
  stats: DirectionStats,
): { value: number; inFlight: number } | null {
  const { ioengine, iodepth } = job.parameters;
  const oneAtATime = (ioengine !== null && SYNC_ENGINES.has(ioengine)) || (iodepth ?? 1) <= 1;
  const mean = stats.clat?.meanNs ?? null;
  if (!oneAtATime || mean === null || mean <= 0) return null;
  // fio runs every job of a reporting group at once: they share the disks.
  const group = run.jobs.filter((other) => other.groupId === job.groupId);
  const inFlight = group.reduce((sum, other) => sum + (other.jobCount ?? other.parameters.numjobs ?? 1), 0);
  return { value: mean, inFlight: Math.max(1, inFlight) };
}

/** The direction's line under the job's report (`  write: io=...`), at `pattern`'s column. */
function directionPosition(
  lines: readonly string[],
  report: TextPosition | null,
  direction: string,
  pattern: RegExp,
): TextPosition | null {
  if (report === null) return null;
  const found = findInLines(lines.slice(0, report.line + 40), new RegExp(`^\\s+${direction}\\s*:`), report.line);
  if (found === null) return null;
  const column = pattern.exec(lines[found.line - 1] ?? '')?.index;
  return { line: found.line, column: column === undefined ? found.column : column + 1 };
}

/** The `clat (...): ... avg=` line after the direction's line, at `avg=`. */
function clatPosition(lines: readonly string[], report: TextPosition | null, direction: string): TextPosition | null {
  const start = directionPosition(lines, report, direction, /\S/);
  if (start === null) return null;
  const clat = findInLines(lines.slice(0, start.line + 6), /^\s+clat\b.*\bavg=/, start.line + 1);
  if (clat === null) return null;
  const column = /avg=/.exec(lines[clat.line - 1] ?? '')?.index ?? 0;
  return { line: clat.line, column: column + 1 };
}

const SYSBENCH_RANDOM_MODES = new Set(['rndrd', 'rndwr', 'rndrw']);

function sysbenchRates(result: SysbenchResult, lines: readonly string[], workload: string): ReportedRate[] {
  const rates: ReportedRate[] = [];
  for (const run of result.runs) {
    const fileio = run.fileio;
    if (fileio === null || run.command === 'prepare' || run.command === 'cleanup') continue;
    const mode = run.mode ?? '';
    const name = `sysbench fileio ${mode}`.trim();
    const at = (pattern: RegExp) => findInLines(lines, pattern, run.line) ?? { line: run.line, column: 1 };
    const add = (rate: Omit<ReportedRate, 'workload' | 'metrics'>, value: number | null) => {
      const metrics = [rate.direction, `${rate.direction}.bw`];
      if (value !== null && value > 0) rates.push({ ...rate, workload, metrics, value });
    };
    const base = { kind: 'bandwidth' as const };
    add(
      {
        ...base,
        metric: 'read.bw',
        direction: 'read',
        what: `${name}'s reads in MiB/s`,
        value: 0,
        at: at(/read, MiB\/s:|Read \S+\s+Written/),
      },
      fileio.readBytesPerSec,
    );
    add(
      {
        ...base,
        metric: 'write.bw',
        direction: 'write',
        what: `${name}'s writes in MiB/s`,
        value: 0,
        at: at(/written, MiB\/s:|Written \S+\s+Total/),
      },
      fileio.writtenBytesPerSec,
    );
    if (!SYSBENCH_RANDOM_MODES.has(mode)) continue;
    const random = { kind: 'random-iops' as const };
    add(
      {
        ...random,
        metric: 'read',
        direction: 'read',
        what: `${name}'s random reads`,
        value: 0,
        at: at(/reads\/s:|read: +IOPS=|Requests\/sec/),
      },
      fileio.readsPerSec,
    );
    add(
      {
        ...random,
        metric: 'write',
        direction: 'write',
        what: `${name}'s random writes`,
        value: 0,
        at: at(/writes\/s:|write: +IOPS=|Requests\/sec/),
      },
      fileio.writesPerSec,
    );
  }
  return rates;
}

/** bonnie++'s rates: its cell after the name and size columns of the result row. */
const BONNIE_CELLS = [
  { test: 'putc', metric: 'putc', direction: 'write', cell: 0, kind: 'bandwidth' },
  { test: 'putBlock', metric: 'put_block', direction: 'write', cell: 2, kind: 'bandwidth' },
  { test: 'rewrite', metric: 'rewrite', direction: 'write', cell: 4, kind: 'bandwidth' },
  { test: 'getc', metric: 'getc', direction: 'read', cell: 6, kind: 'bandwidth' },
  { test: 'getBlock', metric: 'get_block', direction: 'read', cell: 8, kind: 'bandwidth' },
  // Random seeks: reads of random blocks by three processes, one in ten rewritten.
  { test: 'seeks', metric: 'seeks', direction: 'read', cell: 10, kind: 'random-iops' },
] as const;

function bonnieRates(result: BonnieResult, lines: readonly string[]): ReportedRate[] {
  const rates: ReportedRate[] = [];
  for (const run of result.runs) {
    const row = findInLines(lines, new RegExp(`^${escapeRegExp(run.name)}\\s+\\d+(?:\\.\\d+)?[KMGT]\\s`), run.line);
    const cells = row === null ? [] : [...(lines[row.line - 1] ?? '').matchAll(/\S+/g)];
    for (const spec of BONNIE_CELLS) {
      const stats = run.tests[spec.test];
      const value = 'bytesPerSec' in stats ? stats.bytesPerSec : stats.opsPerSec;
      if (stats.status !== 'measured' || value === null || value <= 0) continue;
      const index = cells[spec.cell + 2]?.index;
      const at =
        row === null || index === undefined ? { line: run.line, column: 1 } : { line: row.line, column: index + 1 };
      const what = `bonnie++ ${spec.metric}${spec.kind === 'random-iops' ? ' (random seeks)' : ''}`;
      rates.push({
        workload: run.name,
        metric: spec.metric,
        metrics: [spec.metric],
        direction: spec.direction,
        kind: spec.kind,
        value,
        what,
        at,
      });
    }
  }
  return rates;
}

function ddRates(result: DdResult, workload: string, command: string | undefined): ReportedRate[] {
  // dd reads a device into nothing (of=/dev/null) or writes a file or a device.
  const direction = command !== undefined && /\bof=\/dev\/null\b/.test(command) ? 'read' : 'write';
  return result.runs.flatMap((run) => {
    const transfer = run.transfer;
    if (transfer === null || transfer.bytesPerSec === null || transfer.bytesPerSec <= 0) return [];
    const what = `dd's ${direction} rate`;
    const at = { line: transfer.line, column: 1 };
    const value = transfer.bytesPerSec;
    return [{ workload, metric: 'bw', metrics: ['bw'], direction, kind: 'bandwidth' as const, value, what, at }];
  });
}
