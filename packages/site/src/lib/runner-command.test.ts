import { execFile } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadRealExperiments, repoPath } from '../data/test-content.ts';
import { commandWords, continuedCommand, optionValues, runnerCommands } from './runner-command.ts';

const run = promisify(execFile);

describe('runner commands', () => {
  it('splits a line into words as sh does, quotes kept', () => {
    expect(commandWords(`scripts/benchfolio-run --label "ext4, tuned" --note 'a  b'  --repeat 4`)).toEqual([
      'scripts/benchfolio-run',
      '--label',
      '"ext4, tuned"',
      '--note',
      "'a  b'",
      '--repeat',
      '4',
    ]);
  });

  it('lays a command out an option and its value per line, with backslashes', () => {
    expect(continuedCommand(commandWords('scripts/benchfolio-run --dir /mnt/test --dry-run --profile a,b'))).toBe(
      'scripts/benchfolio-run \\\n  --dir /mnt/test \\\n  --dry-run \\\n  --profile a,b',
    );
    expect(optionValues(commandWords('x --profile a --repeat 2 --profile b'), '--profile')).toEqual(['a', 'b']);
  });

  // The page shows experiment.yaml's `reproduce` commands: each names the experiment and one of
  // its runs, profiles the runner has, and the runner itself accepts it (--dry-run, in a
  // temporary folder, at a small --size so that its free-space check passes here).
  it('of every experiment awaiting runs make each run, and the runner accepts them', { timeout: 120_000 }, async () => {
    const awaiting = (await loadRealExperiments()).filter((loaded) => loaded.experiment.status === 'awaiting-runs');
    expect(awaiting.length).toBeGreaterThan(0);
    for (const loaded of awaiting) {
      const commands = runnerCommands(loaded.experiment.reproduce?.command ?? '');
      expect(commands.flatMap((words) => optionValues(words, '--run')).sort()).toEqual(
        loaded.runs.map((candidate) => candidate.id).sort(),
      );
      for (const words of commands) {
        expect(words[0]).toBe('scripts/benchfolio-run');
        expect(optionValues(words, '--experiment')).toEqual([loaded.id]);
        for (const profile of optionValues(words, '--profile').flatMap((list) => list.split(','))) {
          await access(repoPath(`scripts/profiles/${profile}.sh`));
        }
        const dir = await mkdtemp(join(tmpdir(), 'benchfolio-reproduce-'));
        try {
          const args = words.slice(1).map((word, index, all) => (all[index - 1] === '--dir' ? dir : word));
          const { stdout } = await run(
            repoPath('scripts/benchfolio-run'),
            [...args, '--out', join(dir, 'out'), '--size', '64M', '--no-drop-caches', '--dry-run'],
            { cwd: repoPath('.') },
          );
          expect(stdout).toContain(`# run folder: ${join(dir, 'out')}`);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
    }
  });
});
