import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureDir, writeExperimentFixture } from '../../../test/content-fixture.ts';
import type { LoadedExperiment } from '../../content/loaded.ts';
import { loadContent } from '../load-content.ts';
import type { LintFinding } from './finding.ts';
import { lint } from './lint.ts';

// The comparability rules on an experiment made of real outputs that were not made alike: the
// MSA70 fio 1.57 outputs (size=5G on a RAID 10 of 24 disks, 2011) and the loopback's fio 3.33
// output of the same four job names (128 MiB files, 2026), as /compare would set them side by
// side; and the seeds in content/results, whose runs were made alike.

const RESULTS = new URL('../../../../../content/results/', import.meta.url).pathname;
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const ID = '2026-11-fio-two-machines';
const MACHINE = '  kind: other\n  name: Machine and filesystem\n  fields: [host, filesystem.type]';

const MSA70_COMMAND =
  'time fio random-write-test.fio random-write-test-buf.fio sequential-write-test.fio sequential-write-test-buf.fio';

function raw(experiment: string, run: string, file: string): string {
  return readFileSync(join(RESULTS, experiment, 'runs', run, file), 'utf8');
}

function experimentYaml(variable: string): string {
  return `title: The MSA70 and the loopback fio jobs side by side
summary: Real outputs of the same four fio job names on two machines, for the comparability rules.
variable:
${variable}
date: 2026-11
authors:
  - benchfolio tests
license: CC-BY-4.0
`;
}

function runYaml(host: string, filesystem: string, fio: string, command: string): string {
  return `label: ${host}, ${filesystem}
value: ${host}, ${filesystem}
system:
  host: ${host}
  filesystem:
    type: ${filesystem}
tools:
  fio: '${fio}'
outputs:
  - file: fio.txt
    tool: fio
    command: '${command}'
`;
}

/** The loopback's ext4 output first, then MSA70's ext3 and ext4: the loopback is the odd one out. */
function files(variable: string): Record<string, string> {
  const loopbackCommand = 'fio --output-format=normal,json scripts/profiles/fio-seed-hoffman.fio';
  return {
    'experiment.yaml': experimentYaml(variable),
    'runs/a-loopback/run.yaml': runYaml('vm', 'ext4', 'fio-3.33', loopbackCommand),
    'runs/a-loopback/fio.txt': raw(LOOPBACK, 'ext4', 'fio--seed-hoffman-1.txt'),
    'runs/b-msa70-ext3/run.yaml': runYaml('link', 'ext3', 'fio 1.57', MSA70_COMMAND),
    'runs/b-msa70-ext3/fio.txt': raw(MSA70, 'ext3', 'fio--ext3.txt'),
    'runs/c-msa70-ext4/run.yaml': runYaml('link', 'ext4', 'fio 1.57', MSA70_COMMAND),
    'runs/c-msa70-ext4/fio.txt': raw(MSA70, 'ext4', 'fio--ext4.txt'),
  };
}

const fixtures: FixtureDir[] = [];

async function lintFixture(variable: string): Promise<{ found: LintFinding[]; dir: FixtureDir }> {
  const dir = writeExperimentFixture(files(variable), ID);
  fixtures.push(dir);
  const report = await loadContent(dir.experimentDir);
  const experiment = report.experiments[0];
  if (experiment === undefined) throw new Error(report.issues.map((issue) => issue.message).join('\n'));
  return { found: lint(experiment), dir };
}

function shown(dir: FixtureDir, found: LintFinding | undefined): string {
  if (found === undefined) return '';
  const text = readFileSync(join(dir.experimentDir, 'runs', found.run, found.file), 'utf8');
  return (text.split(/\r?\n/)[found.line - 1] ?? '').slice(found.column - 1);
}

const seeds = new Map<string, LintFinding[]>();
beforeAll(async () => {
  for (const id of [LOOPBACK, MSA70, '2011-11-ext4-xfs-btrfs-bonnie']) {
    const report = await loadContent(join(RESULTS, id));
    seeds.set(id, lint(report.experiments[0] as LoadedExperiment));
  }
}, 120_000);
afterAll(() => {
  for (const dir of fixtures) dir.remove();
});

describe('BF401: runs of one workload differ in a parameter other than the variable', () => {
  it('trips on the loopback run of the four jobs: size 128 MiB against 5G, at each job line', async () => {
    const { found, dir } = await lintFixture(MACHINE);
    const parameters = found.filter((f) => f.rule === 'BF401');
    expect(parameters.map((f) => [f.run, f.workload])).toEqual([
      ['a-loopback', 'random-write-direct'],
      ['a-loopback', 'random-write-buf'],
      ['a-loopback', 'sequential-write-direct'],
      ['a-loopback', 'sequential-write-buffered'],
    ]);
    // Loopback JSON `"size" : "134217728"`; MSA70's job files set size=5G (its `Laying out IO
    // file(s) (1 file(s) / 5120MB)` lines). bs 8k, iodepth 1, numjobs 5 and sync are alike.
    expect(parameters[0]?.values).toEqual({ size: '128 MiB', 'size.elsewhere': '5 GiB in b-msa70-ext3, c-msa70-ext4' });
    expect(parameters[0]?.severity).toBe('error');
    expect(shown(dir, parameters[0])).toMatch(/^random-write-direct: \(g=0\): rw=randwrite, bs=\(R\) 8192B-8192B/);
  });

  it('does not trip when the variable is the file size, nor on the seeds, whose runs were made alike', async () => {
    const { found } = await lintFixture(MACHINE.replace('Machine and filesystem', 'File size, machine and filesystem'));
    expect(found.filter((f) => f.rule === 'BF401')).toEqual([]);
    for (const findings of seeds.values()) expect(findings.filter((f) => f.rule === 'BF401')).toEqual([]);
  });
});

describe('BF402: runs of one experiment used different versions of a tool', () => {
  it('trips on the loopback run (fio-3.33) among two fio 1.57 runs, at the version it prints', async () => {
    const { found, dir } = await lintFixture(MACHINE);
    const versions = found.filter((f) => f.rule === 'BF402');
    expect(versions).toHaveLength(1);
    // The loopback output's 9th line is `fio-3.33`; MSA70's 14th is `fio 1.57`.
    expect(versions[0]?.values).toEqual({
      tool: 'fio',
      version: 'fio-3.33',
      elsewhere: 'fio 1.57 in b-msa70-ext3, c-msa70-ext4',
    });
    expect(versions[0]?.severity).toBe('warning');
    expect([versions[0]?.run, versions[0]?.line, shown(dir, versions[0])]).toEqual(['a-loopback', 9, 'fio-3.33']);
  });

  it('does not trip on the seeds: one fio, sysbench, bonnie++ and dd version in every run', () => {
    for (const findings of seeds.values()) expect(findings.filter((f) => f.rule === 'BF402')).toEqual([]);
  });
});
