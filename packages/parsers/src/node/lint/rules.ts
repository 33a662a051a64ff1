/**
 * The lint rules, each declared once: its id (`BF` and three digits, stable, never reused), the
 * title, the severity, the family and one sentence of why, with the sources that say so.
 * docs/05-lint-rules.md has one entry per rule, checked against this list by rules.test.ts.
 *
 * Severities: `error`, the number is not a measurement of what it is labelled; `warning`, it is
 * doubtful; `note`, worth knowing when reading it. Ids are numbered by family: BF0xx cache,
 * BF1xx errors and incomplete runs, BF2xx method, BF3xx physics, BF4xx comparability.
 */

import { EBS_CAPS_SOURCE } from './cloud-caps.ts';

export type LintSeverity = 'error' | 'warning' | 'note';
export type LintFamily = 'cache' | 'errors' | 'method' | 'physics' | 'comparability';

export interface LintRule {
  id: string;
  title: string;
  severity: LintSeverity;
  family: LintFamily;
  why: string;
  sources: string[];
}

const FIO_HOWTO = 'https://fio.readthedocs.io/en/latest/fio_doc.html';
const BONNIE_MAN = 'bonnie++(8), https://manpages.debian.org/bookworm/bonnie++/bonnie++.8.en.html';
const BONNIE_SOURCE = 'bonnie++.cpp (bonnie++ 1.9x-2.00a): "File size should be double RAM for good results"';
const BONNIE_README = 'bonnie++ readme.html (/usr/share/doc/bonnie++/readme.html)';
const BONNIE_1 = 'Bonnie (Tim Bray), bonnie(1), https://man.freebsd.org/cgi/man.cgi?query=bonnie';
const SYSBENCH_HELP =
  '`sysbench fileio help` (sysbench 1.0.20): --file-total-size, --file-extra-flags {sync,dsync,direct}';
const DD_MAN = 'https://www.gnu.org/software/coreutils/manual/html_node/dd-invocation.html';
const SNIA_PTS =
  'SNIA Solid State Storage Performance Test Specification (PTS), https://www.snia.org/forums/sssi/pts/iops ("Each Block Size R/W combination is tested for one minute"; steady state over a window of 5 such rounds) and https://www.snia.org/forums/sssi/pts/tp';
const PTS_TIMES_TO_RUN =
  'Phoronix Test Suite, pts_test_profile_parser.php: get_default_times_to_run() returns TestInformation/TimesToRun, 3 when a test profile does not say';
const SATA_6G =
  'How-To Geek, What Is the Actual Speed of SATA 3?: 8b/10b, "4/5\'s of 6 Gb is 4.8 Gb, which in turn equals 600 MB", https://www.howtogeek.com/219685/what-is-the-actual-speed-of-sata-3/';
const INTEL_SATA =
  'Intel, Serial ATA transfer rates: "Because the data is encoded using 8b/10b encoding, the effective maximum throughput is 80% of the theoretical transfer rate" (1.5 Gb/s = 150 MB/s, 3 Gb/s = 300 MB/s), http://www.intel.com/support/chipsets/sb/CS-009260.htm';
const SAS_12G =
  'Thomas-Krenn, Serial Attached SCSI Standards Overview: 12Gb/s SAS, 8b/10b, 1,200 MB/s, https://www.thomas-krenn.com/en/wiki/Serial_Attached_SCSI_Standards_Overview';
const SAS_24G =
  'Blocks and Files, SAS: "SAS-4: 22.5 Gbit/s called \'24G\'", https://blocksandfiles.com/2022/05/06/sas/';
const PCIE_RATES =
  'PCIe per lane: 1.0 0.25, 2.0 0.50, 3.0 0.99, 4.0 1.97, 5.0 3.94 GB/s (8b/10b to 2.0, 128b/130b from 3.0), https://hpc-notes.pages.dev/reference/pcie; 6.0 doubles 5.0 with PAM4 and FLIT, https://geratools.com/pcie-generation-reference';
const TRAVELSTAR_5K320 =
  'Hitachi Travelstar 5K320 SATA OEM Specification, 4.4.2: full stroke seek 20.0 ms typical, 26.0 ms max (write); 5400 RPM, 11.1 ms a revolution, 5.5 ms average latency, https://manualsdump.com/en/manuals/hitachi-hts543280l9a300-hts543212l9sa00/112335/19';
const ULTRASTAR_LATENCY =
  'IBM Ultrastar DDRS OEM Specification, 3.4.2.5: 7200 RPM, 8.33 ms a revolution, 4.17 ms average latency (half a revolution), https://www.easymanua.ls/ibm/ddrs-39130-ultrastar-9-1-gb-hard-drive/manual?p=22';
const MLPERF_STORAGE =
  'MLPerf Storage rules, https://github.com/mlcommons/storage (the data set checked against client memory)';

export const LINT_RULES = [
  {
    id: 'BF001',
    title: 'fio buffered I/O on a data set smaller than twice the memory',
    severity: 'error',
    family: 'cache',
    why: 'Without direct=1 fio reads and writes through the page cache, and a data set (size × numjobs) under twice the memory can be served by it: the number measures memory, not the device.',
    sources: [
      `${FIO_HOWTO} (direct: "If value is true, use non-buffered I/O ... Default: false"; size; numjobs)`,
      MLPERF_STORAGE,
    ],
  },
  {
    id: 'BF002',
    title: 'bonnie++ file size smaller than twice the memory',
    severity: 'error',
    family: 'cache',
    why: "bonnie++'s I/O tests are buffered; it refuses a file under twice the RAM it finds (unless -r tells it a smaller RAM), because a smaller file is read and written in the page cache.",
    sources: [
      BONNIE_SOURCE,
      `${BONNIE_MAN} (-s; -r: "checked to ensure they make sense for a machine of that much RAM")`,
      `${BONNIE_1} (BUGS: a file "at least twice" the available RAM "to protect against artificially high results")`,
    ],
  },
  {
    id: 'BF003',
    title: 'sysbench fileio without O_DIRECT on files smaller than twice the memory',
    severity: 'error',
    family: 'cache',
    why: "sysbench fileio opens its files buffered unless --file-extra-flags=direct, so files under twice the memory are read and written in the page cache (the threshold is bonnie++'s: sysbench states none).",
    sources: [SYSBENCH_HELP, BONNIE_SOURCE, MLPERF_STORAGE],
  },
  {
    id: 'BF004',
    title: 'dd without oflag=direct or conv=fdatasync on less than twice the memory',
    severity: 'error',
    family: 'cache',
    why: 'dd writes into the page cache and reports when the last write() returns: without oflag=direct, a sync flag or conv=fdatasync, a transfer under twice the memory is timed mostly in memory.',
    sources: [
      `${DD_MAN} (oflag=direct, oflag=dsync/sync, conv=fdatasync: "physically write output file data before finishing")`,
    ],
  },
  {
    id: 'BF005',
    title: 'reads the device did not see',
    severity: 'error',
    family: 'cache',
    why: "When the device under the filesystem read under a tenth of what the tool reports it read, over the tool's own seconds (iostat or sadf of the same run), the rest was served from memory: the read rate is the page cache's, not the device's.",
    sources: [
      'iostat(1), https://man7.org/linux/man-pages/man1/iostat.1.html (rsec/s, rkB/s, rMB/s: "The number of sectors (kilobytes, megabytes) read from the device per second"; -t)',
      'sadf(1), https://man7.org/linux/man-pages/man1/sadf.1.html (-j; sar -d -p: rkB/s)',
      `${FIO_HOWTO} (direct; invalidate: "Invalidate the buffer/page cache parts of the files to be used prior to starting I/O")`,
      'https://www.brendangregg.com/activebenchmarking.html (check what the benchmark really tests with other tools while it runs)',
    ],
  },
  {
    id: 'BF006',
    title: 'the device wrote far more than the tool',
    severity: 'note',
    family: 'cache',
    why: "When the device under the filesystem wrote more than twice what the tool wrote over the same seconds, the filesystem (journal, copy-on-write, metadata) or the device layer multiplied the writes: the tool's rate is not the device's.",
    sources: [
      'iostat(1), https://man7.org/linux/man-pages/man1/iostat.1.html (wsec/s, wkB/s, wMB/s: "The number of sectors (kilobytes, megabytes) written to the device per second"; -t)',
      'sadf(1), https://man7.org/linux/man-pages/man1/sadf.1.html (-j; sar -d -p: wkB/s)',
      'https://www.brendangregg.com/activebenchmarking.html',
    ],
  },
  {
    id: 'BF101',
    title: 'fio job ended with an error',
    severity: 'error',
    family: 'errors',
    why: "fio reports err≠0 when an I/O or a setup step failed; the job's numbers cover only what ran before the failure.",
    sources: [`${FIO_HOWTO} (Interpreting the output: err=; continue_on_error)`],
  },
  {
    id: 'BF102',
    title: 'fio job runtime far from its siblings',
    severity: 'warning',
    family: 'errors',
    why: 'A job that ran more than three times as long as the median of the other jobs of the same fio run (and past any runtime it was given) stalled or did something the others did not: its rate is an average over that.',
    sources: [
      `${FIO_HOWTO} (runtime, time_based; Interpreting the output: runt=)`,
      'https://www.brendangregg.com/activebenchmarking.html',
    ],
  },
  {
    id: 'BF103',
    title: 'one fio I/O took a large share of the job',
    severity: 'warning',
    family: 'errors',
    why: "When the slowest single I/O (clat max) lasts more than a quarter of the job's runtime, the job's rate is mostly that one wait (a flush, a stall, a device reset), not the device's steady rate.",
    sources: [
      `${FIO_HOWTO} (Interpreting the output: clat min/max/avg)`,
      'https://www.brendangregg.com/activebenchmarking.html',
    ],
  },
  {
    id: 'BF104',
    title: 'bonnie++ test too fast to measure (+++++)',
    severity: 'warning',
    family: 'errors',
    why: 'bonnie++ prints +++++ when a test ended in under 500 ms, too soon for its timer to give a rate: there is no measurement, and the data set is too small for the machine.',
    sources: [`${BONNIE_MAN} ("If a test completes in less than 500ms then the output will be displayed as ++++")`],
  },
  {
    id: 'BF105',
    title: 'fio short or dropped I/Os',
    severity: 'warning',
    family: 'errors',
    why: 'A short I/O moved less than the block size asked (fio issues the rest again) and a dropped one was lost: the job did not do I/Os of the size it reports, so its IOPS and latencies are not of that size.',
    sources: [
      `${FIO_HOWTO} (Interpreting the output, "IO issued rwt": "The number of read/write/trim requests issued, and how many of them were short or dropped")`,
      'fio stat.c (show_thread_status_normal: `issued rwts: total=... short=... dropped=...`; json: short_ios, drop_ios) and io_u.c (io_completed: a residual requeues the rest of the I/O)',
    ],
  },
  {
    id: 'BF106',
    title: 'fio time_based job ended well before its runtime',
    severity: 'warning',
    family: 'errors',
    why: 'With time_based fio loops over its files until runtime is over; a job that ran under 90 % of it was stopped (a signal, exitall, a full device) and its numbers cover only that part.',
    sources: [
      `${FIO_HOWTO} (time_based: "fio will run for the duration of the runtime specified even if the file(s) are completely read or written"; runtime)`,
    ],
  },
  {
    id: 'BF107',
    title: 'sysbench ignored errors or reconnects',
    severity: 'warning',
    family: 'errors',
    why: 'sysbench counts the queries that failed with an error it was told to ignore (the transaction is retried) and the connections it opened again; its rates count only what went through, so they describe a database that was failing part of the time.',
    sources: [
      '`sysbench --help` (sysbench 1.0.20): --mysql-ignore-errors=[LIST,...], list of errors to ignore, or "all", default [1213,1020,1205]; "ignored errors" and "reconnects" in SQL statistics, https://github.com/akopytov/sysbench',
    ],
  },
  {
    id: 'BF108',
    title: 'dd partial records',
    severity: 'warning',
    family: 'errors',
    why: 'dd counts whole and partial blocks as N+M: a partial record is a read or write that moved less than the block size (a short read from a pipe, a device or the end of a file), so the copy was not made of the blocks its command says.',
    sources: [
      'dd(1), https://man.openbsd.org/OpenBSD-5.9/dd.1 ("dd displays the number of complete and partial input and output blocks")',
      `${DD_MAN} (iflag=fullblock: accumulate full blocks from short reads)`,
    ],
  },
  {
    id: 'BF109',
    title: 'dd printed an error',
    severity: 'error',
    family: 'errors',
    why: 'A `dd: error writing ...` or `dd: error reading ...` line means the copy did not go as its command says (a full device, a bad block): its bytes, time and rate cover only what dd copied.',
    sources: [`${DD_MAN} (conv=noerror; the statistics dd prints when it stops)`],
  },
  {
    id: 'BF201',
    title: 'fio iodepth above 1 with a synchronous engine',
    severity: 'warning',
    family: 'method',
    why: 'A synchronous ioengine (sync, psync, vsync, pvsync, pvsync2, mmap) has one I/O in flight per job whatever iodepth says: the depth the page reports was not tested.',
    sources: [`${FIO_HOWTO} (iodepth: "increasing iodepth beyond 1 will not affect synchronous ioengines"; ioengine)`],
  },
  {
    id: 'BF202',
    title: 'bonnie++ per-character test bound by the CPU',
    severity: 'warning',
    family: 'method',
    why: "bonnie++'s per-character tests call putc()/getc() once a byte; at 95 % CPU or more the rate is the CPU's speed at those calls, not the storage's.",
    sources: [
      `${BONNIE_README} (Per-Character: "written using the putc() stdio macro")`,
      `${BONNIE_1} ("The per character read and write tests are generally limited by CPU speed only")`,
    ],
  },
  {
    id: 'BF203',
    title: 'runtime shorter than a minute',
    severity: 'note',
    family: 'method',
    why: "A fio job, sysbench fileio run or dd copy that lasted under 60 s measured the device's first seconds: a disk's or a controller's write cache, a flash device's fast (SLC) area and its fresh-out-of-the-box state absorb them, and SNIA's test specification takes each measurement over a full minute, repeated until steady.",
    sources: [
      SNIA_PTS,
      `${FIO_HOWTO} (runtime; ramp_time; steadystate: "Define the criterion and limit for assessing steady state performance")`,
    ],
  },
  {
    id: 'BF204',
    title: 'fio write job without ramp_time',
    severity: 'note',
    family: 'method',
    why: 'Without ramp_time fio counts a write job from its first I/O, when caches are empty and the device fresh: the start, often the fastest part, is averaged into the rate.',
    sources: [
      `${FIO_HOWTO} (ramp_time: "run the specified workload for this amount of time before logging any performance numbers. Useful for letting performance settle before logging results")`,
      SNIA_PTS,
    ],
  },
  {
    id: 'BF205',
    title: 'fio group_reporting folds several jobs into one figure',
    severity: 'note',
    family: 'method',
    why: 'With group_reporting fio prints one report for the numjobs processes of a job: the rate is their sum and the latencies their mix, so the spread between the jobs, and one job that stalled while the others ran, cannot be seen.',
    sources: [
      `${FIO_HOWTO} (group_reporting: "display per-group reports instead of per-job when numjobs is specified"; Interpreting the output: jobs=)`,
    ],
  },
  {
    id: 'BF206',
    title: 'fewer repeats than a comparison needs',
    severity: 'note',
    family: 'method',
    why: "A workload compared across runs needs repeats of each run to tell a difference from noise: with one output each nothing can be tested, with two Welch's t-test has one or two degrees of freedom and finds only differences many times the spread; three is the least (the Phoronix Test Suite's default).",
    sources: [
      PTS_TIMES_TO_RUN,
      "B. L. Welch, \"The generalization of 'Student's' problem when several different population variances are involved\", Biometrika 34 (1947)",
    ],
  },
  {
    id: 'BF301',
    title: "bandwidth beyond what the recorded disks' interfaces carry",
    severity: 'error',
    family: 'physics',
    why: "A disk cannot move data faster than its link: SATA and SAS carry 150, 300, 600 or 1,200 MB/s a lane (8b/10b), PCIe by generation and lanes; a rate beyond the sum over run.yaml's disks came from a cache (the page cache, a controller's), not from them.",
    sources: [INTEL_SATA, SATA_6G, SAS_12G, SAS_24G, PCIE_RATES],
  },
  {
    id: 'BF302',
    title: 'random reads beyond what the recorded spindles can seek',
    severity: 'error',
    family: 'physics',
    why: "A random read on a spinning disk waits on average half a revolution for its sector, plus a seek; a spindle completes at most four a revolution even with no seek at all, so random reads above count × RPM/60 × 4 were answered by a cache (the page cache, the controller's or the disk's), not by the disks.",
    sources: [ULTRASTAR_LATENCY, TRAVELSTAR_5K320, `${FIO_HOWTO} (rw=randread, randrw)`, BONNIE_README],
  },
  {
    id: 'BF303',
    title: 'random writes beyond what the recorded spindles can seek',
    severity: 'warning',
    family: 'physics',
    why: "Random writes above count × RPM/60 × 4 cannot reach the platters as fast as reported: the page cache (buffered writes) or a controller's write-back cache took them, and the number is that cache's rate, which lasts only while the cache has room; a warning, as a battery-backed controller cache is a real part of the system.",
    sources: [ULTRASTAR_LATENCY, TRAVELSTAR_5K320, `${FIO_HOWTO} (rw=randwrite, direct)`],
  },
  {
    id: 'BF304',
    title: 'latency far slower than the recorded disks need',
    severity: 'warning',
    family: 'physics',
    why: "With one I/O in flight per job, the slowest single access of a spinning disk is a full-stroke seek (26 ms at most, a 5,400 RPM laptop disk's) and a full revolution; a mean completion latency four times that (per I/O queued on each spindle) was spent elsewhere: a journal commit, a barrier or cache flush, the controller.",
    sources: [
      TRAVELSTAR_5K320,
      `${FIO_HOWTO} (Interpreting the output: clat; iodepth; ioengine)`,
      'https://www.brendangregg.com/activebenchmarking.html',
    ],
  },
  {
    id: 'BF305',
    title: "rate beyond the cloud instance's published EBS maximum",
    severity: 'warning',
    family: 'physics',
    why: "An EC2 instance reaches its EBS volumes through a link AWS caps per instance type; a bandwidth, or a random I/O rate, above the published maximum did not come from the volumes but from a cache. A warning: the table is AWS's at the cited version, and AWS has raised caps before.",
    sources: [EBS_CAPS_SOURCE],
  },
  {
    id: 'BF401',
    title: 'runs of one workload differ in a parameter other than the variable',
    severity: 'error',
    family: 'comparability',
    why: "When runs of the same workload were made with another block size, depth, direct flag, size, runtime, engine or thread count, the difference between their numbers is not the experiment's variable alone: the comparison does not measure what its page says.",
    sources: [
      `${FIO_HOWTO} (bs, iodepth, direct, size, runtime, ioengine, numjobs)`,
      'https://www.brendangregg.com/activebenchmarking.html',
    ],
  },
  {
    id: 'BF402',
    title: 'runs of one experiment used different versions of a tool',
    severity: 'warning',
    family: 'comparability',
    why: "Another version of a tool can change its defaults and how it counts and reports (fio 3.x's units and latency statistics, sysbench 1.0's rewrite of 0.4): the same command may not have measured the same thing.",
    sources: [
      `${FIO_HOWTO} (Interpreting the output: the version it prints first, fio-3.33)`,
      'content/results: fio 1.57 reports `write: io=416920KB, bw=41688KB/s, iops=5210 , runt= 10001msec` (2011-07-ext3-ext4-xfs-fio-msa70), fio 3.33 `write: IOPS=..., BW=...` in binary units (2026-11-ext4-xfs-btrfs-loopback)',
    ],
  },
] as const satisfies readonly LintRule[];

export type LintRuleId = (typeof LINT_RULES)[number]['id'];

/** The rule of an id. */
export function lintRule(id: LintRuleId): LintRule {
  const rule = LINT_RULES.find((candidate) => candidate.id === id);
  if (rule === undefined) throw new Error(`no lint rule ${id}`);
  return rule;
}
