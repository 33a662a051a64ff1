import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedExperiment } from '../../content/loaded.ts';
import { parse } from '../../index.ts';
import { loadContent } from '../load-content.ts';
import type { LintFinding, OutputLintInput } from './finding.ts';
import { lint, lintOutput } from './lint.ts';

// The errors and incomplete-runs rules BF105-BF109, each on a real output that trips it and one
// that does not: outputs of the real fio and dd made here, the corpus's sysbench and fio
// outputs, and the seeds in content/results. Values asserted are read off the raw lines quoted.

const ROOT = new URL('../../../../../', import.meta.url).pathname;
const CORPUS = join(ROOT, 'packages/parsers/fixtures/corpus');
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';

let work = '';
const seeds = new Map<string, LintFinding[]>();

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'benchfolio-lint-errors-'));
  for (const id of [LOOPBACK, MSA70]) {
    const report = await loadContent(join(ROOT, 'content/results', id));
    seeds.set(id, lint(report.experiments[0] as LoadedExperiment));
  }
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An output as lintOutput reads it, from its text. */
function input(file: string, text: string, command?: string): OutputLintInput {
  return { experiment: 'here', run: 'here', file, text, parsed: parse(text), workload: file, command };
}

function findingsOf(rule: string, file: string, text: string, command?: string): LintFinding[] {
  return lintOutput(input(file, text, command)).filter((found) => found.rule === rule);
}

/** The raw line a finding points at, from its column on. */
function shown(text: string, found: LintFinding | undefined): string {
  return (text.split('\n')[(found?.line ?? 0) - 1] ?? '').slice((found?.column ?? 1) - 1);
}

const seedFindings = (rule: string) => [...seeds.values()].flat().filter((found) => found.rule === rule);

/** Runs a command through sh with LC_ALL=C, its stderr with its stdout. */
function sh(command: string): string {
  const result = spawnSync('sh', ['-c', `LC_ALL=C ${command} 2>&1`], { cwd: work, encoding: 'utf8' });
  return result.stdout;
}

describe('BF105: fio short or dropped I/Os', () => {
  it('trips on fio reading /dev/kmsg here (a read returns one log record, less than bs=4k), at short=', () => {
    const text = sh('fio --name=kmsg --filename=/dev/kmsg --rw=read --bs=4k --size=64k --output-format=normal,json');
    // "     issued rwts: total=22,0,0,0 short=22,0,0,0 dropped=0,0,0,0" (the counts vary with the log)
    const issued = /issued rwts: total=(\d+),\d+,\d+,\d+ short=(\d+),/.exec(text);
    expect(Number(issued?.[2])).toBeGreaterThan(0);
    const found = findingsOf('BF105', 'fio-kmsg.txt', text);
    expect(found).toHaveLength(1);
    expect(found[0]?.values).toMatchObject({ shortIos: Number(issued?.[2]), issuedIos: Number(issued?.[1]) });
    expect(shown(text, found[0])).toMatch(/^short=[1-9]\d*,0,0,0 dropped=0,0,0,0$/);
  }, 30_000);

  it('trips on a fio UDP receiver here (fio net engine: datagrams lost between two fio processes), at dropped=', async () => {
    const port = String(20000 + (process.pid % 20000));
    const net = `--ioengine=net --protocol=udp --port=${port} --bs=32k --size=128m`;
    const receiver = spawn('sh', ['-c', `LC_ALL=C timeout 30 fio --name=rx ${net} --rw=read 2>&1`], { cwd: work });
    let text = '';
    receiver.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    const ended = new Promise((resolve) => receiver.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    sh(`timeout 30 fio --name=tx ${net} --hostname=127.0.0.1 --rw=write`);
    await ended;
    // "     issued rwts: total=131,0,0,0 short=0,0,0,0 dropped=3430,0,0,0" (the counts vary)
    const issued = /issued rwts: total=(\d+),0,0,0 short=0,0,0,0 dropped=(\d+),0,0,0/.exec(text);
    expect(Number(issued?.[2])).toBeGreaterThan(0);
    const found = findingsOf('BF105', 'fio-udp.txt', text);
    expect(found.map((f) => f.values)).toEqual([
      { shortIos: 0, droppedIos: Number(issued?.[2]), issuedIos: Number(issued?.[1]) },
    ]);
    expect(shown(text, found[0])).toBe(`dropped=${issued?.[2]},0,0,0`);
  }, 60_000);

  it('does not trip on a count under a direction that issued nothing (fio 3.28 fdatasync), nor on the seeds', () => {
    const file = join(CORPUS, 'fio/k8s-homelab__fio-3.28-fdatasync-write.txt');
    const text = readFileSync(file, 'utf8');
    // "     issued rwts: total=0,5632,0,0 short=5631,0,0,0 dropped=0,0,0,0"
    expect(text).toContain('issued rwts: total=0,5632,0,0 short=5631,0,0,0 dropped=0,0,0,0');
    expect(findingsOf('BF105', 'fio-fdatasync.txt', text)).toEqual([]);
    expect(seedFindings('BF105')).toEqual([]);
  });
});

describe('BF106: a time_based fio job that ended well before its runtime', () => {
  it('trips on a time_based=1 runtime=10 job stopped by SIGINT after 2 s here, at its (.../Nmsec)', () => {
    const job = join(work, 'tb.fio');
    const data = join(work, 'tb.dat');
    writeFileSync(job, `[tb]\nfilename=${data}\nrw=write\nbs=4k\nsize=1m\ntime_based=1\nruntime=10\n`);
    const text = sh(`timeout -s INT 2 fio --output-format=normal,json ${job}`);
    // "  write: IOPS=..., BW=... (...)(...MiB/1316msec); 0 zone resets"
    const runtime = Number(/\/(\d+)msec\)/.exec(text)?.[1]);
    expect(runtime).toBeLessThan(9000);
    const found = findingsOf('BF106', 'fio-tb.txt', text);
    expect(found.map((f) => f.values)).toEqual([
      { runtimeMs: runtime, configuredRuntimeMs: 10000, share: Number((runtime / 10000).toPrecision(3)) },
    ]);
    expect(shown(text, found[0])).toMatch(new RegExp(`^/${runtime}msec\\)`));
  }, 30_000);

  it('does not trip on a job that ran its runtime (pbench, runtime 15005 ms of 15 s) or one ended at its steady state', () => {
    const pbench = readFileSync(join(CORPUS, 'fio/pbench__fio-3.7-client-server-json-with-preamble.txt'), 'utf8');
    // `"time_based" : "1",` `"runtime" : "15",` ... `"runtime" : 15005,`
    expect(pbench).toContain('"runtime" : 15005,');
    expect(findingsOf('BF106', 'pbench.txt', pbench)).toEqual([]);
    const steady = join(
      ROOT,
      'packages/parsers/fixtures/fio/fio-3.42--status-interval-steadystate-lat.normal-json.txt',
    );
    const text = readFileSync(steady, 'utf8');
    // "  steadystate  : attained=yes, ..." after "(159MiB/1868msec)" of runtime=3
    expect(text).toContain('steadystate  : attained=yes');
    expect(findingsOf('BF106', 'steady.txt', text)).toEqual([]);
  });
});

describe('BF107: sysbench ignored errors and reconnects', () => {
  it('trips on the PerfKitBenchmarker sysbench 1.0.12 OLTP output, at "ignored errors:"', () => {
    const text = readFileSync(join(CORPUS, 'sysbench/pkb__v1.0.12-oltp-report-interval-2s.txt'), 'utf8');
    // "    ignored errors:                      1      (0.03 per sec.)"
    const found = findingsOf('BF107', 'sysbench.txt', text);
    expect(found.map((f) => f.values)).toEqual([{ ignoredErrors: 1, reconnects: 0 }]);
    expect(shown(text, found[0])).toBe('ignored errors:                      1      (0.03 per sec.)');
  });

  it('does not trip on zero counts (VirtualClient sysbench 1.1.0 point-select)', () => {
    const text = readFileSync(join(CORPUS, 'sysbench/virtualclient__v1.1.0-oltp-point-select.txt'), 'utf8');
    // "    ignored errors:                      0      (0.00 per sec.)" and "reconnects: 0"
    expect(text).toMatch(/ignored errors:\s+0\s/);
    expect(findingsOf('BF107', 'sysbench.txt', text)).toEqual([]);
  });
});

describe('BF108 and BF109: dd partial records and error lines', () => {
  it('BF108 trips on dd reading a 1.5 MiB file with bs=1M here, at "1+1 records in"', () => {
    execFileSync('truncate', ['-s', '1572864', join(work, 'short.bin')]);
    const text = sh('dd if=short.bin of=/dev/null bs=1M');
    const found = findingsOf('BF108', 'dd.txt', text);
    expect(found.map((f) => f.values)).toEqual([{ partialRecordsIn: 1, partialRecordsOut: 1 }]);
    expect(shown(text, found[0])).toBe('1+1 records in');
  });

  it('BF109 trips on dd filling a 1 MiB tmpfs here, at "dd: error writing ... No space left on device"', () => {
    const mount = join(work, 'full');
    execFileSync('mkdir', ['-p', mount]);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount]);
    let text = '';
    try {
      text = sh(`dd if=/dev/zero of=${mount}/f bs=100k count=32`);
    } finally {
      execFileSync('umount', [mount]);
    }
    const found = findingsOf('BF109', 'dd.txt', text);
    expect(found).toHaveLength(1);
    expect(shown(text, found[0])).toBe(`dd: error writing '${mount}/f': No space left on device`);
    // "11+0 records in" / "10+0 records out": whole records only, so no BF108.
    expect(text).toMatch(/^\d+\+0 records out$/m);
    expect(findingsOf('BF108', 'dd.txt', text)).toEqual([]);
  });

  it('do not trip on the loopback dd outputs (128+0 records, no error lines)', () => {
    expect(seedFindings('BF108')).toEqual([]);
    expect(seedFindings('BF109')).toEqual([]);
  });
});
