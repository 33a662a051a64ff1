import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { standInParser } from '../../test/stand-in-parser.ts';
import { createRegistry } from '../registry.ts';
import { PROGRESS_MIN_BYTES, progressBar, renderProgress, shouldShowProgress } from './progress.ts';
import { runCli } from './run.ts';

const registry = createRegistry([standInParser('fio', 'tool:fio')]);
const dir = mkdtempSync(join(tmpdir(), 'benchfolio-cli-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const good = file('good.txt', 'tool:fio\r\niops=7118\r\n');
const good2 = file('good2.txt', 'tool:fio\nruntime=10481\n');
const broken = file('broken.txt', 'tool:fio\niops=7118\niops=lots\n');
const notes = file('notes.txt', '\nHello, world\n');

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const status = await runCli(
    argv,
    { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } },
    registry,
  );
  return { status, stdout, stderr };
}

describe('benchfolio parse', () => {
  it('prints one object for one file, with the file name', async () => {
    const { status, stdout } = await run('parse', good);
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ file: good, tool: 'fio', format: 'kv', result: { iops: 7118 } });
  });

  it('prints an array for several files', async () => {
    const { stdout } = await run('parse', good, good2);
    expect(JSON.parse(stdout).map((o: { file: string }) => o.file)).toEqual([good, good2]);
  });

  it('--tidy prints the measurements, labelled by file when there are several', async () => {
    expect(JSON.parse((await run('parse', '--tidy', good)).stdout)).toEqual([
      { tool: 'fio', metric: 'iops', unit: 'count', value: 7118, labels: {} },
    ]);
    const several = JSON.parse((await run('parse', '--tidy', good, good2)).stdout);
    expect(several.map((m: { labels: { file: string } }) => m.labels.file)).toEqual([good, good2]);
  });

  it('--ndjson prints one line per output: the typed piece with its file, without measurements', async () => {
    const { status, stdout } = await run('parse', '--ndjson', good, good2);
    expect(status).toBe(0);
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { file: good, tool: 'fio', format: 'kv', toolVersion: null, result: { iops: 7118 }, warnings: [] },
      { file: good2, tool: 'fio', format: 'kv', toolVersion: null, result: { runtime: 10481 }, warnings: [] },
    ]);
  });

  it('--ndjson --tidy prints one measurement per line', async () => {
    const { stdout } = await run('parse', '--ndjson', '--tidy', good, good2);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { tool: 'fio', metric: 'iops', unit: 'count', value: 7118, labels: {} },
      { tool: 'fio', metric: 'runtime', unit: 'count', value: 10481, labels: {} },
    ]);
  });

  it('--ndjson prints the files before a broken one, reports it and goes on', async () => {
    const { status, stdout, stderr } = await run('parse', '--ndjson', good, broken, good2);
    expect(status).toBe(1);
    expect(
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).file),
    ).toEqual([good, good2]);
    expect(stderr).toContain('[UNEXPECTED_LINE]');
  });

  it('reports a parse error as FILE:LINE:COL: message [CODE] with the line, exits 1, and goes on', async () => {
    const { status, stdout, stderr } = await run('parse', broken, good);
    expect(status).toBe(1);
    expect(stderr.split('\n')[0]).toBe(`${broken}:3:1: expected key=number [UNEXPECTED_LINE]`);
    expect(stderr).toContain('    iops=lots\n    ^');
    expect(JSON.parse(stdout)).toHaveLength(1);
  });

  it('rejects a text that is no benchmark output with UNKNOWN_FORMAT naming the file', async () => {
    const { status, stderr } = await run('parse', notes);
    expect(status).toBe(1);
    expect(stderr).toMatch(
      new RegExp(`^${escapeRegExp(notes)}:2:1: not a recognised benchmark output.*\\[UNKNOWN_FORMAT\\]`),
    );
  });

  it('prints nothing to standard output when no file could be parsed', async () => {
    expect((await run('parse', '--tidy', broken)).stdout).toBe('');
    expect((await run('parse', broken)).stdout).toBe('');
  });

  it('a missing file is exit 2', async () => {
    const { status, stderr } = await run('parse', join(dir, 'missing.txt'));
    expect(status).toBe(2);
    expect(stderr).toContain('missing.txt: cannot read: no such file');
  });
});

describe('benchfolio detect', () => {
  it('names tool, format and version', async () => {
    const { status, stdout } = await run('detect', good);
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ file: good, tool: 'fio', format: 'kv', version: null, confidence: 0.9 });
  });

  it('exits 1 with UNKNOWN_FORMAT for an unrecognised file', async () => {
    const { status, stderr } = await run('detect', notes);
    expect(status).toBe(1);
    expect(stderr).toBe(`${notes}:1:1: not a recognised benchmark output [UNKNOWN_FORMAT]\n`);
  });
});

describe('usage errors exit 2', () => {
  it.each([
    [[]],
    [['frobnicate']],
    [['parse']],
    [['parse', '--tool', 'nginx', 'x']],
    [['parse', '--no-such-flag', 'x']],
  ])('benchfolio %j', async (argv) => {
    const { status, stderr } = await run(...argv);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^benchfolio: .*\nRun "benchfolio --help" for usage\.\n$/);
  });

  it('--help prints the usage and exits 0', async () => {
    const { status, stdout } = await run('--help');
    expect(status).toBe(0);
    expect(stdout).toContain('benchfolio parse [--tool T] [--format F] [--tool-version V] [--tidy] [--ndjson] FILE...');
  });
});

describe('the progress bar', () => {
  it('shows only on a terminal, for inputs over 50 MB', () => {
    expect(shouldShowProgress(PROGRESS_MIN_BYTES + 1, true)).toBe(true);
    expect(shouldShowProgress(PROGRESS_MIN_BYTES + 1, false)).toBe(false);
    expect(shouldShowProgress(PROGRESS_MIN_BYTES, true)).toBe(false);
    expect(shouldShowProgress(undefined, true)).toBe(false);
  });

  it('renders the fraction read', () => {
    expect(renderProgress('iostat.log', 256 * 1024 * 1024, 512 * 1024 * 1024)).toBe(
      'iostat.log [###############...............]  50%  256/512 MiB',
    );
  });

  it('clears its line when done', () => {
    let written = '';
    const bar = progressBar('x', { write: (t: string) => (written += t) });
    bar.onProgress({ bytesRead: 1, totalBytes: 2 });
    bar.finish();
    expect(written.endsWith('\r\u001b[2K')).toBe(true);
  });
});

describe('the benchfolio executable', () => {
  const main = new URL('./main.ts', import.meta.url).pathname;
  const exec = promisify(execFile);
  const runBin = (...args: string[]) =>
    exec(process.execPath, [main, ...args]).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('--version prints the package version', async () => {
    const { code, stdout } = await runBin('--version');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('stops quietly when its reader closes the pipe early (`| head -n 1`)', async () => {
    // A real iostat log made here, written 200 times over: far more than a pipe holds.
    const real = readFileSync(
      new URL('../../fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt', import.meta.url),
      'utf8',
    );
    const bannerEnd = real.indexOf('\n\n') + 2;
    const log = file('pipe-iostat.txt', real.slice(0, bannerEnd) + real.slice(bannerEnd).repeat(200));
    const child = spawn(process.execPath, [main, 'parse', '--ndjson', log], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // Read one chunk, then close the pipe as `head` does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('sets the exit status: 1 for an unrecognised input, 2 for wrong usage', async () => {
    expect((await runBin('parse', notes)).code).toBe(1);
    expect((await runBin('parse')).code).toBe(2);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
