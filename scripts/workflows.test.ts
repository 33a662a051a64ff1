import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

// actionlint is a Go program: .ci/run installs it from the Go module proxy. Without it here, the
// check is skipped locally but fails on CI, where it must run.
const actionlint = spawnSync('actionlint', ['--version'], { encoding: 'utf8' });
const hasActionlint = actionlint.status === 0;

describe('GitHub workflows', () => {
  it.skipIf(!hasActionlint && !process.env.CI)(
    `pass actionlint${hasActionlint ? '' : ' (skipped: actionlint is not on PATH; .ci/run installs it)'}`,
    () => {
      const result = spawnSync('actionlint', ['-color=false'], { cwd: REPO_ROOT, encoding: 'utf8' });
      expect(result.error).toBeUndefined();
      expect(`${result.stdout}${result.stderr}`).toBe('');
      expect(result.status).toBe(0);
    },
  );
});
