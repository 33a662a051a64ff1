import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { internalErrorText } from './failure.ts';
import { MAX_WHOLE_INPUT_BYTES } from './read-whole.ts';

// Every command of the CLI, run as a user runs it (a child process), on inputs a hostile or
// careless contributor gives: a folder, a named pipe, a file name that is not UTF-8, a file no
// one can read, a file over the limit, binary junk, outputs past the parsers' limits made from
// real ones, and a reader that closes the pipe. Each ends with `FILE:LINE:COL: message [CODE]`
// or `FILE: message` and a non-zero exit, never a stack trace.

const MAIN = new URL('./main.ts', import.meta.url).pathname;
const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url));
const REPO = new URL('../../../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'benchfolio-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const path = (name: string) => join(dir, name);
const folder = path('a-folder');
mkdirSync(folder);
// A name of Latin-1 bytes ("r\xe9sultat.txt"), as an old system writes it: not UTF-8.
const latin1Name = Buffer.concat([Buffer.from(`${dir}/r`), Buffer.from([0xe9]), Buffer.from('sultat.txt')]);
writeFileSync(latin1Name, fixture('dd/dd-9.1--direct.input.txt'));
// A sparse file a little over the limit of an input read whole: no disk space taken.
const sparse = path('sparse.txt');
writeFileSync(sparse, '');
truncateSync(sparse, MAX_WHOLE_INPUT_BYTES + 1);
// Binary junk: the first 200 KB of the node executable.
const junk = path('junk.bin');
writeFileSync(junk, readFileSync(process.execPath).subarray(0, 200_000));
// A real fio json+ output whose first job name is 10 MB of "a", and a real dd report written
// 333,333 times (a 31 MB log): the inputs that crashed `fingerprint` and `parse`.
const fioJson = fixture('fio/fio-3.33--randrw-2jobs-direct.jsonplus.json').toString();
const longName = path('fio-long-name.json');
writeFileSync(longName, fioJson.replace('"jobname" : "randrw"', `"jobname" : "${'a'.repeat(10_000_000)}"`));
const jobNameLine = fioJson.slice(0, fioJson.indexOf('"jobname"')).split('\n').length;
const ddReport = fixture('dd/dd-9.1--direct.input.txt').toString();
const bigDd = path('dd-31mb.log');
writeFileSync(bigDd, ddReport.repeat(333_333));
/** Readable by no one, root included: the kernel refuses reads of a process's memory at 0. */
const unreadable = '/proc/self/mem';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Where an argument stands for the Latin-1 name: spawn passes strings as UTF-8, so a shell makes its bytes. */
const LATIN1_ARG = '@latin1-name@';
const RUN_WITH_LATIN1_NAME = `dir=$1; shift
for arg; do
  shift
  if [ "$arg" = "${LATIN1_ARG}" ]; then arg=$(printf '%s/r\\351sultat.txt' "$dir"); fi
  set -- "$@" "$arg"
done
exec "$NODE" "$MAIN" "$@"`;

/** Runs the CLI; `closeAfterFirstChunk` closes standard output after its first chunk, as `| head -1` does. */
function runBin(args: readonly string[], options: { closeAfterFirstChunk?: boolean } = {}): Promise<Run> {
  const child = spawn('sh', ['-c', RUN_WITH_LATIN1_NAME, 'sh', dir, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BENCHFOLIO_DEBUG: '', NODE: process.execPath, MAIN },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (options.closeAfterFirstChunk === true) child.stdout.destroy();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** The error lines: every line of standard error but the snippets under them (indented 4). */
function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line !== '' && !line.startsWith('    '));
}

const POSITIONED = /^(.+):(\d+):(\d+): .+ \[[A-Z]+(?:_[A-Z]+)*\]$/;
const UNPOSITIONED = /^(.+): \S.*$/;

function expectOneLineErrors(run: Run, files: readonly string[]): void {
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stderr).not.toContain('node:internal');
  expect(run.code).not.toBe(0);
  const lines = errorLines(run.stderr);
  expect(lines).toHaveLength(files.length);
  lines.forEach((line, index) => {
    expect(line.startsWith(`${files[index]}:`), line).toBe(true);
    expect(POSITIONED.test(line) || UNPOSITIONED.test(line), line).toBe(true);
  });
}

describe('every file command on hostile inputs', () => {
  const files = [folder, LATIN1_ARG, unreadable, sparse, junk, longName, bigDd];
  // How each file is named in the message: the non-UTF-8 name as Node reads it, with U+FFFD.
  const shown = files.map((file) => (file === LATIN1_ARG ? `${dir}/r\uFFFDsultat.txt` : file));

  it.each([['parse'], ['parse', '--tidy'], ['parse', '--ndjson'], ['fingerprint'], ['fingerprint', '--json']])(
    'benchfolio %s ... tells of each in one line and exits non-zero',
    async (...command) => {
      const run = await runBin([...command, ...files]);
      // parse --ndjson streams a dd log of any length (dd/stream.ts), one run at a time: the 31 MB
      // log is no error there; read whole, it is over the dd limit.
      const isStreamed = command.includes('--ndjson');
      expectOneLineErrors(run, isStreamed ? shown.slice(0, -1) : shown);
      const lines = errorLines(run.stderr);
      expect(lines[0]).toBe(`${folder}: cannot read: it is a folder, not a file`);
      expect(lines[1]).toBe(
        `${shown[1]}: cannot read: no such file: its name is not valid UTF-8, and benchfolio opens UTF-8 file names only`,
      );
      expect(lines[2]).toMatch(/^\/proc\/self\/mem: cannot read: /);
      if (command.includes('--ndjson')) {
        // Streamed: the sparse file's NUL bytes are one line, refused at the limit.
        expect(lines[3]).toMatch(new RegExp(`^${sparse}:1:65537: line is longer than .* \\[LINE_TOO_LONG\\]$`));
      } else {
        expect(lines[3]).toBe(
          `${sparse}: its 268,435,457 bytes are over the limit of an input read whole, 256 MiB (268,435,456 bytes); benchfolio parse --ndjson reads a log of any size`,
        );
      }
      expect(lines[4]).toMatch(new RegExp(`^${junk}:\\d+:\\d+: .*\\[(?:UNKNOWN_FORMAT|LINE_TOO_LONG)\\]$`));
      expect(lines[5]).toMatch(new RegExp(`^${longName}:${jobNameLine}:65537: .*\\[LINE_TOO_LONG\\]$`));
      if (isStreamed) expect(run.stdout).toContain('"tool":"dd"');
      else expect(lines[6]).toMatch(new RegExp(`^${bigDd}:\\d+:\\d+: the dd output is longer than .*\\[TOO_LARGE\\]$`));
      // The snippet under binary junk shows no control character (no terminal escape gets through).
      // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them.
      expect(run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    },
  );

  it('benchfolio detect ... tells of each in one line', async () => {
    const run = await runBin(['detect', folder, LATIN1_ARG, unreadable, junk]);
    expectOneLineErrors(run, [folder, shown[1] as string, unreadable, junk]);
  });

  it('a named pipe is read as its writer writes it: junk gives UNKNOWN_FORMAT, no stack', async () => {
    const fifo = path('pipe');
    await new Promise<void>((resolve, reject) =>
      spawn('mkfifo', [fifo]).on('close', (code) => (code === 0 ? resolve() : reject(new Error(`mkfifo ${code}`)))),
    );
    const writer = spawn('sh', ['-c', `head -c 100000 "${junk}" > "${fifo}"`]);
    const run = await runBin(['parse', fifo]);
    writer.kill();
    expectOneLineErrors(run, [fifo]);
  });
});

describe('the content commands on hostile folders', () => {
  // A real experiment copied, with a raw output whose name is not UTF-8 beside its own.
  const experiments = path('results');
  const experiment = join(experiments, '2011-07-ext3-ext4-xfs-fio-msa70');
  cpSync(join(REPO, 'content/results/2011-07-ext3-ext4-xfs-fio-msa70'), experiment, { recursive: true });
  const runDir = join(experiment, 'runs', 'ext4');
  writeFileSync(
    Buffer.concat([Buffer.from(`${runDir}/fio--`), Buffer.from([0xe9]), Buffer.from('.txt')]),
    readFileSync(join(runDir, 'fio--ext4.txt')),
  );

  it.each([['validate'], ['summarize']])('benchfolio %s ends with one-line errors', async (command) => {
    const run = await runBin([command, experiments]);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.code).not.toBe(0);
    for (const line of errorLines(run.stderr))
      expect(POSITIONED.test(line) || UNPOSITIONED.test(line), line).toBe(true);
  });

  it("benchfolio validate refuses a 10 MB job name and a 5 MB dd log by the parsers' limits, before a build", async () => {
    const limits = path('results-over-limits');
    const copy = join(limits, '2011-07-ext3-ext4-xfs-fio-msa70');
    cpSync(join(REPO, 'content/results/2011-07-ext3-ext4-xfs-fio-msa70'), copy, { recursive: true });
    // The ext4 run's real fio 1.57 output, its first job's name 10 MB long in the results.
    const fio = join(copy, 'runs', 'ext4', 'fio--ext4.txt');
    const text = readFileSync(fio, 'utf8');
    const results = text.indexOf('random-write-direct: (groupid');
    writeFileSync(
      fio,
      text.slice(0, results) + text.slice(results).replace('random-write-direct', 'a'.repeat(10_000_000)),
    );
    const fioLine = text.slice(0, results).split('\n').length;
    // The ext3 run gets a dd log of 54,000 real reports, listed in its run.yaml.
    const ext3 = join(copy, 'runs', 'ext3');
    writeFileSync(join(ext3, 'dd--loop.log'), ddReport.repeat(54_000));
    const runYaml = readFileSync(join(ext3, 'run.yaml'), 'utf8');
    writeFileSync(
      join(ext3, 'run.yaml'),
      runYaml.replace('outputs:\n', 'outputs:\n  - file: dd--loop.log\n    tool: dd\n'),
    );
    const run = await runBin(['validate', limits]);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    const lines = errorLines(run.stderr);
    expect(
      lines.some((line) => /runs\/ext3\/dd--loop\.log:\d+:\d+: the dd output is longer .*\[TOO_LARGE\]$/.test(line)),
    ).toBe(true);
    const fioError = new RegExp(`runs/ext4/fio--ext4\\.txt:${fioLine}:65537: line is longer .*\\[LINE_TOO_LONG\\]$`);
    expect(lines.some((line) => fioError.test(line))).toBe(true);
  });

  it('benchfolio export on a file, not a folder, says so in one line', async () => {
    const run = await runBin(['export', '--parquet', path('out'), junk]);
    expectOneLineErrors(run, [junk]);
  });
});

describe('a reader that closes the pipe early (`| head -1`)', () => {
  it.each([['parse'], ['parse', '--tidy'], ['fingerprint', '--json']])(
    'benchfolio %s on a long dd log stops quietly with exit 0',
    async (...command) => {
      // 11,000 real reports: under the dd limit, and megabytes of JSON, far more than a pipe holds.
      const log = path('dd-11k.log');
      writeFileSync(log, ddReport.repeat(11_000));
      const run = await runBin([...command, log], { closeAfterFirstChunk: true });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
    },
  );
});

describe('a standard output that cannot be written', () => {
  it('a full disk (/dev/full) is one line and exit 2', async () => {
    const report = join(REPO, 'packages/parsers/fixtures/dd/dd-9.1--direct.input.txt');
    const child = spawn('sh', ['-c', 'exec "$NODE" "$MAIN" parse "$1" > /dev/full', 'sh', report], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NODE: process.execPath, MAIN },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toBe('benchfolio: cannot write standard output: ENOSPC: no space left on device, write\n');
  });
});

describe('an unexpected error', () => {
  it('is one line with the INTERNAL hint, and the stack only with BENCHFOLIO_DEBUG=1', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'x')\nsecond line");
    const quiet = internalErrorText(error, 'benchfolio', {});
    expect(quiet).toMatch(/^benchfolio: internal error: TypeError: Cannot read .* second line \(.*\) \[INTERNAL\]\n$/);
    expect(internalErrorText(error, 'benchfolio', { BENCHFOLIO_DEBUG: '1' })).toContain('    at ');
  });
});
