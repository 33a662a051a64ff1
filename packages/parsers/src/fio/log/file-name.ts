/**
 * What a fio log's file name tells: fio names each log `<prefix>_<kind>.<job>.log` (`.log.fz`
 * compressed), `<prefix>_<kind>.log` with `per_job_logs=0`, and a client of `fio --client`
 * appends `.<host>` to the name the server gave (init.c gen_log_name, client.c). The kind
 * (bw, iops, lat, clat, slat, clat_hist) is what the content cannot tell.
 */

export const FIO_LOG_KINDS = ['bw', 'iops', 'lat', 'clat', 'slat', 'clat_hist'] as const;
export type FioLogKind = (typeof FIO_LOG_KINDS)[number];

export interface FioLogFileName {
  /** The job's log prefix (`write_bw_log=PREFIX`, the job name by default). */
  prefix: string;
  kind: FioLogKind;
  /** fio's job number (1-based), or null with per_job_logs=0. */
  job: number | null;
  /** The server's host name a client appended, or null. */
  host: string | null;
}

const NAME = /^(.*)_(bw|iops|clat_hist|clat|slat|lat)(?:\.(\d+))?\.log(?:\.fz)?(?:\.(.+))?$/;

/** The parts of a fio log's file name (a path's folders are ignored), or null for another name. */
export function readLogFileName(path: string): FioLogFileName | null {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const match = NAME.exec(base);
  if (match === null) return null;
  const [, prefix = '', kind, job, host] = match;
  return {
    prefix,
    kind: kind as FioLogKind,
    job: job === undefined ? null : Number(job),
    host: host ?? null,
  };
}
