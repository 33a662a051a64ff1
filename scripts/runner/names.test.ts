import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  hasCommand,
  IS_CI,
  IS_ROOT,
  listing,
  REPO_ROOT,
  removeAll,
  runnerArgs,
  runRunner,
  tempDir,
  testExperimentId,
  validate,
  writeExperiment,
} from './helpers.ts';

// The names the runner takes: profiles are names of scripts/profiles/, never paths; no name or
// value holds a control character; and what run.yaml records reads back as the same string.

const experiment = testExperimentId();
const PROFILES_DIR = join(REPO_ROOT, 'scripts', 'profiles');

describe('scripts/benchfolio-run --profile takes a name from scripts/profiles/, never a path', () => {
  let scratch: string;
  let ran: string;
  let evil: string;
  beforeAll(async () => {
    scratch = await tempDir('names-profile');
    ran = join(scratch, 'ran');
    // A profile file outside scripts/profiles/: sourcing it would leave the file `ran`.
    evil = join(scratch, 'x', 'evil');
    await mkdir(join(scratch, 'x'));
    await writeFile(`${evil}.sh`, `: >'${ran}'\nprofile_space() { printf '0\\n'; }\nprofile_run() { :; }\n`);
    await mkdir(join(scratch, 'dir'));
  });
  afterAll(() => removeAll(scratch));

  const cases: [string, () => string][] = [
    ['a relative path out of scripts/profiles', () => relative(PROFILES_DIR, evil)],
    ['an absolute path', () => evil],
    ['a name with a folder in it', () => 'x/../sysbench-cpu'],
    ['a hidden name', () => '.sysbench-cpu'],
    ['a name in capitals', () => 'Sysbench-cpu'],
    ['a name starting with -', () => '-sysbench-cpu'],
    // Split into words unquoted, * would match the files of the folder the runner starts in.
    ['a pattern', () => '*'],
  ];
  for (const [what, profile] of cases) {
    for (const dryRun of [true, false]) {
      it(`${what}${dryRun ? ', with --dry-run' : ''}: refused before anything runs`, async () => {
        const result = await runRunner([
          ...runnerArgs({
            dir: join(scratch, 'dir'),
            experiment,
            run: 'a',
            runtime: 1,
            noDropCaches: true,
            out: join(scratch, 'out', 'a'),
          }),
          '--profile',
          profile(),
          ...(dryRun ? ['--dry-run'] : []),
        ]);
        expect(result.stderr).toMatch(/a profile is a name from scripts\/profiles\/ .*never a path/);
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(existsSync(ran)).toBe(false);
        expect(await listing(join(scratch, 'dir'))).toEqual([]);
        expect(existsSync(join(scratch, 'out'))).toBe(false);
      });
    }
  }

  it('a name of scripts/profiles/ is taken (sysbench-cpu, with --dry-run)', async () => {
    const result = await runRunner(
      runnerArgs({
        dir: join(scratch, 'dir'),
        experiment,
        run: 'a',
        profile: 'sysbench-cpu',
        runtime: 1,
        dryRun: true,
      }),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});

describe('scripts/benchfolio-run refuses a control character in every name and value', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await tempDir('names-control');
    await mkdir(join(scratch, 'dir'));
  });
  afterAll(() => removeAll(scratch));

  // What each option is given when it is not the one tested: a dry run that passes.
  const good = () => ({
    dir: join(scratch, 'dir'),
    experiment,
    run: 'a',
    label: 'A',
    value: 'a',
    note: 'A note.',
    mkfs: 'mkfs.ext4 /dev/sdb1',
    profile: 'sysbench-cpu',
    out: join(scratch, 'out', 'a'),
  });
  const controls: [string, string][] = [
    ['a newline', '\n'],
    ['a carriage return', '\r'],
    ['a tab', '\t'],
    ['an escape', '\u001b'],
    ['DEL', '\u007f'],
    ['a C1 control (NEL)', '\u0085'],
  ];
  const options = ['experiment', 'run', 'label', 'value', 'note', 'mkfs', 'profile', 'dir', 'out'] as const;

  it('the passing dry run the cases start from', async () => {
    const result = await runRunner(runnerArgs({ ...good(), dryRun: true }));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  for (const option of options) {
    it(`--${option}: refused with each control character, nothing made`, async () => {
      for (const [what, control] of controls) {
        const values = good();
        // In the middle (a name on two lines passes a line-by-line check) and at the end.
        for (const value of [`${values[option]}${control}x`, `${values[option]}${control}`]) {
          const result = await runRunner(runnerArgs({ ...values, [option]: value, dryRun: true }));
          expect(result.code, `--${option} with ${what}`).toBe(1);
          expect(result.stderr, `--${option} with ${what}`).toMatch(
            new RegExp(
              `^benchfolio-run: error: --${option} ".*": a newline, a tab or another control character is refused`,
            ),
          );
          expect(result.stdout, `--${option} with ${what}`).toBe('');
        }
      }
      expect(await listing(join(scratch, 'dir'))).toEqual([]);
      expect(existsSync(join(scratch, 'out'))).toBe(false);
    });
  }

  it('--ssh: a host with a newline, one starting with - (an ssh option), or a pattern, refused', async () => {
    for (const host of ['db1\ndb2', '-oProxyCommand=touch /tmp/x', 'db1 -v', '*']) {
      const result = await runRunner(
        runnerArgs({ ssh: host, dir: '/mnt/test', experiment, profile: 'sysbench-cpu', dryRun: true }),
      );
      expect(result.code, host).toBe(1);
      expect(result.stderr, host).toMatch(/--ssh .*(control character|a host name, \[user@\]name)/);
      expect(result.stdout, host).toBe('');
    }
  });
});

const canRunTools = (hasCommand('sysbench') && hasCommand('iostat')) || IS_CI;
const canSetHost = (IS_ROOT && hasCommand('unshare')) || IS_CI;

describe.skipIf(!canRunTools)('run.yaml reads back as the strings the runner was given and read', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await tempDir('names-yaml');
  });
  afterAll(() => removeAll(scratch));

  // YAML's own syntax in every value: ": ", " #", quotes of both kinds, a backslash, brackets,
  // a leading "-" and "&", a trailing blank.
  const given = {
    label: `a: b # c 'd' "e" \\ {f} [g]`,
    value: `- &x *y: z #`,
    note: `It's "quoted": yes # not a comment `,
    mkfs: `mkfs.ext4 -L 'x: y' -E "stride=4" # z`,
  };

  async function runAndRead(name: string, command: string[] = []): Promise<Record<string, unknown>> {
    const dir = join(scratch, name);
    // One experiment each: two runs of one experiment may not share a value.
    const experimentDir = join(scratch, `results-${name}`, experiment);
    const out = join(experimentDir, 'runs', name);
    await mkdir(dir);
    const args = runnerArgs({
      dir,
      experiment,
      run: name,
      ...given,
      profile: 'sysbench-cpu',
      runtime: 1,
      threads: 1,
      iostatInterval: 0,
      noDropCaches: true,
      out,
    });
    const [program, ...rest] = [...command, join(REPO_ROOT, 'scripts', 'benchfolio-run'), ...args];
    execFileSync(program as string, rest, { stdio: 'pipe' });
    await writeExperiment(experimentDir);
    const checked = await validate(experimentDir);
    expect(checked.errors).toEqual([]);
    return parse(await readFile(join(out, 'run.yaml'), 'utf8')) as Record<string, unknown>;
  }

  it('label, value, the --mkfs command and the note, with YAML syntax in them', async () => {
    const run = await runAndRead('syntax');
    expect(run.label).toBe(given.label);
    expect(run.value).toBe(given.value);
    expect((run.system as { filesystem?: { mkfs?: string } }).filesystem?.mkfs).toBe(given.mkfs);
    expect(run.notes).toMatch(/\. It's "quoted": yes # not a comment $/);
  });

  it.skipIf(!canSetHost)(
    `a host name with YAML syntax and control characters (a tab, an escape), set in a UTS namespace${canSetHost ? '' : ' (skipped: needs root and unshare)'}`,
    async () => {
      const host = `h: a # 'b' "c"\tx\u001by`;
      const setHost = `printf '%s' "$1" >/proc/sys/kernel/hostname && shift && exec "$@"`;
      const run = await runAndRead('host', ['unshare', '-u', 'sh', '-c', setHost, 'set-host', host]);
      expect((run.system as { host?: string }).host).toBe(host);
    },
  );
});
