import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  fakeTool,
  hasCommand,
  IS_CI,
  isAlive,
  listing,
  type RunResult,
  removeAll,
  runnerArgs,
  runRunner,
  snapshot,
  startRunner,
  tempDir,
  testExperimentId,
  validate,
  writeExperiment,
} from './helpers.ts';

// scripts/benchfolio-run --append on a run folder the runner wrote in a temporary folder, with the
// real tools at tiny sizes: what it adds, what it refuses, and that a failure or an interruption
// leaves the run folder byte for byte as it was. A fake tool first on PATH stands in only where a
// real one cannot be made to fail (dd failing, a rename failing or interrupted).

const TOOLS = ['sysbench', 'dd', 'iostat'];
const missingTools = TOOLS.filter((tool) => !hasCommand(tool));
const hasTools = missingTools.length === 0 || IS_CI;
const toolsNote = hasTools ? '' : ` (skipped: ${missingTools.join(', ')} not installed)`;
const experiment = testExperimentId();
/** The interrupted append's benchmark time: far beyond the test's timeout, so only stopping it ends the run. */
const BENCHMARK_RUNTIME_S = 3600;

describe('scripts/benchfolio-run --append without running a benchmark', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await tempDir('append-static');
  });
  afterAll(() => removeAll(scratch));

  it('--help describes --append', async () => {
    const result = await runRunner(['--help']);
    expect(result.stdout).toContain('  --append ');
    expect(result.stdout).toMatch(/^ {7}scripts\/benchfolio-run --append --dir DIR/m);
  });

  it('refuses a run folder that does not exist, making nothing', async () => {
    const dir = join(scratch, 'dir');
    await mkdir(dir);
    const out = join(scratch, 'results', experiment, 'runs', 'a');
    const result = await runRunner(
      runnerArgs({ append: true, dir, experiment, run: 'a', profile: 'dd-seq-write', out }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/--append: \S+ does not exist: an append adds to a run folder the runner wrote/);
    expect(existsSync(join(scratch, 'results'))).toBe(false);
    expect(await listing(dir)).toEqual([]);
  });

  for (const [option, value] of [
    ['--label', 'x'],
    ['--value', 'x'],
    ['--order', '2'],
    ['--ssh', 'host'],
  ] as const) {
    it(`refuses ${option}: the run keeps what run.yaml says`, async () => {
      const result = await runRunner([
        ...runnerArgs({ append: true, dir: scratch, experiment, run: 'a', profile: 'dd-seq-write' }),
        option,
        value,
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`--append with ${option}`);
    });
  }
});

describe.skipIf(!hasTools)(`scripts/benchfolio-run --append with the real tools at tiny sizes${toolsNote}`, () => {
  let scratch: string;
  let dir: string;
  /** The run the runner made, copied for each test that appends to it. */
  let base: string;
  let made: RunResult;

  beforeAll(async () => {
    scratch = await tempDir('append');
    dir = join(scratch, 'test');
    base = join(scratch, 'base', experiment, 'runs', 'a');
    await mkdir(dir);
    made = await runRunner(
      runnerArgs({
        dir,
        experiment,
        run: 'a',
        profile: 'sysbench-cpu',
        runtime: 1,
        threads: 1,
        noDropCaches: true,
        out: base,
      }),
    );
  }, 60_000);
  afterAll(() => removeAll(scratch));

  /** A copy of the run in an experiment of its own: its runs/ folder and its run folder. */
  async function copyRun(name: string): Promise<{ experimentDir: string; runs: string; run: string }> {
    expect(made.code, made.stderr).toBe(0);
    const experimentDir = join(scratch, name, experiment);
    const runs = join(experimentDir, 'runs');
    await cp(base, join(runs, 'a'), { recursive: true });
    await writeExperiment(experimentDir);
    return { experimentDir, runs, run: join(runs, 'a') };
  }

  const appendArgs = (run: string, ...more: string[]) => [
    ...runnerArgs({ append: true, dir, experiment, run: 'a', noDropCaches: true, out: run }),
    ...more,
  ];

  /** The run folder and runs/ are byte for byte as they were, with nothing beside them, and --dir is empty. */
  async function expectUntouched(runs: string, before: Map<string, string>): Promise<void> {
    expect(await snapshot(runs)).toEqual(before);
    expect(await listing(dir)).toEqual([]);
  }

  it('adds the profile, its own iostat log, tool, commands and dated notes; the experiment validates', async () => {
    const { experimentDir, runs, run } = await copyRun('adds');
    const before = await snapshot(run);
    const yamlBefore = await readFile(join(run, 'run.yaml'), 'utf8');
    const checkedBefore = (await validate(experimentDir)).experiment?.runs[0]?.run;
    const result = await runRunner(appendArgs(run, '--profile', 'dd-seq-write', '--size', '2M', '--repeat', '2'));
    expect(result.stderr).toMatch(/done: added to \S+\/runs\/a/);
    expect(result.code).toBe(0);
    expect(await listing(dir)).toEqual([]);
    expect(await listing(runs)).toEqual(['a']);
    expect(await listing(run)).toEqual(
      [...before.keys(), 'dd--seq-write-1.txt', 'dd--seq-write-2.txt', 'iostat--a-dd-seq-write.txt'].sort(),
    );
    // Every file that was there is as it was, except run.yaml and the README.md made from it.
    const after = await snapshot(run);
    for (const [name, content] of before) {
      if (name !== 'run.yaml' && name !== 'README.md') expect(after.get(name), name).toBe(content);
    }
    expect(await readFile(join(run, 'README.md'), 'utf8')).toMatch(/^\| dd-seq-write \| dd \| B\/s .*\| 2 \|/m);
    // run.yaml: the lines the runner wrote first are kept, in order.
    const yamlAfter = await readFile(join(run, 'run.yaml'), 'utf8');
    const kept = yamlBefore.split('\n').filter((line) => !/^(repeat|notes):/.test(line) && line !== '');
    const afterLines = yamlAfter.split('\n');
    let at = 0;
    for (const line of kept) {
      at = afterLines.indexOf(line, at);
      expect(at, line).toBeGreaterThanOrEqual(0);
    }

    const checked = await validate(experimentDir);
    expect(checked.errors).toEqual([]);
    const loaded = checked.experiment?.runs[0];
    const runYaml = loaded?.run;
    expect(loaded?.outputs.map((output) => output.parsed.tool).sort()).toEqual([
      'dd',
      'dd',
      'iostat',
      'iostat',
      'sysbench',
    ]);
    expect(runYaml?.tools).toEqual({ ...checkedBefore?.tools, dd: expect.stringMatching(/^dd \(coreutils\) \d/) });
    expect(runYaml?.system).toEqual(checkedBefore?.system);
    expect(runYaml?.started).toBe(checkedBefore?.started);
    expect(runYaml?.ended).toBe(checkedBefore?.ended);
    expect(runYaml?.repeat).toBe(2);
    // The commands as they were, then the append's: iostat and the two dd runs.
    expect(runYaml?.commands.slice(0, checkedBefore?.commands.length)).toEqual(checkedBefore?.commands);
    const added = runYaml?.commands.slice(checkedBefore?.commands.length ?? 0) ?? [];
    expect(added).toHaveLength(3);
    expect(added[0]).toMatch(/^env S_TIME_FORMAT=ISO iostat -x -t -k 1 .*&$/);
    for (const command of added.slice(1)) {
      expect(command).toMatch(
        /^dd if=\/dev\/zero of=\S+\/benchfolio-work\/dd-seq-write\.img bs=1M count=2 oflag=direct$/,
      );
    }
    expect(yamlAfter).toMatch(/^ {2}# Added by scripts\/benchfolio-run --append on \d{4}-\d\d-\d\d:$/m);
    // When the outputs were made, in the run's notes and in each output's note.
    const today = new Date().toISOString().slice(0, 10);
    expect(runYaml?.notes?.startsWith(checkedBefore?.notes ?? '-')).toBe(true);
    expect(runYaml?.notes).toContain(`Added later, on ${today}, by scripts/benchfolio-run --append (runner of commit `);
    expect(runYaml?.notes).toContain(
      'with --profile dd-seq-write --repeat 2 --size 2M: iostat--a-dd-seq-write.txt, dd--seq-write-1.txt and dd--seq-write-2.txt.',
    );
    expect(runYaml?.notes).toMatch(
      /They were made from \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ to \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ, after the started and ended above/,
    );
    expect(runYaml?.notes).toContain('the last 3 commands are theirs, and tools gained dd.');
    const newOutputs = runYaml?.outputs.filter((output) => !before.has(output.file)) ?? [];
    expect(newOutputs.map((output) => [output.file, output.tool, output.workload, output.repeat])).toEqual([
      ['iostat--a-dd-seq-write.txt', 'iostat', 'iostat during dd-seq-write (added later)', undefined],
      ['dd--seq-write-1.txt', 'dd', 'dd-seq-write', 1],
      ['dd--seq-write-2.txt', 'dd', 'dd-seq-write', 2],
    ]);
    for (const output of newOutputs) {
      expect(output.note).toMatch(
        /Added later, by scripts\/benchfolio-run --append: (made|started) at \d{4}-\d\d-\d\dT/,
      );
    }
  });

  it('refuses to write a file the run has already (the same profile again), before running anything', async () => {
    const { runs, run } = await copyRun('again');
    const before = await snapshot(runs);
    const result = await runRunner(appendArgs(run, '--profile', 'sysbench-cpu', '--runtime', '1', '--threads', '1'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /--append: \S+\/runs\/a has sysbench--cpu-t1-1\.txt already: the runner never overwrites an output/,
    );
    expect(result.stderr).not.toContain('running');
    await expectUntouched(runs, before);
  });

  it('refuses a run.yaml it did not write', async () => {
    const { runs, run } = await copyRun('hand');
    const yaml = await readFile(join(run, 'run.yaml'), 'utf8');
    await writeFile(join(run, 'run.yaml'), yaml.slice(yaml.indexOf('\n') + 1));
    const before = await snapshot(runs);
    const result = await runRunner(appendArgs(run, '--profile', 'dd-seq-write', '--size', '1M'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/run\.yaml was not written by the runner/);
    await expectUntouched(runs, before);
  });

  it('refuses when the system differs from the one run.yaml records, naming the fields', async () => {
    const { runs, run } = await copyRun('other-system');
    const yaml = await readFile(join(run, 'run.yaml'), 'utf8');
    await writeFile(
      join(run, 'run.yaml'),
      yaml.replace(/^ {2}kernel: .*$/m, "  kernel: '0.0.1-elsewhere'").replace(/^ {4}bytes: \d+$/m, '    bytes: 1024'),
    );
    const before = await snapshot(runs);
    const result = await runRunner(appendArgs(run, '--profile', 'dd-seq-write', '--size', '1M'));
    expect(result.code).toBe(1);
    const kernel = execFileSync('uname', ['-r'], { encoding: 'utf8' }).trim();
    expect(result.stderr).toContain('--append: the system differs from the one');
    expect(result.stderr).toContain(`kernel: '0.0.1-elsewhere' recorded, '${kernel}' now`);
    expect(result.stderr).toMatch(/memory\.bytes: 1024 recorded, \d+ now/);
    expect(result.stderr).not.toContain('running');
    await expectUntouched(runs, before);
  });

  it('refuses a tool whose version differs from the one run.yaml records', async () => {
    const { runs, run } = await copyRun('other-tool');
    const yaml = await readFile(join(run, 'run.yaml'), 'utf8');
    await writeFile(join(run, 'run.yaml'), yaml.replace(/^ {2}sysbench: .*$/m, "  sysbench: 'sysbench 0.4.12'"));
    const before = await snapshot(runs);
    const result = await runRunner(appendArgs(run, '--profile', 'sysbench-memory', '--runtime', '1', '--threads', '1'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/run\.yaml records sysbench 'sysbench 0\.4\.12', and sysbench \S+ is installed now/);
    await expectUntouched(runs, before);
  });

  it('a tool that fails: the run folder as it was, --dir emptied', async () => {
    const { runs, run } = await copyRun('dd-fails');
    const before = await snapshot(runs);
    const fake = join(scratch, 'fake-dd');
    await fakeTool(
      fake,
      'dd',
      'case "$1" in --version) echo "dd (coreutils) 9.1" ;; *) echo "dd: error writing: No space left on device" >&2; exit 1 ;; esac',
    );
    const result = await runRunner(appendArgs(run, '--profile', 'dd-seq-write', '--size', '1M'), {
      PATH: `${fake}:${process.env.PATH}`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/error: dd exited with status 1/);
    await expectUntouched(runs, before);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} while a benchmark runs: the run folder as it was, exit 128+n`, async () => {
      const { runs, run } = await copyRun(`${signal}-bench`);
      const before = await snapshot(runs);
      const started = startRunner(
        appendArgs(run, '--profile', 'sysbench-memory', '--runtime', String(BENCHMARK_RUNTIME_S), '--threads', '1'),
      );
      const runnerPid = started.child.pid as number;
      onTestFinished(() => {
        if (isAlive(runnerPid)) process.kill(runnerPid, 'SIGKILL');
      });
      await started.waitFor(/running \(sysbench--memory-t1-1\.txt\)/);
      expect(await listing(dir)).toEqual(['benchfolio-work']);
      started.child.kill(signal);
      const result = await started.done;
      expect(result.code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(result.stderr).toContain(`interrupted by ${signal}`);
      await expectUntouched(runs, before);
    });
  }

  // The last step renames the run folder aside and its new version into place. These fake mv
  // commands fail that rename, or do it and then stop the runner with SIGTERM (as if it came
  // between the rename and the end): either way the run folder is put back as it was.
  for (const { what, script, code, message } of [
    {
      what: 'a rename that fails',
      script: 'case $1 in *.new) echo "mv: cannot move $1: Input/output error" >&2; exit 1 ;; esac\nexec /bin/mv "$@"',
      code: 1,
      message: 'could not move the new version of',
    },
    {
      what: 'SIGTERM just after the rename',
      script: 'case $1 in *.new) /bin/mv "$@"; kill -TERM "$PPID"; exit 0 ;; esac\nexec /bin/mv "$@"',
      code: 143,
      message: 'interrupted by SIGTERM',
    },
  ]) {
    it(`${what} while the run folder is replaced: the run folder as it was, nothing left beside it`, async () => {
      const { runs, run } = await copyRun(what.replaceAll(' ', '-'));
      const before = await snapshot(runs);
      const fake = join(scratch, `fake-mv-${what.replaceAll(' ', '-')}`);
      await fakeTool(fake, 'mv', script);
      const result = await runRunner(appendArgs(run, '--profile', 'dd-seq-write', '--size', '1M'), {
        PATH: `${fake}:${process.env.PATH}`,
      });
      expect(result.code).toBe(code);
      expect(result.stderr).toContain(message);
      expect(result.stderr).not.toContain('done: added');
      await expectUntouched(runs, before);
    });
  }
});
