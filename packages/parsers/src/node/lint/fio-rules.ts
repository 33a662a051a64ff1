import type { FioJob, FioResult, FioRun } from '../../fio/schema.ts';
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
import { jobDirections, jobRuntimeMs } from './fio-job.ts';

/**
 * fio's rules on the parsed jobs: an error (BF101), a runtime far from the siblings' (BF102), one
 * I/O taking a large share of the job (BF103), a depth a synchronous engine ignores (BF201).
 */

/** A job that ran this many times the median of its siblings stands out (BF102). */
export const RUNTIME_SIBLING_FACTOR = 3;
/** ... unless it stayed within this many times the runtime it was given. */
export const RUNTIME_CONFIGURED_SLACK = 1.5;
/** One I/O taking more than this share of the job's runtime (BF103). */
export const STALL_SHARE = 0.25;

/** fio's engines that complete each I/O before issuing the next (fio's HOWTO, ioengine). */
export const SYNC_IOENGINES: ReadonlySet<string> = new Set(['sync', 'psync', 'vsync', 'pvsync', 'pvsync2', 'mmap']);

interface JobText {
  lines: readonly string[];
  /** 1-based line of the job's report (`name: (groupid=...`), or null. */
  reportLine: number | null;
  headerLine: number | null;
  /** 1-based line where the run starts: where a JSON-only output's finding points. */
  runLine: number;
}

export function fioFindings(input: OutputLintInput): LintFinding[] {
  if (input.parsed.tool !== 'fio') return [];
  const result = input.parsed.result as FioResult;
  const lines = textLines(input.text);
  const configured = configuredRuntimesMs(result);
  const findings: LintFinding[] = [];
  const seen = new Set<string>();
  for (const run of result.runs) {
    // `--output-format=normal,json` prints each job twice: its finding is given once, at the first.
    const fresh = run.jobs.filter((job) => !seen.has(job.name));
    for (const job of fresh) {
      const text = jobText(lines, job.name, run);
      findings.push(...errorFinding(input, job, text), ...stallFinding(input, job, text));
      findings.push(...syncDepthFinding(input, job, text));
      findings.push(...runtimeFinding(input, job, run.jobs, configured.get(job.name), text));
    }
    for (const job of fresh) seen.add(job.name);
  }
  return findings;
}

function jobText(lines: readonly string[], name: string, run: FioRun): JobText {
  const from = run.line;
  const escaped = escapeRegExp(name);
  const report = findInLines(lines, new RegExp(`^${escaped}: \\(groupid=`), from);
  const header = findInLines(lines, new RegExp(`^${escaped}: \\(g=`), from);
  return { lines, reportLine: report?.line ?? null, headerLine: header?.line ?? null, runLine: run.line };
}

/** The first match of `pattern` in the job's report (its next 40 lines), else the report line, header or run. */
function reportPosition(text: JobText, pattern: RegExp): TextPosition {
  if (text.reportLine !== null) {
    const found = findInLines(text.lines.slice(0, text.reportLine + 40), pattern, text.reportLine);
    return found ?? { line: text.reportLine, column: 1 };
  }
  return { line: text.headerLine ?? text.runLine, column: 1 };
}

/** `runtime=` of each job (JSON job or global options), in ms, from any run of the output. */
function configuredRuntimesMs(result: FioResult): Map<string, number> {
  const runtimes = new Map<string, number>();
  for (const run of result.runs) {
    for (const job of run.jobs) {
      const option = job.parameters.options.runtime ?? run.globalOptions?.runtime;
      const seconds = option === undefined ? Number.NaN : Number(option.replace(/s$/, ''));
      if (Number.isFinite(seconds) && seconds > 0) runtimes.set(job.name, seconds * 1000);
    }
  }
  return runtimes;
}

function errorFinding(input: OutputLintInput, job: FioJob, text: JobText): LintFinding[] {
  if (!job.hasFailed && (job.error?.code ?? 0) === 0) return [];
  const code = job.error?.code ?? 0;
  const message = job.error?.message ?? null;
  return [
    finding(input, 'BF101', reportPosition(text, /err=\s*-?\d+/), {
      workload: job.name,
      values: { err: code, ...(message === null ? {} : { errorMessage: message }) },
      message: `fio job ${nameInMessage(job.name)} ended with err=${code}${message === null ? '' : ` (${message})`}: its numbers cover only what ran before`,
    }),
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function runtimeFinding(
  input: OutputLintInput,
  job: FioJob,
  jobs: readonly FioJob[],
  configuredMs: number | undefined,
  text: JobText,
): LintFinding[] {
  const own = jobRuntimeMs(job);
  const siblings = jobs.filter((other) => other !== job).map(jobRuntimeMs);
  const known = siblings.filter((value): value is number => value !== null && value > 0);
  if (own === null || known.length === 0) return [];
  const typical = median(known);
  if (own <= RUNTIME_SIBLING_FACTOR * typical) return [];
  if (configuredMs !== undefined && own <= RUNTIME_CONFIGURED_SLACK * configuredMs) return [];
  const ratio = own / typical;
  return [
    finding(input, 'BF102', reportPosition(text, /runt=\s*\d+|\/\d+msec\)/), {
      workload: job.name,
      values: { runtimeMs: own, siblingsMedianMs: typical, ratio: Number(ratio.toPrecision(3)) },
      message: `fio job ${nameInMessage(job.name)} ran ${own} ms, ${Number(ratio.toPrecision(2))}× the median of the other jobs of its run (${typical} ms)`,
    }),
  ];
}

function stallFinding(input: OutputLintInput, job: FioJob, text: JobText): LintFinding[] {
  const own = jobRuntimeMs(job);
  const maxNs = Math.max(0, ...jobDirections(job).map((stats) => stats.clat?.maxNs ?? 0));
  if (own === null || own <= 0 || maxNs <= STALL_SHARE * own * 1e6) return [];
  const share = maxNs / (own * 1e6);
  return [
    finding(input, 'BF103', reportPosition(text, /clat .*max=/), {
      workload: job.name,
      values: { clatMaxNs: maxNs, runtimeMs: own, share: Number(share.toPrecision(3)) },
      message: `one I/O of fio job ${nameInMessage(job.name)} took ${Number((maxNs / 1e9).toPrecision(3))} s (clat max), ${Math.round(share * 100)} % of its ${own} ms runtime: its rate is mostly that wait`,
    }),
  ];
}

function syncDepthFinding(input: OutputLintInput, job: FioJob, text: JobText): LintFinding[] {
  const { ioengine, iodepth } = job.parameters;
  if (ioengine === null || iodepth === null || iodepth <= 1 || !SYNC_IOENGINES.has(ioengine)) return [];
  const at =
    text.headerLine === null
      ? reportPosition(text, /iodepth/)
      : (findInLines(text.lines, /iodepth=/, text.headerLine) ?? { line: text.headerLine, column: 1 });
  return [
    finding(input, 'BF201', at, {
      workload: job.name,
      values: { ioengine, iodepth },
      message: `fio job ${nameInMessage(job.name)} asks for iodepth=${iodepth} with the synchronous ioengine ${ioengine}, which keeps one I/O in flight: the depth was not tested`,
    }),
  ];
}
