import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedExperiment } from '../../content/loaded.ts';
import { parse } from '../../index.ts';
import { loadContent } from '../load-content.ts';
import { type LintFinding, nameInMessage, type OutputLintInput } from './finding.ts';
import { lint, lintOutput } from './lint.ts';

// Every rule on a real output that trips it and one that does not: the seeds in content/results
// and outputs of the real fio, sysbench and dd made here on a temporary folder. The values
// asserted are read off the raw text.

const RESULTS = new URL('../../../../../content/results/', import.meta.url).pathname;
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';

const loaded = new Map<string, LoadedExperiment>();
const findings = new Map<string, LintFinding[]>();

beforeAll(async () => {
  for (const id of [LOOPBACK, MSA70, '2011-11-ext4-xfs-btrfs-bonnie', '2020-fio-random-write-cpu-governor']) {
    const report = await loadContent(join(RESULTS, id));
    const experiment = report.experiments[0] as LoadedExperiment;
    loaded.set(id, experiment);
    findings.set(id, lint(experiment));
  }
}, 120_000);

function of(experiment: string, run: string, file: string, rule?: string): LintFinding[] {
  return (findings.get(experiment) ?? []).filter(
    (found) => found.run === run && found.file === file && (rule === undefined || found.rule === rule),
  );
}

/** The raw line a finding points at, from its column on. */
function shown(experiment: string, found: LintFinding): string {
  const text = readFileSync(join(RESULTS, experiment, 'runs', found.run, found.file), 'utf8');
  return (text.split('\n')[found.line - 1] ?? '').slice(found.column - 1);
}

/** An output made here, as lintOutput reads it. */
function madeHere(file: string, text: string, command: string): OutputLintInput {
  return {
    experiment: 'made-here',
    run: 'here',
    file,
    text,
    parsed: parse(text),
    workload: file,
    command,
    memoryBytes: totalmem(),
  };
}

let work = '';
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'benchfolio-lint-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('BF001: fio buffered I/O on a data set under twice the memory', () => {
  it('trips on the loopback buffered jobs (5 × 128 MiB files, 24 GiB of memory), not on its direct ones', () => {
    const found = of(LOOPBACK, 'xfs', 'fio--seed-hoffman-1.txt', 'BF001');
    expect(found.map((f) => f.workload)).toEqual(['random-write-buf', 'sequential-write-buffered']);
    expect(found[0]?.values).toMatchObject({ dataBytes: 5 * 134217728, memoryBytes: 25276063744 });
    expect(found[0]?.severity).toBe('error');
    expect(shown(LOOPBACK, found[0] as LintFinding)).toMatch(/^random-write-buf: \(g=1\): rw=randwrite/);
  });

  it('does not trip without a recorded memory (MSA70) or on direct jobs', () => {
    expect(findings.get(MSA70)?.filter((f) => f.rule === 'BF001')).toEqual([]);
    const loopback = findings.get(LOOPBACK) ?? [];
    expect(loopback.filter((f) => f.rule === 'BF001' && f.workload.includes('direct'))).toEqual([]);
  });
});

describe('BF002: bonnie++ file size under twice the memory', () => {
  it('trips on the loopback bonnie++ (-s 128 on 24 GiB), at its table row', () => {
    const [found] = of(LOOPBACK, 'ext4', 'bonnie--seed-1.txt', 'BF002');
    expect(found?.values).toMatchObject({ dataBytes: 128 * 2 ** 20, memoryBytes: 25276063744 });
    expect(shown(LOOPBACK, found as LintFinding)).toMatch(/^vm\s+128M\s/);
  });

  it('does not trip when the memory is 64 MiB (what -r 64 told bonnie++): 128 MiB is twice that', () => {
    const experiment = loaded.get(LOOPBACK) as LoadedExperiment;
    const output = experiment.runs[0]?.outputs.find((o) => o.file === 'bonnie--seed-1.txt');
    if (output === undefined) throw new Error('no bonnie++ output');
    const input = {
      ...{ experiment: LOOPBACK, run: 'ext4', file: output.file, workload: 'bonnie-seed' },
      ...{ text: readFileSync(output.path, 'utf8'), parsed: output.parsed, memoryBytes: 64 * 2 ** 20 },
    };
    expect(lintOutput(input).filter((f) => f.rule === 'BF002')).toEqual([]);
  });
});

describe('BF003: sysbench fileio without O_DIRECT under twice the memory', () => {
  it('trips on a buffered sysbench fileio run here (4 MiB of files), not on the loopback direct ones', () => {
    const command = 'sysbench fileio --file-num=2 --file-total-size=4M --file-test-mode=seqwr --time=1 run';
    execFileSync('sysbench', ['fileio', '--file-num=2', '--file-total-size=4M', 'prepare'], { cwd: work });
    const text = execFileSync('sh', ['-c', `LC_ALL=C ${command}`], { cwd: work, encoding: 'utf8' });
    const [found, ...rest] = lintOutput(madeHere('sysbench.txt', text, command)).filter((f) => f.rule === 'BF003');
    expect(rest).toEqual([]);
    expect(found?.values.dataBytes).toBe(4 * 2 ** 20);
    expect(text.split('\n')[(found?.line ?? 0) - 1]).toBe('4MiB total file size');
    const loopback = findings.get(LOOPBACK) ?? [];
    expect(loopback.filter((f) => f.rule === 'BF003')).toEqual([]);
  }, 30_000);
});

describe('BF004: dd without oflag=direct or conv=fdatasync under twice the memory', () => {
  const dd = (flags: string) => {
    const command = `dd if=/dev/zero of=${join(work, 'dd.img')} bs=64k count=16${flags}`;
    const text = execFileSync('sh', ['-c', `LC_ALL=C ${command} 2>&1`], { encoding: 'utf8' });
    return { text, found: lintOutput(madeHere('dd.txt', text, command)).filter((f) => f.rule === 'BF004') };
  };

  it('trips on a plain dd of 1 MiB made here, at its bytes-copied line', () => {
    const { text, found } = dd('');
    expect(found).toHaveLength(1);
    expect(found[0]?.values.dataBytes).toBe(1048576);
    expect(text.split('\n')[(found[0]?.line ?? 0) - 1]).toMatch(/^1048576 bytes .* copied/);
  });

  it('does not trip with conv=fdatasync, nor on the loopback dd (oflag=direct)', () => {
    expect(dd(' conv=fdatasync').found).toEqual([]);
    expect((findings.get(LOOPBACK) ?? []).filter((f) => f.rule === 'BF004')).toEqual([]);
  });
});

describe('BF101: fio job with err≠0', () => {
  it('trips on fio writing to /dev/full here (err=28), at its err= on the job line', () => {
    const command = 'fio --name=full --filename=/dev/full --rw=write --size=64k --bs=4k';
    const text = execFileSync('sh', ['-c', `${command} 2>&1 || true`], { encoding: 'utf8' });
    const found = lintOutput(madeHere('fio-full.txt', text, command)).filter((f) => f.rule === 'BF101');
    expect(found).toHaveLength(1);
    expect(found[0]?.values.err).toBe(28);
    const line = text.split('\n')[(found[0]?.line ?? 0) - 1] ?? '';
    expect(line.slice((found[0]?.column ?? 0) - 1)).toMatch(/^err=28 /);
  }, 30_000);

  it('does not trip on the MSA70 outputs (err= 0 everywhere)', () => {
    expect((findings.get(MSA70) ?? []).filter((f) => f.rule === 'BF101')).toEqual([]);
  });
});

describe('BF102 and BF103: a job far longer than its siblings, one I/O taking much of a job', () => {
  it('trip on MSA70 xfs random-write-buf: runt=240892msec against about 10 s, clat max=237984K usec', () => {
    const [runtime, ...moreRuntime] = of(MSA70, 'xfs', 'fio--xfs.txt', 'BF102');
    expect(moreRuntime).toEqual([]);
    expect(runtime?.workload).toBe('random-write-buf');
    expect(runtime?.values).toMatchObject({ runtimeMs: 240892, siblingsMedianMs: 10002 });
    expect(shown(MSA70, runtime as LintFinding)).toBe('runt=240892msec');
    const stalls = of(MSA70, 'xfs', 'fio--xfs.txt', 'BF103');
    expect(stalls.map((f) => f.workload)).toEqual(['random-write-buf']);
    expect(stalls[0]?.values).toMatchObject({ clatMaxNs: 237984e6, runtimeMs: 240892 });
    expect(shown(MSA70, stalls[0] as LintFinding)).toMatch(/^clat \(usec\): min=7 , max=237984K/);
  });

  it('do not trip on jobs ending near their siblings (MSA70 ext3) or on xfs random-write-direct (max 1.59 s of 10 s)', () => {
    expect(of(MSA70, 'ext3', 'fio--ext3.txt', 'BF102')).toEqual([]);
    expect(of(MSA70, 'xfs', 'fio--xfs.txt', 'BF103').filter((f) => f.workload === 'random-write-direct')).toEqual([]);
  });

  it('BF102 does not trip on loopback jobs that ended within their runtime=5 (size-limited, 0.2 to 3 s)', () => {
    expect((findings.get(LOOPBACK) ?? []).filter((f) => f.rule === 'BF102')).toEqual([]);
  });
});

describe('BF104: bonnie++ +++++', () => {
  it('trips on the loopback bonnie++ (10 tests too fast), at the first +++++', () => {
    const [found] = of(LOOPBACK, 'btrfs', 'bonnie--seed-2.txt', 'BF104');
    expect(found?.values.count).toBe(10);
    expect(shown(LOOPBACK, found as LintFinding)).toMatch(/^\+\+\+\+\+ \+\+\+/);
  });

  it('does not trip on the 2011 bonnie++ outputs (8G, every cell measured)', () => {
    expect((findings.get('2011-11-ext4-xfs-btrfs-bonnie') ?? []).filter((f) => f.rule === 'BF104')).toEqual([]);
  });
});

describe('BF201: fio iodepth above 1 with a synchronous engine', () => {
  it('trips on psync with iodepth=8 run here, at the iodepth= of its job line', () => {
    const file = join(work, 'psync.dat');
    const command = `fio --name=deep --filename=${file} --ioengine=psync --iodepth=8 --rw=write --size=256k --bs=4k`;
    const text = execFileSync('sh', ['-c', command], { encoding: 'utf8' });
    const found = lintOutput(madeHere('fio-psync.txt', text, command)).filter((f) => f.rule === 'BF201');
    expect(found.map((f) => f.values)).toEqual([{ ioengine: 'psync', iodepth: 8 }]);
    const line = text.split('\n')[(found[0]?.line ?? 0) - 1] ?? '';
    expect(line.slice((found[0]?.column ?? 0) - 1)).toBe('iodepth=8');
  }, 30_000);

  it('does not trip on sync at iodepth=1 (loopback) or libaio at iodepth=16 (governor)', () => {
    expect((findings.get(LOOPBACK) ?? []).filter((f) => f.rule === 'BF201')).toEqual([]);
    const governor = findings.get('2020-fio-random-write-cpu-governor') ?? [];
    expect(governor.filter((f) => f.rule === 'BF201')).toEqual([]);
  });
});

describe('BF202: bonnie++ per-character tests near 100 % CPU', () => {
  it('trips on the loopback putc (97 %) and getc (99 %), at their %CP cells', () => {
    const found = of(LOOPBACK, 'ext4', 'bonnie--seed-1.txt', 'BF202');
    expect(found.map((f) => f.values)).toEqual([
      { test: 'putc', cpuPercent: 97 },
      { test: 'getc', cpuPercent: 99 },
    ]);
    expect(shown(LOOPBACK, found[0] as LintFinding)).toMatch(/^97 /);
  });

  it('does not trip on the 2011 btrfs getc (1407 K/s at 92 %)', () => {
    const found = of('2011-11-ext4-xfs-btrfs-bonnie', 'btrfs', 'bonnie--btrfs.txt', 'BF202');
    expect(found.map((f) => f.values.test)).toEqual(['putc']);
  });
});

describe('a finding about a job with a huge name', () => {
  it('quotes the name’s start and its length, not 20 kB of it', () => {
    expect(nameInMessage('random-write-buf')).toBe('random-write-buf');
    const hostile = '<img src=x onerror=alert(1)>'.repeat(700);
    expect(nameInMessage(hostile)).toBe(`${hostile.slice(0, 59)}… (${hostile.length} characters)`);
  });
});
