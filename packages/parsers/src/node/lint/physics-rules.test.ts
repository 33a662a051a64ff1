import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadedExperiment, LoadedRun } from '../../content/loaded.ts';
import { loadContent } from '../load-content.ts';
import { interfaceCeiling } from './disk-limits.ts';
import type { LintFinding, OutputLintInput } from './finding.ts';
import { lint } from './lint.ts';
import { physicsFindings } from './physics-rules.ts';

// The physics rules on real outputs: the seeds in content/results as they are, and, where no
// seed with recorded hardware trips a rule, a real seed output paired with a system description
// written here (the output stays real; only the disks it is held against are this test's). The
// values asserted are read off the raw text.

const RESULTS = new URL('../../../../../content/results/', import.meta.url).pathname;
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const BONNIE_2011 = '2011-11-ext4-xfs-btrfs-bonnie';

const loaded = new Map<string, LoadedExperiment>();
const findings = new Map<string, LintFinding[]>();

beforeAll(async () => {
  for (const id of [LOOPBACK, MSA70, BONNIE_2011]) {
    const report = await loadContent(join(RESULTS, id));
    const experiment = report.experiments[0] as LoadedExperiment;
    loaded.set(id, experiment);
    findings.set(id, lint(experiment));
  }
}, 120_000);

function physics(experiment: string, rule?: string): LintFinding[] {
  return (findings.get(experiment) ?? []).filter(
    (found) => found.rule.startsWith('BF3') && (rule === undefined || found.rule === rule),
  );
}

/** The raw line a finding points at, from its column on. */
function shown(experiment: string, found: LintFinding): string {
  const text = readFileSync(join(RESULTS, experiment, 'runs', found.run, found.file), 'utf8');
  return (text.split('\n')[found.line - 1] ?? '').slice(found.column - 1);
}

type Disks = NonNullable<LoadedRun['run']['system']['disks']>;

/** The physics findings of one real output of a seed, held against `disks` (and `instance_type`) instead of its run.yaml's. */
function againstDisks(
  experiment: string,
  run: string,
  file: string,
  disks: Disks,
  instanceType?: string,
): LintFinding[] {
  const seed = loaded.get(experiment) as LoadedExperiment;
  const loadedRun = seed.runs.find((candidate) => candidate.id === run) as LoadedRun;
  const output = loadedRun.outputs.find((candidate) => candidate.file === file);
  if (output === undefined) throw new Error(`no ${file} in ${experiment}/${run}`);
  const system = {
    ...loadedRun.run.system,
    disks,
    ...(instanceType === undefined ? {} : { instance_type: instanceType }),
  };
  const paired: LoadedRun = { ...loadedRun, run: { ...loadedRun.run, system } };
  const input: OutputLintInput = {
    experiment,
    run,
    file,
    text: readFileSync(output.path, 'utf8'),
    parsed: output.parsed,
    workload: output.declared.workload ?? file,
    command: output.declared.command,
  };
  return physicsFindings({ experiment: seed, runs: [{ run: paired, outputs: [input] }] });
}

const SATA_6G_DISK = { model: 'a SATA disk of this test', count: 1, rotational: false, interface: 'SATA 6Gb/s' };
const WD_7200 = { model: 'Western Digital SATA2 320gb 7200 RPM Drive', count: 1, rotational: true, rpm: 7200 };

describe('interface ceilings read from run.yaml text', () => {
  it('give SATA and SAS 8b/10b rates, PCIe by generation and lanes, and nothing for virtio or a bare NVMe', () => {
    expect(interfaceCeiling('SATA 6Gb/s')?.bytesPerSec).toBe(600e6);
    expect(interfaceCeiling('SATA 3Gb/s')?.bytesPerSec).toBe(300e6);
    expect(interfaceCeiling('SATA2')?.bytesPerSec).toBe(300e6);
    expect(interfaceCeiling('SATA')?.bytesPerSec).toBe(600e6);
    // Two ports a SAS disk; an unnamed generation is the fastest (24G, 2,400 MB/s a port).
    expect(interfaceCeiling('SAS 6Gb/s')?.bytesPerSec).toBe(1200e6);
    expect(interfaceCeiling('SAS')?.bytesPerSec).toBe(4800e6);
    expect(interfaceCeiling('NVMe PCIe 4.0 x4')?.bytesPerSec).toBe(4 * 1969e6);
    expect(interfaceCeiling('PCIe Gen3 x8')?.bytesPerSec).toBeCloseTo(8 * 984.6e6);
    expect(interfaceCeiling('virtio')).toBeNull();
    expect(interfaceCeiling('NVMe')).toBeNull();
    expect(interfaceCeiling('USB stick')).toBeNull();
  });
});

describe('BF301: bandwidth beyond the recorded interfaces', () => {
  it('trips on the loopback buffered random writes (2193MB/s) held against one SATA 6Gb/s disk (this test’s)', () => {
    // fio--seed-hoffman-1.txt: "  write: IOPS=268k, BW=2092MiB/s (2193MB/s)(640MiB/306msec)"
    const found = againstDisks(LOOPBACK, 'ext4', 'fio--seed-hoffman-1.txt', [SATA_6G_DISK]).filter(
      (f) => f.rule === 'BF301',
    );
    expect(found.map((f) => f.workload)).toEqual(['random-write-buf']);
    expect(found[0]?.severity).toBe('error');
    expect(found[0]?.values).toMatchObject({ ceilingBytesPerSec: 600e6 });
    expect(Math.round(Number(found[0]?.values.bytesPerSec) / 1e6)).toBe(2193);
    expect(found[0]?.metrics).toContain('write.bw');
    expect(shown(LOOPBACK, found[0] as LintFinding)).toMatch(/^BW=2092MiB\/s \(2193MB\/s\)/);
  });

  it('does not trip on the same output against a PCIe 4.0 x4 disk, nor on the seeds as recorded', () => {
    const nvme = { ...SATA_6G_DISK, interface: 'NVMe PCIe 4.0 x4' };
    expect(againstDisks(LOOPBACK, 'ext4', 'fio--seed-hoffman-1.txt', [nvme]).filter((f) => f.rule === 'BF301')).toEqual(
      [],
    );
    // MSA70: 24 SAS disks; 2011 bonnie++: get_block "62905" K/sec on SATA2 (300 MB/s); loopback: virtio.
    for (const id of [MSA70, BONNIE_2011, LOOPBACK]) expect(physics(id, 'BF301')).toEqual([]);
  });
});

describe('BF302: random reads beyond what the spindles can seek', () => {
  it('trips on the loopback sysbench rndrd (16335.89 reads/s) held against one 7200 RPM disk (this test’s)', () => {
    // sysbench--fileio-rndrd-t1-1.txt: "    reads/s:                      16335.89"
    const found = againstDisks(LOOPBACK, 'ext4', 'sysbench--fileio-rndrd-t1-1.txt', [WD_7200]).filter(
      (f) => f.rule === 'BF302',
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.severity).toBe('error');
    // 7200 RPM = 120 revolutions a second, 4 random I/Os each: 480.
    expect(found[0]?.values).toMatchObject({ iops: 16335.89, ceilingIops: 480 });
    expect(shown(LOOPBACK, found[0] as LintFinding)).toMatch(/^reads\/s: +16335\.89$/);
  });

  it('does not trip on the 2011 bonnie++ seeks ("131.8" /sec on its 7200 RPM disk) or the virtio loopback', () => {
    expect(physics(BONNIE_2011, 'BF302')).toEqual([]);
    const seeks = loaded.get(BONNIE_2011)?.runs.find((run) => run.id === 'ext4')?.outputs[0]?.parsed.measurements;
    expect(seeks?.find((m) => m.metric === 'seeks')?.value).toBe(131.8);
    // virtio_blk reports rotational, which says nothing of the disk behind it.
    expect(physics(LOOPBACK)).toEqual([]);
  });
});

describe('BF303: random writes beyond what the spindles can seek', () => {
  it('trips on MSA70 ext3 and ext4 random-write-buf (iops=59112, iops=83840 on 24 10k RPM spindles)', () => {
    const found = physics(MSA70, 'BF303');
    expect(found.map((f) => [f.run, f.workload, f.values.iops])).toEqual([
      ['ext3', 'random-write-buf', 59112],
      ['ext4', 'random-write-buf', 83840],
    ]);
    expect(found[0]?.severity).toBe('warning');
    // 24 × 10000/60 × 4 = 16000.
    expect(found[0]?.values.ceilingIops).toBe(16000);
    expect(shown(MSA70, found[0] as LintFinding)).toMatch(/^iops=59112 , runt= 13809msec/);
  });

  it('does not trip on random-write-direct (iops=7118, 7366, 5210) or xfs random-write-buf (iops=3484)', () => {
    const workloads = physics(MSA70, 'BF303').map((f) => `${f.run}/${f.workload}`);
    expect(workloads).not.toContain('ext3/random-write-direct');
    expect(workloads).not.toContain('xfs/random-write-buf');
  });
});

describe('BF304: latency far slower than the recorded disks need', () => {
  it('trips on MSA70 ext3 sequential-write-direct: avg=157500.69 usec at one I/O in flight per job', () => {
    const found = physics(MSA70, 'BF304');
    expect(found.map((f) => `${f.run}/${f.workload}`)).toEqual(['ext3/sequential-write-direct']);
    // 26 ms full-stroke seek + 6 ms revolution at 10000 RPM = 32 ms; 5 jobs on 24 spindles.
    expect(found[0]?.values).toMatchObject({ latencyNs: 157500690, slowestAccessNs: 32e6, inFlight: 5, spindles: 24 });
    expect(found[0]?.metrics).toEqual(['write.bw', 'write.iops', 'write.clat.mean', 'write.lat.mean']);
    expect(shown(MSA70, found[0] as LintFinding)).toMatch(/^avg=157500\.69, stdev=96237\.55/);
  });

  it('does not trip on ext4’s (avg=473.09) or xfs’s (avg=825.67) same job', () => {
    const jobs = physics(MSA70, 'BF304').map((f) => `${f.run}/${f.workload}`);
    expect(jobs).not.toContain('ext4/sequential-write-direct');
    expect(jobs).not.toContain('xfs/sequential-write-direct');
  });
});

describe('BF305: rates beyond the instance’s published EBS maximum', () => {
  const ebs = { model: 'Amazon Elastic Block Store', count: 1, rotational: false, interface: 'NVMe' };
  const onInstance = (instanceType: string, disks: Disks, experiment: string, run: string, file: string) =>
    againstDisks(experiment, run, file, disks, instanceType).filter((f) => f.rule === 'BF305');

  it('trips on the loopback buffered random writes held against a t3.medium on EBS (this test’s): 2193MB/s and 268k IOPS', () => {
    // AWS: "| t3.medium * | 2,085 | 260.57 | 11,800 |"; fio: "write: IOPS=268k, BW=2092MiB/s (2193MB/s)".
    const found = onInstance('t3.medium', [ebs], LOOPBACK, 'ext4', 'fio--seed-hoffman-1.txt');
    const buffered = found.filter((f) => f.workload === 'random-write-buf');
    expect(buffered.map((f) => f.values.cap)).toEqual([260.57e6, 11800]);
    expect(buffered[0]?.severity).toBe('warning');
    expect(Math.round(Number(buffered[0]?.values.value) / 1e6)).toBe(2193);
  });

  it('does not trip on MSA70 xfs random-write-buf (bw=27876KB/s, iops=3484) nor on an instance-store disk', () => {
    expect(
      onInstance('t3.medium', [ebs], MSA70, 'xfs', 'fio--xfs.txt').filter((f) => f.workload === 'random-write-buf'),
    ).toEqual([]);
    const local = { ...ebs, model: 'Amazon EC2 NVMe Instance Storage' };
    expect(onInstance('t3.medium', [local], LOOPBACK, 'ext4', 'fio--seed-hoffman-1.txt')).toEqual([]);
  });
});
