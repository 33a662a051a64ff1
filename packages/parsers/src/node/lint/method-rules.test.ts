import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedExperiment } from '../../content/loaded.ts';
import { parse } from '../../index.ts';
import { loadContent } from '../load-content.ts';
import type { LintFinding, OutputLintInput } from './finding.ts';
import { lint, lintOutput } from './lint.ts';

// The method rules on real outputs: the seeds in content/results and outputs of the real fio
// made here on a temporary folder. The values asserted are read off the raw text.

const RESULTS = new URL('../../../../../content/results/', import.meta.url).pathname;
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';

const findings = new Map<string, LintFinding[]>();
let work = '';

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'benchfolio-method-'));
  for (const id of [LOOPBACK, MSA70]) {
    const report = await loadContent(join(RESULTS, id));
    findings.set(id, lint(report.experiments[0] as LoadedExperiment));
  }
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function of(experiment: string, run: string, file: string, rule: string): LintFinding[] {
  return (findings.get(experiment) ?? []).filter((f) => f.run === run && f.file === file && f.rule === rule);
}

/** The raw line a finding points at, from its column on. */
function shown(experiment: string, found: LintFinding | undefined): string {
  if (found === undefined) return '';
  const text = readFileSync(join(RESULTS, experiment, 'runs', found.run, found.file), 'utf8');
  return (text.split(/\r?\n/)[found.line - 1] ?? '').slice(found.column - 1);
}

/** fio run here on a 1 MiB file with these options, linted as one output; its text and findings. */
function fioHere(options: string[], rule: string): { text: string; found: LintFinding[] } {
  const args = ['--name=here', `--directory=${work}`, '--size=1M', '--bs=4k', '--ioengine=psync', ...options];
  const text = execFileSync('fio', args, { encoding: 'utf8' });
  const input: OutputLintInput = {
    ...{ experiment: 'made-here', run: 'here', file: 'fio.txt', workload: 'here' },
    ...{ text, parsed: parse(text), command: `fio ${args.join(' ')}` },
  };
  return { text, found: lintOutput(input).filter((f) => f.rule === rule) };
}

describe('BF203: runtime under a minute', () => {
  it('trips on MSA70 ext3 random-write-direct (runt= 10481msec), at its runt=', () => {
    const found = of(MSA70, 'ext3', 'fio--ext3.txt', 'BF203').find((f) => f.workload === 'random-write-direct');
    // "  write: io=596856KB, bw=56946KB/s, iops=7118 , runt= 10481msec"
    expect(found?.values).toEqual({ runtimeMs: 10481, thresholdMs: 60000 });
    expect(found?.severity).toBe('note');
    expect(shown(MSA70, found)).toBe('runt= 10481msec');
  });

  it('trips on the loopback sysbench (total time: 5.0047s) and dd (0.135109 s)', () => {
    const [sysbench] = of(LOOPBACK, 'ext4', 'sysbench--fileio-seqwr-t1-1.txt', 'BF203');
    expect(sysbench?.values.runtimeMs).toBeCloseTo(5004.7, 6);
    expect(shown(LOOPBACK, sysbench)).toBe('total time:                          5.0047s');
    const [dd] = of(LOOPBACK, 'ext4', 'dd--seq-write-1.txt', 'BF203');
    expect(dd?.values.runtimeMs).toBeCloseTo(135.109, 6);
    expect(shown(LOOPBACK, dd)).toBe('134217728 bytes (134 MB, 128 MiB) copied, 0.135109 s, 993 MB/s');
  });

  it('does not trip on MSA70 xfs random-write-buf, which ran runt=240892msec', () => {
    const xfs = of(MSA70, 'xfs', 'fio--xfs.txt', 'BF203').map((f) => f.workload);
    expect(xfs).toEqual(['random-write-direct', 'sequential-write-direct', 'sequential-write-buffered']);
  });
});

describe('BF204: fio write job without ramp_time', () => {
  it('trips on the loopback jobs, whose JSON options have no ramp_time, at the job line', () => {
    const found = of(LOOPBACK, 'ext4', 'fio--seed-hoffman-1.txt', 'BF204');
    expect(found.map((f) => f.workload)).toEqual([
      'random-write-direct',
      'random-write-buf',
      'sequential-write-direct',
      'sequential-write-buffered',
    ]);
    expect(shown(LOOPBACK, found[0])).toMatch(/^random-write-direct: \(groupid=0, jobs=5\)/);
  });

  it('trips on a JSON write job made here without it, not with --ramp_time=1, nor on a read job', () => {
    const json = '--output-format=json';
    const bare = fioHere(['--rw=write', json], 'BF204');
    expect(bare.found).toHaveLength(1);
    expect(bare.text).not.toMatch(/ramp_time/);
    const ramped = fioHere(['--rw=write', '--ramp_time=1', '--time_based', '--runtime=1', json], 'BF204');
    expect(ramped.text).toMatch(/"ramp_time" : "1"/);
    expect(ramped.found).toEqual([]);
    expect(fioHere(['--rw=read', json], 'BF204').found).toEqual([]);
  }, 30_000);

  it('does not judge a normal-only output (MSA70): its job line does not say ramp_time', () => {
    expect((findings.get(MSA70) ?? []).filter((f) => f.rule === 'BF204')).toEqual([]);
  });
});

describe('BF205: group_reporting folding jobs', () => {
  it('trips on MSA70 (groupid=0, jobs=5), at jobs=5', () => {
    const found = of(MSA70, 'ext3', 'fio--ext3.txt', 'BF205');
    expect(found).toHaveLength(4);
    expect(found[0]?.values).toEqual({ jobs: 5 });
    expect(shown(MSA70, found[0])).toBe('jobs=5): err= 0: pid=2447');
  });

  it('trips on JSON group_reporting with numjobs=2 made here, not on 2 jobs reported apart', () => {
    const grouped = fioHere(['--rw=write', '--numjobs=2', '--group_reporting', '--output-format=json'], 'BF205');
    expect(grouped.text).toMatch(/"numjobs" : "2"/);
    expect(grouped.found.map((f) => f.values)).toEqual([{ jobs: 2 }]);
    const apart = fioHere(['--rw=write', '--numjobs=2'], 'BF205');
    expect(apart.text.match(/^here: \(groupid=0, jobs=1\)/gm)).toHaveLength(2);
    expect(apart.found).toEqual([]);
    const apartJson = fioHere(['--rw=write', '--numjobs=2', '--output-format=json'], 'BF205');
    expect(apartJson.text.match(/"jobname" : "here"/g)).toHaveLength(2);
    expect(apartJson.found).toEqual([]);
  }, 30_000);
});

describe('BF206: fewer repeats than a comparison needs', () => {
  it('trips on MSA70: each job once in each of 3 runs, at the first run', () => {
    const found = (findings.get(MSA70) ?? []).filter((f) => f.rule === 'BF206');
    expect(found.map((f) => [f.run, f.workload])).toEqual([
      ['ext3', 'random-write-direct'],
      ['ext3', 'random-write-buf'],
      ['ext3', 'sequential-write-direct'],
      ['ext3', 'sequential-write-buffered'],
    ]);
    expect(found[0]?.values).toEqual({ runs: 3, repeatsFewest: 1, repeatsMost: 1, minimum: 3 });
    expect(shown(MSA70, found[0])).toMatch(/^random-write-direct: \(g=0\): rw=randwrite, bs=8K-8K\/8K-8K/);
  });

  it('trips on the loopback with 2 repeats each (run.yaml repeat: 1 and 2)', () => {
    const found = (findings.get(LOOPBACK) ?? []).filter((f) => f.rule === 'BF206');
    const dd = found.find((f) => f.workload === 'dd-seq-write');
    expect(dd?.values).toEqual({ runs: 3, repeatsFewest: 2, repeatsMost: 2, minimum: 3 });
    expect(dd?.file).toBe('dd--seq-write-1.txt');
    // 4 fio jobs, 15 sysbench workloads (5 modes × 3 thread counts), bonnie++ and dd.
    expect(found).toHaveLength(21);
  });
});
