// The bar groups of a fio section: one per job, keyed and labelled from the jobs' measurement
// labels (`job`, and `rw`, `bs`, `iodepth`) and the workload run.yaml declares for their output.

/** A group's identity: its job (and workload), and the job parameters that may tell groups apart. */
export interface GroupInfo {
  key: string;
  workload: string | undefined;
  job: string;
  parameters: { rw: string | null; bs: string | null; iodepth: string | null };
}

/** A job of an output: its name and the output's workload. */
interface NamedJob {
  job: string;
  workload: string | undefined;
}

/**
 * The group key of each job: its name; only a job name used under several workloads is qualified
 * by its workload (`seed · randwrite`), so that the same job in other experiments keeps the same
 * key (the compare page lines runs up by it).
 */
export function groupKeys(jobs: readonly NamedJob[]): (job: NamedJob) => string {
  const workloadsOf = new Map<string, Set<string | undefined>>();
  for (const { job, workload } of jobs) workloadsOf.set(job, (workloadsOf.get(job) ?? new Set()).add(workload));
  return ({ job, workload }) =>
    workload !== undefined && (workloadsOf.get(job)?.size ?? 0) > 1 ? `${workload} · ${job}` : job;
}

/** A group's info from its first job: the job's measurement labels give its parameters. */
export function groupInfo(
  key: string,
  { job, workload, labels }: NamedJob & { labels: Readonly<Record<string, string>> },
): GroupInfo {
  return {
    key,
    workload,
    job,
    parameters: { rw: labels.rw ?? null, bs: labels.bs ?? null, iodepth: labels.iodepth ?? null },
  };
}

/**
 * Labels: the job name; the workload instead when it names one job and the experiment has
 * several workloads (`matrix-read-4k-qd1`); both when the key needs both. Then the parameters
 * that differ between groups and the name does not spell, "(randwrite, 8k, iodepth 32)".
 */
export function groupLabels(groups: readonly GroupInfo[]): Map<string, string> {
  const jobsPerWorkload = new Map<string, Set<string>>();
  for (const group of groups) {
    if (group.workload === undefined) continue;
    jobsPerWorkload.set(group.workload, (jobsPerWorkload.get(group.workload) ?? new Set()).add(group.job));
  }
  const hasSeveralWorkloads = jobsPerWorkload.size > 1;
  const differs = (pick: (group: GroupInfo) => string | null) => new Set(groups.map(pick)).size > 1;
  const shown = {
    rw: differs((group) => group.parameters.rw),
    bs: differs((group) => group.parameters.bs),
    iodepth: differs((group) => group.parameters.iodepth),
  };
  const labels = new Map<string, string>();
  for (const group of groups) {
    const base =
      group.key !== group.job
        ? group.key
        : group.workload !== undefined && hasSeveralWorkloads && jobsPerWorkload.get(group.workload)?.size === 1
          ? group.workload
          : group.job;
    const { rw, bs, iodepth } = group.parameters;
    // A value the name already spells (matrix-read-4k-qd1) is not repeated.
    const words = new Set(base.toLowerCase().split(/[^a-z0-9]+/));
    const extra = [
      shown.rw && rw !== null && !words.has(rw.toLowerCase()) ? rw : null,
      shown.bs && bs !== null && !words.has(bs.toLowerCase()) ? bs : null,
      shown.iodepth && iodepth !== null && !words.has(`qd${iodepth}`) && !words.has(`iodepth${iodepth}`)
        ? `iodepth ${iodepth}`
        : null,
    ].filter((part): part is string => part !== null);
    labels.set(group.key, extra.length === 0 ? base : `${base} (${extra.join(', ')})`);
  }
  return labels;
}
