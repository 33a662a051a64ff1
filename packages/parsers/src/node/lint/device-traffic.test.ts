import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedExperiment, LoadedOutput, LoadedRun } from '../../content/loaded.ts';
import type { Run } from '../../content/run-schema.ts';
import { parse } from '../../index.ts';
import { loadContent } from '../load-content.ts';
import { deviceUnderTest } from './device-logs.ts';
import { deviceTrafficFindings } from './device-traffic.ts';
import type { LintFinding, OutputLintInput } from './finding.ts';
import { fioJobWindows } from './job-windows.ts';
import { lint } from './lint.ts';

// BF005 and BF006 on real outputs: fio and iostat run here on an ext4 filesystem on a loop device
// (nothing else uses it), four one-job fio runs under one iostat -x -t log, as benchfolio-run
// runs them; and the loopback seed, whose jobs are placed by their epoch logs. Values asserted
// are read off the raw outputs.

const RESULTS = new URL('../../../../../content/results/', import.meta.url).pathname;
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';

let work = '';
let image = '';
let device = '';
const outputs: { file: string; text: string }[] = [];
let sadfOutput = { file: 'sadf.json', text: '' };
let findings: LintFinding[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The reports iostat has printed so far (each starts with its ISO timestamp). */
const iostatReports = () => readFileSync(join(work, 'iostat.txt'), 'utf8').match(/^\d{4}-\d\d-\d\dT/gm)?.length ?? 0;

/** The samples of the loop device sadc has written so far (sadf reads a file sadc is still writing). */
function sadcReports(): number {
  try {
    const sadf = execFileSync('sadf', ['-j', join(work, 'sa.dat'), '--', '-d', '-p'], { encoding: 'utf8' });
    return sadf.split(`"disk-device": "${device.replace('/dev/', '')}"`).length - 1;
  } catch {
    return 0; // not written yet
  }
}

/**
 * Waits until iostat and sadc have each printed `more` reports beyond those they had. The
 * collectors start and report as late as a busy machine lets them: a fixed sleep once left the
 * first job before iostat's first interval, and the rules rightly judged nothing. No time limit
 * but the hook's.
 */
async function untilMoreReports(more: number): Promise<void> {
  const [iostatHad, sadcHad] = [iostatReports(), sadcReports()];
  while (iostatReports() < iostatHad + more || sadcReports() < sadcHad + more) await sleep(200);
}

function fio(name: string, options: string): string {
  const args = `--name=${name} --filename=${join(work, 'mnt', 'data')} --size=64m --time_based ${options}`;
  return execFileSync('sh', ['-c', `fio ${args} --output-format=json`], { encoding: 'utf8' });
}

/** What lint reads of a run folder, built from the outputs made here. */
function runOf(
  made: readonly { file: string; text: string }[],
  mkfs: string,
): { run: LoadedRun; inputs: OutputLintInput[] } {
  const loaded: LoadedOutput[] = made.map(({ file, text }) => ({
    file,
    path: join(work, file),
    sizeBytes: text.length,
    declared: { file, repeat: 1 } as LoadedOutput['declared'],
    parsed: parse(text),
  }));
  const run = {
    id: 'here',
    dir: work,
    run: { system: { filesystem: { type: 'ext4', mkfs } } } as Run,
    outputs: loaded,
  };
  const inputs = loaded.map((output, index) => ({
    ...{ experiment: 'here', run: 'here', file: output.file, workload: output.file },
    ...{ text: made[index]?.text ?? '', parsed: output.parsed },
  }));
  return { run, inputs };
}

function lintRun(made: readonly { file: string; text: string }[], mkfs: string): LintFinding[] {
  const { run, inputs } = runOf(made, mkfs);
  return deviceTrafficFindings({ experiment: {} as LoadedExperiment, runs: [{ run, outputs: inputs }] });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'benchfolio-lint-device-'));
  image = join('/dev/shm', `${work.split('/').at(-1)}.img`);
  execFileSync('truncate', ['-s', '512M', image]);
  device = execFileSync('losetup', ['-f', '--show', image], { encoding: 'utf8' }).trim();
  execFileSync('mkfs.ext4', ['-q', '-b', '4096', device]);
  mkdirSync(join(work, 'mnt'));
  execFileSync('mount', [device, join(work, 'mnt')]);
  // The data file, written through the page cache and synced: it stays in memory.
  execFileSync('sh', [
    '-c',
    `fio --name=prep --filename=${join(work, 'mnt', 'data')} --rw=write --bs=1M --size=64m --output=/dev/null && sync`,
  ]);
  const log = openSync(join(work, 'iostat.txt'), 'w');
  const name = device.replace('/dev/', '');
  const iostat = spawn('iostat', ['-x', '-t', '-k', '1', name], {
    env: { ...process.env, S_TIME_FORMAT: 'ISO', LC_ALL: 'C' },
    stdio: ['ignore', log, log],
  });
  // sadc beside it, every second, into a data file that sadf -j reads afterwards.
  const sadc = spawn('/usr/lib/sysstat/sadc', ['-S', 'DISK', '1', join(work, 'sa.dat')], { stdio: 'ignore' });
  // iostat's first report is since boot; three make whole intervals before the first job.
  await untilMoreReports(3);
  outputs.push({
    file: 'fio--cached-read.txt',
    text: fio('cached-read', '--rw=read --bs=1M --invalidate=0 --runtime=3'),
  });
  outputs.push({ file: 'fio--direct-read.txt', text: fio('direct-read', '--rw=read --bs=1M --direct=1 --runtime=3') });
  // 512-byte writes into cached 4 KiB pages, 256 to an fsync: each fsync writes whole pages.
  outputs.push({
    file: 'fio--small-writes.txt',
    text: fio('small-writes', '--rw=randwrite --bs=512 --invalidate=0 --fsync=256 --runtime=4'),
  });
  outputs.push({
    file: 'fio--direct-write.txt',
    text: fio('direct-write', '--rw=write --bs=1M --direct=1 --runtime=3'),
  });
  // Two more reports of each after the last job: its seconds lie inside both logs.
  await untilMoreReports(2);
  for (const collector of [iostat, sadc]) {
    collector.kill('SIGINT');
    await new Promise((resolve) => collector.once('exit', resolve));
  }
  closeSync(log);
  outputs.push({ file: 'iostat.txt', text: readFileSync(join(work, 'iostat.txt'), 'utf8') });
  const sadf = execFileSync('sadf', ['-j', join(work, 'sa.dat'), '--', '-d', '-p'], { encoding: 'utf8' });
  sadfOutput = { file: 'sadf.json', text: sadf };
  findings = lintRun(outputs, `mkfs.ext4 -q -b 4096 ${device}`);
}, 120_000);

afterAll(() => {
  if (device !== '') {
    execFileSync('umount', [join(work, 'mnt')]);
    execFileSync('losetup', ['-d', device]);
  }
  rmSync(image, { force: true });
  rmSync(work, { recursive: true, force: true });
});

const textOf = (file: string) => outputs.find((output) => output.file === file)?.text ?? '';
/** The raw line a finding points at, trimmed. */
const shown = (file: string, found: LintFinding | undefined) =>
  (textOf(file).split('\n')[(found?.line ?? 0) - 1] ?? '').trim();
const of = (rule: string, file: string) => findings.filter((found) => found.rule === rule && found.file === file);

/** fio's JSON `"io_bytes" : N` of the job's read (the first) or write (the second). */
function ioBytes(file: string, direction: 'read' | 'write'): number {
  const all = [...textOf(file).matchAll(/"io_bytes" : (\d+)/g)].map((match) => Number(match[1]));
  return all[direction === 'read' ? 0 : 1] ?? Number.NaN;
}

/** The device's `rkB/s` or `wkB/s` in the iostat reports from `line` on, `count` of them, as B (1 s each). */
function iostatBytes(line: number, count: number, column: 'rkB/s' | 'wkB/s'): number {
  const lines = textOf('iostat.txt').split('\n');
  const header = lines.find((text) => text.startsWith('Device')) ?? '';
  const index = header.split(/\s+/).indexOf(column);
  const rows = lines.slice(line - 1).filter((text) => text.startsWith(`${device.replace('/dev/', '')} `));
  return rows.slice(0, count).reduce((sum, row) => sum + Number(row.split(/\s+/)[index]) * 1024, 0);
}

describe('BF005: reads the device did not see', () => {
  it('trips on a cached buffered read (invalidate=0): fio read GiBs, the loop device next to nothing', () => {
    const [found, ...rest] = of('BF005', 'fio--cached-read.txt');
    expect(rest).toEqual([]);
    // fio's JSON: "read" : { "io_bytes" : N, ...
    expect(found?.values.toolBytes).toBe(ioBytes('fio--cached-read.txt', 'read'));
    const { deviceLogLine, intervals, deviceBytes } = found?.values ?? {};
    expect(deviceBytes).toBeCloseTo(iostatBytes(deviceLogLine as number, intervals as number, 'rkB/s'), -3);
    expect(deviceBytes as number).toBeLessThan(0.1 * (found?.values.toolBytes as number));
    expect(found?.severity).toBe('error');
    expect(shown('fio--cached-read.txt', found)).toBe('"read" : {');
  });

  it('does not trip on a direct read of the same file (the device read what fio read)', () => {
    expect(of('BF005', 'fio--direct-read.txt')).toEqual([]);
    expect(ioBytes('fio--direct-read.txt', 'read')).toBeGreaterThan(16 * 2 ** 20);
  });
});

describe('BF006: the device wrote far more than the tool', () => {
  it('trips on 512-byte writes to cached pages with an fsync every 256 (whole 4 KiB pages reach the device)', () => {
    const [found, ...rest] = of('BF006', 'fio--small-writes.txt');
    expect(rest).toEqual([]);
    const { deviceLogLine, intervals, deviceBytes, ratio } = found?.values ?? {};
    expect(deviceBytes).toBeCloseTo(iostatBytes(deviceLogLine as number, intervals as number, 'wkB/s'), -3);
    expect(ratio as number).toBeGreaterThan(2);
    expect(found?.severity).toBe('note');
    expect(shown('fio--small-writes.txt', found)).toBe('"write" : {');
  });

  it('does not trip on direct 1 MiB writes, nor on reads', () => {
    expect(of('BF006', 'fio--direct-write.txt')).toEqual([]);
    expect(ioBytes('fio--direct-write.txt', 'write')).toBeGreaterThan(16 * 2 ** 20);
    expect(findings.filter((found) => found.file.includes('read') && found.rule === 'BF006')).toEqual([]);
  });

  it('neither rule judges a run whose mkfs names no device iostat printed', () => {
    expect(lintRun(outputs, 'mkfs.ext4 /dev/sdz')).toEqual([]);
  });
});

describe('with sadf -j in place of iostat', () => {
  it('gives the same findings on the same jobs: sadc sampled the loop device every second beside iostat', () => {
    const fioOnly = outputs.filter((output) => output.file.startsWith('fio--'));
    const withSadf = lintRun([...fioOnly, sadfOutput], `mkfs.ext4 -q -b 4096 ${device}`);
    // sadf -j: {"timestamp": {"date": ..., "time": ..., "utc": 1, "interval": 1}, "disk": [{"disk-device": "loopN", ...
    expect(sadfOutput.text).toContain(`"disk-device": "${device.replace('/dev/', '')}"`);
    expect(withSadf.map((found) => [found.rule, found.file])).toEqual(
      findings.map((found) => [found.rule, found.file]),
    );
    expect(withSadf.every((found) => found.values.deviceLogFile === 'sadf.json')).toBe(true);
  });
});

describe('on the loopback seed', () => {
  it('places the 8 fio jobs of each run by their epoch logs on loop0, and finds neither rule (writes within 2× of fio’s)', async () => {
    const experiment = (await loadContent(join(RESULTS, LOOPBACK))).experiments[0] as LoadedExperiment;
    for (const run of experiment.runs) {
      const devices = new Set(['loop0', 'vda']);
      expect(deviceUnderTest(run, devices)).toBe('loop0');
      const inputs = run.outputs.map((output) => ({
        ...{ experiment: LOOPBACK, run: run.id, file: output.file, workload: output.file },
        ...{ text: readFileSync(output.path, 'utf8'), parsed: output.parsed },
      }));
      const windows = fioJobWindows(run, inputs);
      expect(windows.map((window) => window.source)).toEqual(Array(8).fill('epoch-logs'));
    }
    const found = lint(experiment).filter((f) => f.rule === 'BF005' || f.rule === 'BF006');
    expect(found).toEqual([]);
  }, 60_000);

  it('places no job whose logs two fio outputs could own (the repeats without run.yaml `repeat`)', async () => {
    const experiment = (await loadContent(join(RESULTS, LOOPBACK))).experiments[0] as LoadedExperiment;
    const run = experiment.runs[0] as LoadedRun;
    const unnumbered = run.outputs.map((output) => ({
      ...output,
      declared: { ...output.declared, repeat: undefined },
    }));
    const inputs = unnumbered.map((output) => ({
      ...{ experiment: LOOPBACK, run: run.id, file: output.file, workload: output.file },
      ...{ text: readFileSync(output.path, 'utf8'), parsed: output.parsed },
    }));
    expect(fioJobWindows({ ...run, outputs: unnumbered }, inputs)).toEqual([]);
  }, 60_000);

  it('gives no window without the logs: a fio output of four jobs alone is not placed (never a guess)', async () => {
    const experiment = (await loadContent(join(RESULTS, LOOPBACK))).experiments[0] as LoadedExperiment;
    const run = experiment.runs[0] as LoadedRun;
    const fioOnly = run.outputs.filter((output) => output.parsed.tool === 'fio');
    const inputs = fioOnly.map((output) => ({
      ...{ experiment: LOOPBACK, run: run.id, file: output.file, workload: output.file },
      ...{ text: readFileSync(output.path, 'utf8'), parsed: output.parsed },
    }));
    expect(fioJobWindows({ ...run, outputs: fioOnly }, inputs)).toEqual([]);
  }, 60_000);
});
