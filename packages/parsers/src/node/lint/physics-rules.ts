import type { LoadedRun } from '../../content/loaded.ts';
import { ebsCap } from './cloud-caps.ts';
import { disksCeiling, slowestAccessNs, spindleCount, spindlesRandomCeiling, spinningDisks } from './disk-limits.ts';
import { finding, type GroupLintInput, type LintFinding, type OutputLintInput } from './finding.ts';
import { type ReportedRate, reportedRates } from './reported-rates.ts';

/**
 * The physics rules: numbers the recorded hardware cannot give. A bandwidth beyond the disks'
 * interfaces (BF301), random reads (BF302) or writes (BF303) beyond what the spindles can seek,
 * latencies at one I/O in flight far slower than the slowest access of the disks (BF304), and
 * rates beyond a cloud instance's published EBS maximums (BF305). They read run.yaml's `system`,
 * so they run once per run (a RUN_CHECK).
 */

/** A mean latency this many times the disks' slowest access is far slower than they need (BF304). */
export const SLOW_LATENCY_FACTOR = 4;

type Disks = Readonly<NonNullable<LoadedRun['run']['system']['disks']>>;

export function physicsFindings(group: GroupLintInput): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const { run, outputs } of group.runs) {
    const disks = run.run.system.disks ?? [];
    if (disks.length === 0) continue;
    const cap = ebsCap(run.run.system);
    for (const output of outputs) {
      const rates = reportedRates(output);
      findings.push(...bandwidthFindings(output, rates, disks));
      findings.push(...spindleFindings(output, rates, disks));
      if (cap !== null) findings.push(...cloudFindings(output, rates, cap));
    }
  }
  return findings;
}

function formatMBs(bytesPerSec: number): string {
  return `${Number((bytesPerSec / 1e6).toPrecision(4))} MB/s`;
}

function ratioOf(value: number, limit: number): number {
  return Number((value / limit).toPrecision(3));
}

function ratioWords(ratio: number): string {
  return `${Number(ratio.toPrecision(2))}×`;
}

function bandwidthFindings(input: OutputLintInput, rates: readonly ReportedRate[], disks: Disks): LintFinding[] {
  const ceiling = disksCeiling(disks);
  if (ceiling === null) return [];
  return rates
    .filter((rate) => rate.kind === 'bandwidth' && rate.value > ceiling.bytesPerSec)
    .map((rate) => {
      const ratio = ratioOf(rate.value, ceiling.bytesPerSec);
      return finding(input, 'BF301', rate.at, {
        workload: rate.workload,
        values: { bytesPerSec: rate.value, ceilingBytesPerSec: ceiling.bytesPerSec, ratio },
        metrics: rate.metrics,
        message: `${rate.what} is ${formatMBs(rate.value)}, ${ratioWords(ratio)} what the recorded disks' interfaces carry (${ceiling.reading}): a cache answered, not the disks`,
      });
    });
}

function spindleFindings(input: OutputLintInput, rates: readonly ReportedRate[], disks: Disks): LintFinding[] {
  const spinning = spinningDisks(disks);
  if (spinning === null) return [];
  const findings: LintFinding[] = [];
  const ceiling = spindlesRandomCeiling(spinning);
  for (const rate of rates.filter((candidate) => candidate.kind === 'random-iops')) {
    if (rate.value <= ceiling.iops) continue;
    const ratio = ratioOf(rate.value, ceiling.iops);
    const read = rate.direction === 'read';
    const iops = Number(rate.value.toFixed(1));
    findings.push(
      finding(input, read ? 'BF302' : 'BF303', rate.at, {
        workload: rate.workload,
        values: { iops: rate.value, ceilingIops: Math.round(ceiling.iops), ratio },
        metrics: rate.metrics,
        message: `${rate.what}: ${iops} op/s, ${ratioWords(ratio)} what the recorded spindles can seek (${ceiling.reading}, 4 random I/Os a revolution each): ${read ? 'a cache answered these reads' : 'a cache absorbed these writes'}`,
      }),
    );
  }
  findings.push(...latencyFindings(input, rates, spinning));
  return findings;
}

function latencyFindings(input: OutputLintInput, rates: readonly ReportedRate[], disks: Disks): LintFinding[] {
  const slowest = slowestAccessNs(disks);
  const spindles = spindleCount(disks);
  const findings: LintFinding[] = [];
  for (const rate of rates.filter((candidate) => candidate.kind === 'latency')) {
    const inFlight = rate.inFlight ?? 1;
    // More I/Os in flight than spindles queue behind each other: each waits for those ahead.
    const queued = Math.max(1, Math.ceil(inFlight / spindles));
    const limitNs = SLOW_LATENCY_FACTOR * slowest.ns * queued;
    if (rate.value <= limitNs) continue;
    const ratio = ratioOf(rate.value, slowest.ns * queued);
    const ms = Number((rate.value / 1e6).toPrecision(4));
    findings.push(
      finding(input, 'BF304', rate.at, {
        workload: rate.workload,
        values: { latencyNs: rate.value, slowestAccessNs: slowest.ns, inFlight, spindles, ratio },
        metrics: rate.metrics,
        message: `${rate.what} is ${ms} ms with one I/O in flight per job (${inFlight} in all on ${spindles} spindles), ${ratioWords(ratio)} the slowest access the recorded disks need (${slowest.reading}): something else was measured (a journal, a barrier, the controller)`,
      }),
    );
  }
  return findings;
}

/**
 * Bandwidths, and random I/O rates (sequential small I/Os are merged before they reach EBS), above
 * the instance's published EBS maximums.
 */
function cloudFindings(
  input: OutputLintInput,
  rates: readonly ReportedRate[],
  cap: NonNullable<ReturnType<typeof ebsCap>>,
): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const rate of rates) {
    const bandwidth = rate.kind === 'bandwidth';
    const limit = bandwidth ? cap.bytesPerSec : rate.kind === 'random-iops' ? cap.iops : null;
    if (limit === null || rate.value <= limit) continue;
    const ratio = ratioOf(rate.value, limit);
    const shown = bandwidth ? formatMBs(rate.value) : `${Number(rate.value.toFixed(1))} op/s`;
    const capWords = bandwidth ? `${formatMBs(limit)} (128 KiB I/O)` : `${limit} IOPS (16 KiB I/O)`;
    findings.push(
      finding(input, 'BF305', rate.at, {
        workload: rate.workload,
        values: { value: rate.value, cap: limit, instanceType: cap.instanceType, ratio },
        metrics: rate.metrics,
        message: `${rate.what} is ${shown}, ${ratioWords(ratio)} the most AWS publishes for EBS on ${cap.instanceType} (${capWords}): a cache answered, not the EBS volumes`,
      }),
    );
  }
  return findings;
}
