import { type FioJob, type FioRun, REPORT_DIRECTIONS } from '../schema.ts';

/**
 * Whether one run of fio's normal text reached its end, and if not, what it stops before.
 *
 * What a complete run always prints (stat.c, the same in fio 1.57, 2.x and 3.x): every job's
 * block (show_thread_status_normal), then for every reporting group of those jobs a
 * `Run status group N (all jobs):` heading with one line per direction that ran
 * (show_group_stats: `READ:`, `WRITE:`, `TRIM:`, `MIXED:`; a direction is printed where its
 * longest runtime is not 0, so any direction a job of the group moved bytes in), then, when fio
 * followed a block device (Linux, disk_util on), `Disk stats (read/write):` and one line per
 * device (show_disk_util), each ending with `util=N%`.
 *
 * So a run cut inside a job's block, between jobs, before or inside its group summaries, or
 * after the `Disk stats` heading, is told from a whole one here. A run cut just before
 * `Disk stats` is not: fio prints no such section for a file on tmpfs, NFS, a loop-mounted
 * btrfs or in a container, and those outputs end with their group summaries too. A disk line
 * cut short lacks its `util=` and is a ParseError where it is read (summary-lines.ts).
 *
 * Returns the sentence of a TRUNCATED warning, or null for a run that looks whole.
 */
export function _normalRunStopsEarly(run: FioRun, seen: { hasDiskHeading: boolean }): string | null {
  if (run.jobs.length === 0) return null;
  const groups = new Map(run.groups.map((group) => [group.groupId, group]));
  for (const job of run.jobs) {
    if (_isAllClients(job)) {
      // fio --client's sum of the servers ends the output with its job block alone: no group
      // summary, no latency target (client.c prints show_thread_status of client_ts only, whose
      // latency_depth it never sets); the block's last line is its `issued` line.
      if (!REPORT_DIRECTIONS.some((direction) => job[direction]?.totalIos != null)) {
        return `the "All clients" block stops before its "issued" line`;
      }
      continue;
    }
    if (job.groupId === null) continue;
    const group = groups.get(job.groupId);
    if (group === undefined) {
      return `fio's output stops before the "Run status group ${job.groupId}" summary of job "${job.name}"`;
    }
    for (const direction of REPORT_DIRECTIONS) {
      const stats = job[direction];
      // A direction fio ran for 0 ms has no line in the group (stat.c: max_run 0 is skipped).
      if (stats === null || (stats.ioBytes ?? 0) === 0 || stats.runtimeMs === 0 || group[direction] !== null) continue;
      return `the "Run status group ${job.groupId}" summary stops before its ${direction.toUpperCase()} line (job "${job.name}" ${direction}s)`;
    }
  }
  if (seen.hasDiskHeading && run.disks.length === 0) return 'fio\'s output stops after its "Disk stats" heading';
  return null;
}

/** The sum of the servers' jobs that `fio --client` prints last (client.c handle_ts). */
export function _isAllClients(job: FioJob): boolean {
  return job.name === 'All clients' && job.pid === 0;
}
