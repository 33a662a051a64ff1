import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  descendants,
  hasCommand,
  IS_CI,
  isRunning,
  listing,
  removeAll,
  runnerArgs,
  runRunner,
  type Started,
  startRunner,
  tempDir,
  testExperimentId,
  validate,
  writeExperiment,
} from './helpers.ts';
import { type Alias, SSHD, type Sshd, startSshd } from './sshd.ts';

// scripts/benchfolio-run --ssh against a real OpenSSH server on 127.0.0.1 (sshd.ts): its Host
// aliases are the hosts, each with its own $TMPDIR, so each copy of the runner is found where
// that "host" put it. On CI a missing sshd or tool fails; elsewhere the file is skipped.

const needs = ['ssh', 'scp', 'ssh-keygen', 'fio', 'sysbench', 'iostat'].filter((name) => !hasCommand(name));
if (SSHD === undefined) needs.unshift('sshd (Debian: openssh-server)');
const canRun = needs.length === 0 || IS_CI;
const note = canRun ? '' : ` (skipped: ${needs.join(', ')} not installed)`;
const experiment = testExperimentId();
/** The interrupted runs' benchmark time: far beyond the tests' timeouts, so only stopping it ends the run. */
const LONG_RUNTIME_S = 3600;

describe.skipIf(!canRun)(`scripts/benchfolio-run --ssh with a real sshd${note}`, () => {
  let scratch: string;
  let sshd: Sshd;
  /** The names in ~/.ssh (or its absence) before the tests: the runner never needs it changed. */
  let dotSsh: string[] | undefined;

  beforeAll(async () => {
    scratch = await tempDir('sshd');
    dotSsh = await listing(join(homedir(), '.ssh'));
    sshd = await startSshd(join(scratch, 'sshd'));
  });
  afterAll(async () => {
    await sshd?.stop();
    await removeAll(scratch);
  });

  /** A fresh empty --dir and the runs folder for one test. */
  async function folders(name: string): Promise<{ dir: string; experimentDir: string; runs: string }> {
    const dir = join(scratch, name, 'dir');
    await mkdir(dir, { recursive: true });
    const experimentDir = join(scratch, name, 'results', experiment);
    return { dir, experimentDir, runs: join(experimentDir, 'runs') };
  }

  const args = (hosts: string, dir: string, runs: string, more: Record<string, string | number> = {}) =>
    runnerArgs({
      ssh: hosts,
      sshConfig: sshd.config,
      dir,
      experiment,
      profile: 'sysbench-cpu',
      runtime: 1,
      threads: 1,
      noDropCaches: true,
      out: runs,
      ...more,
    });

  /** Where the runner copied itself on the host, from its "running" line. */
  function copyOf(stderr: string, alias: Alias): string {
    const copy = new RegExp(`${alias}: running cd (\\S+) && echo`).exec(stderr)?.[1];
    expect(copy, stderr).toBeDefined();
    return copy as string;
  }

  /** Nothing left on the hosts: no copy in any $TMPDIR, --dir empty. */
  async function expectNothingLeft(dir: string): Promise<void> {
    for (const alias of ['alpha', 'beta', 'nofio'] as const)
      expect(await listing(sshd.tmpDir(alias)), alias).toEqual([]);
    expect(await listing(dir)).toEqual([]);
  }

  it('two hosts: the runner copied to each, run there, the run folders brought back and valid', async () => {
    const { dir, experimentDir, runs } = await folders('two');
    const result = await runRunner(args('alpha,beta', dir, runs));
    expect(result.code, `${result.stderr}\n${sshd.log()}`).toBe(0);
    expect(result.stderr).toMatch(/done: 2 run\(s\) in /);
    // Each host used its own folder ($TMPDIR), and every host was checked before the first ran.
    expect(copyOf(result.stderr, 'alpha').startsWith(`${sshd.tmpDir('alpha')}/benchfolio-run.`)).toBe(true);
    expect(copyOf(result.stderr, 'beta').startsWith(`${sshd.tmpDir('beta')}/benchfolio-run.`)).toBe(true);
    expect(result.stderr.indexOf('beta: copying the runner')).toBeLessThan(result.stderr.indexOf('alpha: running'));
    await expectNothingLeft(dir);
    expect(await listing(runs)).toEqual(['alpha', 'beta']);
    await writeExperiment(experimentDir);
    const checked = await validate(experimentDir);
    expect(checked.errors).toEqual([]);
    for (const run of checked.experiment?.runs ?? []) {
      expect(run.run.value).toBe(run.id);
      expect(run.outputs.map((output) => output.parsed.tool).sort()).toEqual(['iostat', 'sysbench']);
      expect(run.run.commands).toContain('sysbench cpu --threads=1 --time=1 --events=0 run');
    }
    expect(await listing(join(homedir(), '.ssh'))).toEqual(dotSsh);
  }, 90_000);

  it('a host that refuses the key: an error naming it, and nothing made on either side', async () => {
    const { dir, runs } = await folders('refused');
    const result = await runRunner(args('refused', dir, runs));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /error: refused: ssh could not connect or log in \(status 255\): .*Permission denied \(publickey\)/,
    );
    await expectNothingLeft(dir);
    expect(existsSync(join(scratch, 'refused', 'results'))).toBe(false);
  });

  it('a host without fio: an error naming it and fio, before anything runs; its copy removed', async () => {
    const { dir, runs } = await folders('nofio');
    const result = await runRunner(args('nofio', dir, runs, { profile: 'fio-seed-hoffman', size: '1M' }));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/error: nofio: fio not found on PATH: install it \(Debian: apt-get install fio\)/);
    expect(result.stderr).toMatch(/nofio: removing \S+/);
    expect(result.stderr).not.toContain('running (');
    await expectNothingLeft(dir);
    expect(existsSync(join(scratch, 'nofio', 'results'))).toBe(false);
  }, 60_000);

  /** The runner on the host (its PID from runner.pid) and its benchmark, once it runs. */
  async function remoteRun(started: Started, alias: Alias): Promise<{ runner: number; benchmark: number }> {
    // Its line, then the benchmark's (a sysbench child before it is sysbench --version).
    const lines = await started.waitFor(
      new RegExp(`${alias}: running cd \\S+ && echo[\\s\\S]*running \\(sysbench--`),
      60_000,
    );
    const copy = copyOf(lines, alias);
    await expect.poll(() => existsSync(join(copy, 'runner.pid')), { timeout: 20_000, interval: 50 }).toBe(true);
    const runner = Number(await readFile(join(copy, 'runner.pid'), 'utf8'));
    const sysbench = () => descendants(runner).filter((child) => child.name === 'sysbench');
    await expect.poll(() => sysbench().length, { timeout: 30_000, interval: 50 }).toBe(1);
    const benchmark = (sysbench()[0] as { pid: number }).pid;
    // Whatever the outcome, no hour-long sysbench outlives the test.
    onTestFinished(() => {
      for (const pid of [benchmark, runner]) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    });
    return { runner, benchmark };
  }

  it('a host that drops mid-run: an error naming it; the runner there stopped, its copy and test files removed', async () => {
    const { dir, runs } = await folders('drop');
    const started = startRunner(args('alpha', dir, runs, { runtime: LONG_RUNTIME_S }));
    const remote = await remoteRun(started, 'alpha');
    // The connection's sshd processes die (as when the network or the host's sshd goes); the
    // shell they started, the runner, is left running, as it would be.
    const sessions = descendants(sshd.pid).filter((child) => child.name === 'sshd');
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) process.kill(session.pid, 'SIGKILL');
    const result = await started.done;
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /error: alpha: the connection was lost while the runner ran there \(ssh status 255\)/,
    );
    expect(isRunning(remote.benchmark), `sysbench (PID ${remote.benchmark})`).toBe(false);
    expect(isRunning(remote.runner), `the runner on the host (PID ${remote.runner})`).toBe(false);
    await expectNothingLeft(dir);
    expect(existsSync(join(scratch, 'drop', 'results'))).toBe(false);
  }, 90_000);

  it('SIGINT to the runner while the host runs: stopped there, every copy removed, no run folder, exit 130', async () => {
    const { dir, runs } = await folders('sigint');
    const started = startRunner(args('alpha', dir, runs, { runtime: LONG_RUNTIME_S }));
    const remote = await remoteRun(started, 'alpha');
    started.child.kill('SIGINT');
    const result = await started.done;
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('interrupted by SIGINT');
    expect(isRunning(remote.benchmark), `sysbench (PID ${remote.benchmark})`).toBe(false);
    expect(isRunning(remote.runner), `the runner on the host (PID ${remote.runner})`).toBe(false);
    await expectNothingLeft(dir);
    expect(existsSync(join(scratch, 'sigint', 'results'))).toBe(false);
  }, 90_000);

  it('SIGTERM while the second host runs: the first run folder, brought back already, removed too', async () => {
    const { dir, runs } = await folders('sigterm');
    // Both hosts run the same options: alpha's 3 s end, then beta's start and are interrupted.
    const started = startRunner(args('alpha,beta', dir, runs, { runtime: 3 }));
    await started.waitFor(/alpha: run folder brought back: /, 60_000);
    expect(await listing(runs)).toEqual(['alpha']);
    const remote = await remoteRun(started, 'beta');
    started.child.kill('SIGTERM');
    const result = await started.done;
    expect(result.code).toBe(143);
    expect(result.stderr).toContain('interrupted by SIGTERM');
    expect(isRunning(remote.benchmark), `sysbench (PID ${remote.benchmark})`).toBe(false);
    expect(isRunning(remote.runner), `the runner on the host (PID ${remote.runner})`).toBe(false);
    await expectNothingLeft(dir);
    expect(existsSync(join(scratch, 'sigterm', 'results'))).toBe(false);
  }, 90_000);
});

describe('scripts/benchfolio-run --ssh-config and the checks made before any host is reached', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await tempDir('ssh-static');
  });
  afterAll(() => removeAll(scratch));

  const args = (more: Record<string, string | true>) =>
    runnerArgs({ dir: '/mnt/test', experiment, profile: 'sysbench-cpu', out: join(scratch, 'runs'), ...more });

  it('--ssh-config FILE: every ssh and scp reads it (-F) and still runs in batch mode', async () => {
    const config = join(scratch, 'lab.ssh_config');
    await writeFile(config, 'Host db1\n  HostName 192.0.2.1\n');
    const result = await runRunner(args({ dryRun: true, ssh: 'db1', sshConfig: config }));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const commands = result.stdout.split('\n').filter((line) => /^(TMP1=\$\()?(ssh|scp) /.test(line));
    expect(commands).toHaveLength(6);
    for (const line of commands)
      expect(line).toMatch(new RegExp(`^(TMP1=\\$\\()?(ssh|scp) -F ${config} -o BatchMode=yes `));
  });

  it('--ssh-config naming no file: an error before any host is reached', async () => {
    const result = await runRunner(args({ ssh: 'db1', sshConfig: join(scratch, 'missing') }));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/error: --ssh-config \S+missing: no such readable file/);
    expect(result.stderr).not.toContain('copying the runner');
  });

  it('--ssh-config without --ssh: an error', async () => {
    const result = await runRunner(args({ run: 'a', sshConfig: join(scratch, 'lab.ssh_config') }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: --ssh-config is for --ssh');
  });

  it('two hosts that would make the same run folder: an error before any host is reached', async () => {
    const result = await runRunner(args({ ssh: 'alice@db1,bob@db1' }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: --ssh: two hosts would make the run db1');
    expect(result.stderr).not.toContain('copying the runner');
  });
});
