import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatIssue, hasErrors, loadContent } from '@benchfolio/parsers/node';

// Helpers for the runner's tests: run scripts/benchfolio-run, wait for a line, check a folder.

export const REPO_ROOT = join(import.meta.dirname, '..', '..');
export const RUNNER = join(REPO_ROOT, 'scripts', 'benchfolio-run');
export const IS_ROOT = process.getuid?.() === 0;
export const IS_CI = process.env.CI !== undefined && process.env.CI !== '';

/** Whether a command is on PATH. */
export function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Started {
  child: ChildProcess;
  /** Resolves when standard error has printed a line matching the pattern. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  done: Promise<RunResult>;
}

/** Starts the runner with the arguments; the environment may add or replace variables. */
export function startRunner(args: string[], env: NodeJS.ProcessEnv = {}): Started {
  const child = spawn(RUNNER, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const waiter of [...waiters]) {
      const match = stderr.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match[0]);
      }
    }
  });
  const done = new Promise<RunResult>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return {
    child,
    done,
    waitFor(pattern, timeoutMs = 30_000) {
      const match = stderr.match(pattern);
      if (match) return Promise.resolve(match[0]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${pattern} on stderr in ${timeoutMs} ms:\n${stderr}`)),
          timeoutMs,
        );
        waiters.push({
          pattern,
          resolve: (line) => {
            clearTimeout(timer);
            resolve(line);
          },
        });
        void done.then(() => {
          clearTimeout(timer);
          reject(new Error(`the runner ended before ${pattern}:\n${stderr}`));
        });
      });
    },
  };
}

/** Runs the runner to its end. */
export function runRunner(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return startRunner(args, env).done;
}

/** A fresh temporary folder (removed by the caller). */
export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `benchfolio-run-${prefix}-`));
}

/** The names in a folder, or undefined when it does not exist. */
export async function listing(dir: string): Promise<string[] | undefined> {
  if (!existsSync(dir)) return undefined;
  return (await readdir(dir)).sort();
}

/** Writes a minimal experiment.yaml for runs the runner made in a test. */
export async function writeExperiment(dir: string, variable = 'kind: host'): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'experiment.yaml'),
    [
      'title: A test of scripts/benchfolio-run',
      'summary: Runs made by the runner test at tiny sizes; the numbers mean nothing.',
      'variable:',
      `  ${variable}`,
      `date: '${new Date().toISOString().slice(0, 7)}'`,
      'authors: [benchfolio tests]',
      'license: CC-BY-4.0',
      '',
    ].join('\n'),
  );
}

/**
 * The headline of a raw output, read here from the text as the tool printed it, apart from the
 * runner's scripts/lib/headline.sh: sysbench's events per second (MiB/sec for memory), or fio's
 * JSON bw_bytes of every job (read, write, trim) added up.
 */
export function printedHeadline(tool: string, text: string): number {
  if (tool === 'sysbench') {
    const events = /events per second:\s+([\d.]+)/.exec(text)?.[1];
    const memory = /MiB transferred \(([\d.]+) MiB\/sec\)/.exec(text)?.[1];
    return Number(memory ?? events);
  }
  const json = JSON.parse(text.slice(text.indexOf('{\n'), text.indexOf('\n}\n') + 2)) as {
    jobs: Array<Record<'read' | 'write' | 'trim', { bw_bytes: number }>>;
  };
  return json.jobs.reduce((sum, job) => sum + job.read.bw_bytes + job.write.bw_bytes + job.trim.bw_bytes, 0);
}

/** Validates an experiment folder with the content loader; returns the errors and the experiment. */
export async function validate(dir: string) {
  const report = await loadContent(dir, { displayRoot: dir });
  const errors = report.issues.filter((issue) => issue.severity !== 'warning').map(formatIssue);
  return { errors, hasErrors: hasErrors(report.issues), experiment: report.experiments[0] };
}

/** The experiment id the tests use: this month, so the folder name matches the date. */
export function testExperimentId(): string {
  return `${new Date().toISOString().slice(0, 7)}-runner-test`;
}

/** Whether a process is alive. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The PID of iostat the runner reported starting, if any. */
export function iostatPid(stderr: string): number | undefined {
  const match = stderr.match(/iostat started \(PID (\d+)\)/);
  return match ? Number(match[1]) : undefined;
}

/**
 * A folder for PATH holding links to every command of the system's bin folders except the
 * named ones: the runner sees those tools as not installed.
 */
export async function pathWithout(dir: string, missing: string[]): Promise<string> {
  const bin = join(dir, 'bin');
  await mkdir(bin, { recursive: true });
  for (const source of ['/usr/local/bin', '/usr/bin', '/bin', '/usr/sbin', '/sbin']) {
    if (!existsSync(source)) continue;
    for (const name of await readdir(source)) {
      if (missing.includes(name) || existsSync(join(bin, name))) continue;
      await symlink(join(source, name), join(bin, name));
    }
  }
  return bin;
}

/** Writes an executable fake command into a folder. */
export async function fakeTool(dir: string, name: string, script: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), `#!/bin/sh\n${script}\n`, { mode: 0o755 });
}

/**
 * Everything under a folder, hidden entries too, as path -> what it is: a file's bytes (base64),
 * `dir`, or a link's target. Two equal snapshots are folders alike byte for byte.
 */
export async function snapshot(dir: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  async function walk(relative: string): Promise<void> {
    for (const name of (await readdir(join(dir, relative))).sort()) {
      const path = relative === '' ? name : `${relative}/${name}`;
      const stats = await lstat(join(dir, path));
      if (stats.isDirectory()) {
        entries.set(path, 'dir');
        await walk(path);
      } else {
        entries.set(path, stats.isSymbolicLink() ? 'link' : (await readFile(join(dir, path))).toString('base64'));
      }
    }
  }
  await walk('');
  return entries;
}

export async function removeAll(...dirs: (string | undefined)[]): Promise<void> {
  for (const dir of dirs) if (dir !== undefined) await rm(dir, { recursive: true, force: true });
}

/** A value of runnerArgs: a word, a number, a bare flag (true), or an option given several times. */
type RunnerOption = string | number | true | readonly string[];

/**
 * The runner's command line from named options, in their order: `{ dir, profile: 'sysbench-cpu',
 * runtime: 1, noDropCaches: true }` gives `--dir DIR --profile sysbench-cpu --runtime 1
 * --no-drop-caches` (camelCase names become the runner's dashed ones).
 */
export function runnerArgs(options: Readonly<Record<string, RunnerOption>>): string[] {
  return Object.entries(options).flatMap(([name, value]) => {
    const option = `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
    if (value === true) return [option];
    if (typeof value === 'string' || typeof value === 'number') return [option, String(value)];
    return value.flatMap((each) => [option, each]);
  });
}

/** A process's program name, state letter and parent PID from /proc/<pid>/stat (Linux); undefined once it is gone. */
export function processStat(pid: number): { name: string; state: string; parentPid: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ")".
  const nameEnd = stat.lastIndexOf(')');
  const [state = '', parentPid = ''] = stat.slice(nameEnd + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, nameEnd), state, parentPid: Number(parentPid) };
}

/** Whether a process exists and has not ended (a zombie has ended; it only waits to be reaped). */
export function isRunning(pid: number): boolean {
  const stat = processStat(pid);
  return stat !== undefined && stat.state !== 'Z';
}

/** The running processes under a process (children, their children, ...), with their program names. */
export function descendants(pid: number): { pid: number; name: string }[] {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      const stat = processStat(Number(entry));
      return stat === undefined || stat.state === 'Z' ? [] : [{ pid: Number(entry), ...stat }];
    });
  const found: { pid: number; name: string }[] = [];
  const parents = [pid];
  for (let parent = parents.shift(); parent !== undefined; parent = parents.shift()) {
    for (const entry of all) {
      if (entry.parentPid !== parent) continue;
      found.push({ pid: entry.pid, name: entry.name });
      parents.push(entry.pid);
    }
  }
  return found;
}
