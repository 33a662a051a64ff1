import { z } from 'zod';

/** The header sadf writes for each host: `nodename`, `sysname`, ... `file-date`, `timezone`. */
export const SadfHostSchema = z
  .object({
    host: z.string().describe('Host name; JSON `nodename`.'),
    system: z.string().describe('Kernel name ("Linux"); JSON `sysname`.'),
    release: z.string().describe('Kernel release ("6.1.0-13-amd64"); JSON `release`.'),
    arch: z.string().nullable().describe('Machine ("x86_64"); JSON `machine`.'),
    cpuCount: z.number().int().nullable().describe('Number of CPUs; JSON `number-of-cpus`.'),
    fileDate: z.string().nullable().describe('The day of the data file, YYYY-MM-DD; JSON `file-date`.'),
    fileUtcTime: z
      .string()
      .nullable()
      .describe('UTC time the data file was created, HH:MM:SS; JSON `file-utc-time` (sysstat 11.0+), else null.'),
    timezone: z
      .string()
      .nullable()
      .describe('Time zone of the collecting host as the file names it ("UTC", "CET", ""); JSON `timezone` (12.2+).'),
  })
  .describe('One host of `sysstat.hosts[]`.');

/** When a record was taken: `timestamp` of a statistics entry, `boot` of a restart. */
export const SadfTimeSchema = z
  .object({
    date: z.string().describe('Date as printed, YYYY-MM-DD.'),
    time: z.string().describe('Time as printed, HH:MM:SS.'),
    isUtc: z
      .boolean()
      .describe('True when the time is UTC: `"utc": 1` (10.x to 12.6) or `"tz": "UTC"` (12.7+), sadf\'s default.'),
    zone: z
      .string()
      .nullable()
      .describe('The `tz` of 12.7+ as printed ("UTC", "CET"); null before 12.7, which prints `utc` instead.'),
    iso: z
      .string()
      .describe('ISO 8601: `2026-11-24T08:29:05Z` for UTC; without an offset for local time (sadf -T, -t).'),
  })
  .describe('A date and time as sadf prints them.');

/** One CPU of `cpu-load` (sar -u, -P) or `cpu-load-all` (sar -u ALL, up to 11.1). */
export const SadfCpuSchema = z
  .object({
    cpu: z.string().describe('`all` or the CPU number ("0", "1"); JSON `cpu`.'),
    userPercent: z.number().nullable().describe('%user (JSON `user`, sar -u): user time, guest time included.'),
    usrPercent: z.number().nullable().describe('%usr (JSON `usr`, sar -u ALL): user time, guest time excluded.'),
    nicePercent: z.number().nullable().describe('%nice (JSON `nice`); with -u ALL guest nice time is excluded.'),
    systemPercent: z
      .number()
      .nullable()
      .describe('%system (JSON `system`, sar -u): system time, hard and soft interrupts included.'),
    sysPercent: z.number().nullable().describe('%sys (JSON `sys`, sar -u ALL): system time without interrupts.'),
    iowaitPercent: z.number().nullable().describe('%iowait (JSON `iowait`).'),
    stealPercent: z.number().nullable().describe('%steal (JSON `steal`).'),
    irqPercent: z.number().nullable().describe('%irq (JSON `irq`, -u ALL).'),
    softPercent: z.number().nullable().describe('%soft (JSON `soft`, -u ALL).'),
    guestPercent: z.number().nullable().describe('%guest (JSON `guest`, -u ALL).'),
    gnicePercent: z.number().nullable().describe('%gnice (JSON `gnice`, -u ALL).'),
    idlePercent: z.number().nullable().describe('%idle (JSON `idle`).'),
  })
  .describe('CPU utilization over the interval, percent (0-100). A field the entry does not have is null.');

/** One device of `disk` (sar -d). */
export const SadfDiskSchema = z
  .object({
    device: z.string().describe('JSON `disk-device`: `vda` with sar -p, `dev253-0` without.'),
    tps: z.number().nullable().describe('tps: transfers (I/O requests) per second, op/s.'),
    readBytesPerSec: z
      .number()
      .nullable()
      .describe(
        'Read rate, B/s: `rd_sec` (512-byte sectors/s, every version) or, without it, `rkB` (kB/s, kB = 1024 B; 11.6 to 12.6).',
      ),
    writeBytesPerSec: z.number().nullable().describe('Write rate, B/s: `wr_sec` (sectors/s) or `wkB` (kB/s).'),
    discardBytesPerSec: z
      .number()
      .nullable()
      .describe('Discard rate, B/s: `dc_sec` (sectors/s) or `dkB` (kB/s); 12.1.2+, else null.'),
    requestSizeBytes: z
      .number()
      .nullable()
      .describe('Average request size, B: `avgrq-sz` (sectors, every version) or, without it, `areq-sz` (kB).'),
    queueLength: z.number().nullable().describe('Average queue length: `aqu-sz`, or `avgqu-sz` (the same value).'),
    awaitNs: z.number().nullable().describe('await: average time of a request, queue and service, ns (printed in ms).'),
    svctmNs: z
      .number()
      .nullable()
      .describe('svctm: average service time, ns (printed in ms); up to 12.1.1, else null.'),
    utilPercent: z
      .number()
      .nullable()
      .describe('%util: percent of the interval the device was busy; JSON `util-percent`.'),
  })
  .describe('Disk statistics over the interval, in base units. A field the entry does not have is null.');

/** The `io` section (sar -b): transfers of all devices together. */
export const SadfIoSchema = z
  .object({
    tps: z.number().nullable().describe('tps, op/s.'),
    readTps: z.number().nullable().describe('rtps (JSON `io-reads.rtps`), op/s.'),
    writeTps: z.number().nullable().describe('wtps (JSON `io-writes.wtps`), op/s.'),
    discardTps: z.number().nullable().describe('dtps (JSON `io-discard.dtps`, 12.1.2+), op/s.'),
    readBytesPerSec: z.number().nullable().describe('bread/s (JSON `io-reads.bread`, 512-byte blocks/s) in B/s.'),
    writeBytesPerSec: z.number().nullable().describe('bwrtn/s (JSON `io-writes.bwrtn`) in B/s.'),
    discardBytesPerSec: z.number().nullable().describe('bdscd/s (JSON `io-discard.bdscd`) in B/s.'),
  })
  .describe('I/O and transfer rates of the whole system (sar -b).');

/** One entry of `statistics[]`: what sar reports for one interval. */
export const SadfSampleSchema = z
  .object({
    sample: z.number().int().describe("0-based index of the entry in the host's `statistics`."),
    timestamp: SadfTimeSchema.nullable().describe("The entry's `timestamp` (the end of its interval), or null."),
    intervalSec: z.number().nullable().describe('`timestamp.interval`: the seconds the values average over.'),
    cpus: z.array(SadfCpuSchema).describe('`cpu-load` (or `cpu-load-all`), in printed order; empty without -u.'),
    disks: z.array(SadfDiskSchema).describe('`disk`, in printed order; empty without -d.'),
    io: SadfIoSchema.nullable().describe('`io`, or null without -b.'),
  })
  .describe('One statistics entry: the averages over one interval.');

/** A `restarts[]` entry: the machine booted (a `LINUX RESTART` line in sar). */
export const SadfRestartSchema = z
  .object({
    time: SadfTimeSchema.describe('JSON `boot.date`, `boot.time`, `boot.utc` or `boot.tz`.'),
    cpuCount: z.number().int().nullable().describe('JSON `boot.cpu_count` (12.x), else null.'),
  })
  .describe('A restart of the collecting host.');

/** A `comments[]` entry (sadc -C, shown with sadf -C). */
export const SadfCommentSchema = z
  .object({
    time: SadfTimeSchema.describe('JSON `comment.date`, `comment.time`, `comment.utc` or `comment.tz`.'),
    text: z.string().describe('JSON `comment.com`.'),
  })
  .describe('A comment inserted in the data file.');

export const SadfHostDataSchema = z
  .object({
    host: SadfHostSchema,
    samples: z.array(SadfSampleSchema),
    restarts: z.array(SadfRestartSchema),
    comments: z.array(SadfCommentSchema),
    unreadSections: z
      .array(z.string())
      .describe(
        'Members of statistics entries this reader does not read, by name, in first-seen order: `memory`, ' +
          '`network`, `paging`, ... (what `sadf -j -- -A` adds to -u, -d and -b). Present in the output, not in ' +
          'the result.',
      ),
  })
  .describe('The data of one host.');

export const SadfResultSchema = z
  .object({
    format: z.literal('json').describe('`json`: `sadf -j`.'),
    sysdataVersion: z
      .string()
      .nullable()
      .describe('`sysdata-version` of sysstat 10.1 to 11.4 ("2.15"), the data file format; null after.'),
    hosts: z.array(SadfHostDataSchema).describe('`sysstat.hosts[]`: sadf prints one.'),
  })
  .describe('A `sadf -j` output (sysstat 10.1+): the data of a sar file as a time series.');

export type SadfHost = z.output<typeof SadfHostSchema>;
export type SadfTime = z.output<typeof SadfTimeSchema>;
export type SadfCpu = z.output<typeof SadfCpuSchema>;
export type SadfDisk = z.output<typeof SadfDiskSchema>;
export type SadfIo = z.output<typeof SadfIoSchema>;
export type SadfSample = z.output<typeof SadfSampleSchema>;
export type SadfRestart = z.output<typeof SadfRestartSchema>;
export type SadfComment = z.output<typeof SadfCommentSchema>;
export type SadfHostData = z.output<typeof SadfHostDataSchema>;
export type SadfResult = z.output<typeof SadfResultSchema>;
