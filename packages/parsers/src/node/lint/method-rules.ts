import type { DdResult } from '../../dd/schema.ts';
import type { FioJob, FioResult, FioRun } from '../../fio/schema.ts';
import type { SysbenchResult } from '../../sysbench/schema.ts';
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
 * The method rules on one output: a runtime under a minute (BF203: fio, sysbench fileio, dd), a
 * fio write job without ramp_time (BF204), group_reporting folding a job's processes (BF205).
 */

/** SNIA's PTS measures each block size and mix for one minute a round (BF203). */
export const SHORT_RUNTIME_MS = 60_000;

const UNDER_A_MINUTE =
  "under a minute: its rate may be that of the first seconds (a disk's or controller's cache, a flash device's fast area), not the device's steady state";

/** fio's rw values that write (fio HOWTO, readwrite); an `:N` suffix is dropped first. */
const WRITING_RW: ReadonlySet<string> = new Set([
  'write',
  'randwrite',
  'rw',
  'readwrite',
  'randrw',
  'trimwrite',
  'randtrimwrite',
]);

export function methodFindings(input: OutputLintInput): LintFinding[] {
  const lines = textLines(input.text);
  switch (input.parsed.tool) {
    case 'fio':
      return fioMethodFindings(input, input.parsed.result as FioResult, lines);
    case 'sysbench':
      return sysbenchRuntimeFindings(input, input.parsed.result as SysbenchResult, lines);
    case 'dd':
      return ddRuntimeFindings(input, input.parsed.result as DdResult);
    default:
      return [];
  }
}

/** A job as each run of the output printed it (`normal,json` prints each job twice). */
interface JobEntries {
  name: string;
  entries: { run: FioRun; job: FioJob }[];
}

function fioMethodFindings(input: OutputLintInput, result: FioResult, lines: readonly string[]): LintFinding[] {
  const byName = new Map<string, JobEntries>();
  for (const run of result.runs) {
    for (const job of run.jobs) {
      const entry = byName.get(job.name) ?? { name: job.name, entries: [] };
      entry.entries.push({ run, job });
      byName.set(job.name, entry);
    }
  }
  return [...byName.values()].flatMap((job) => [
    ...fioRuntimeFinding(input, job, lines),
    ...rampTimeFinding(input, job, lines),
    ...groupReportingFinding(input, job, lines),
  ]);
}

/**
 * Where a job shows `pattern`: in its report (`name: (groupid=...`, the next 40 lines), else its
 * job line (`name: (g=...`), else its JSON `"jobname"`, else line 1.
 */
function jobPosition(lines: readonly string[], name: string, pattern: RegExp | null): TextPosition {
  const escaped = escapeRegExp(name);
  const report = findInLines(lines, new RegExp(`^${escaped}: \\(groupid=`));
  if (report !== null && pattern !== null) {
    const found = findInLines(lines.slice(0, report.line + 40), pattern, report.line);
    if (found !== null) return found;
  }
  return (
    report ??
    findInLines(lines, new RegExp(`^${escaped}: \\(g=`)) ??
    findInLines(lines, new RegExp(`"jobname"\\s*:\\s*"${escaped}"`)) ?? { line: 1, column: 1 }
  );
}

function fioRuntimeFinding(input: OutputLintInput, job: JobEntries, lines: readonly string[]): LintFinding[] {
  const first = job.entries.find((entry) => jobRuntimeMs(entry.job) !== null);
  // fio's cpuio engine burns CPU and does no I/O: no device to fill.
  if (first === undefined || first.job.parameters.ioengine === 'cpuio') return [];
  const ms = jobRuntimeMs(first.job) as number;
  if (ms >= SHORT_RUNTIME_MS) return [];
  return [
    finding(input, 'BF203', jobPosition(lines, job.name, /runt=\s*\d+|\/\d+msec\)/), {
      workload: job.name,
      values: { runtimeMs: ms, thresholdMs: SHORT_RUNTIME_MS },
      message: `fio job ${nameInMessage(job.name)} ran ${secondsWords(ms)}, ${UNDER_A_MINUTE}`,
    }),
  ];
}

/** `5.00 s`, `306 ms`. */
function secondsWords(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Number((ms / 1000).toPrecision(3))} s`;
}

function writes(job: FioJob): boolean {
  const rw = job.parameters.rw?.split(/[:,]/)[0]?.trim();
  if (rw !== undefined && rw !== '') return WRITING_RW.has(rw);
  return (job.write?.ioBytes ?? 0) > 0;
}

/** A set, non-zero time option: `ramp_time=10s` yes, `ramp_time=0` no. */
function isSetTime(value: string | undefined): boolean {
  return value !== undefined && !/^\s*0*(?:\.0*)?\s*[a-z]*\s*$/i.test(value);
}

/**
 * BF204, judged only where fio printed the job's options (JSON lists every option the job file
 * set, so one it lacks was not set); the normal output's job line does not say ramp_time.
 */
function rampTimeFinding(input: OutputLintInput, job: JobEntries, lines: readonly string[]): LintFinding[] {
  const json = job.entries.find(({ run }) => run.format === 'json' || run.format === 'json+');
  if (json === undefined || !writes(json.job)) return [];
  const options = json.job.parameters.options;
  // fio's steady-state detection has its own lead-in (ss_ramp).
  if (isSetTime(options.ramp_time) || isSetTime(options.ss_ramp)) return [];
  return [
    finding(input, 'BF204', jobPosition(lines, job.name, null), {
      workload: job.name,
      values: { rw: json.job.parameters.rw ?? 'write', rampTime: options.ramp_time ?? 'not set' },
      message: `fio write job ${nameInMessage(job.name)} has no ramp_time: its rate counts from the first write, before the device and its caches settle`,
    }),
  ];
}

/**
 * How many processes one report of the job folds: normal `jobs=N`; in JSON, which does not list
 * group_reporting among the options, a job of numjobs N printed once in its run (without
 * group_reporting each process is its own entry of the same name).
 */
function foldedJobs(job: JobEntries): number {
  let folded = 1;
  for (const { run, job: entry } of job.entries) {
    if ((entry.jobCount ?? 1) > folded) folded = entry.jobCount as number;
    const isJson = run.format === 'json' || run.format === 'json+';
    const printed = job.entries.filter((other) => other.run === run).length;
    const numjobs = entry.parameters.numjobs ?? 1;
    if (isJson && printed === 1 && numjobs > folded) folded = numjobs;
  }
  return folded;
}

function groupReportingFinding(input: OutputLintInput, job: JobEntries, lines: readonly string[]): LintFinding[] {
  const folded = foldedJobs(job);
  if (folded <= 1) return [];
  return [
    finding(input, 'BF205', jobPosition(lines, job.name, /jobs=\d+/), {
      workload: job.name,
      values: { jobs: folded },
      message: `fio job ${nameInMessage(job.name)} reports its ${folded} processes as one (group_reporting): the spread between them, and one that stalled, are not shown`,
    }),
  ];
}

function sysbenchRuntimeFindings(
  input: OutputLintInput,
  result: SysbenchResult,
  lines: readonly string[],
): LintFinding[] {
  return result.runs.flatMap((run) => {
    const ns = run.general.totalTimeNs;
    if (run.test !== 'fileio' || run.command === 'prepare' || ns === null || ns >= SHORT_RUNTIME_MS * 1e6) return [];
    const workload = [run.test, run.mode].filter((word) => word !== null).join(' ');
    const at = findInLines(lines, /total time:|time elapsed:/, run.line) ?? { line: run.line, column: 1 };
    return [
      finding(input, 'BF203', at, {
        workload,
        values: { runtimeMs: ns / 1e6, thresholdMs: SHORT_RUNTIME_MS },
        message: `sysbench ${workload} ran ${secondsWords(ns / 1e6)}, ${UNDER_A_MINUTE}`,
      }),
    ];
  });
}

function ddRuntimeFindings(input: OutputLintInput, result: DdResult): LintFinding[] {
  return result.runs.flatMap((run) => {
    const transfer = run.transfer;
    if (transfer === null || transfer.elapsedNs >= SHORT_RUNTIME_MS * 1e6) return [];
    return [
      finding(
        input,
        'BF203',
        { line: transfer.line, column: 1 },
        {
          workload: 'dd',
          values: { runtimeMs: transfer.elapsedNs / 1e6, thresholdMs: SHORT_RUNTIME_MS },
          message: `dd copied for ${secondsWords(transfer.elapsedNs / 1e6)}, ${UNDER_A_MINUTE}`,
        },
      ),
    ];
  });
}
