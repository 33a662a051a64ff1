// No function of the library or its CLI runs over 80 lines: a longer one is split into named
// steps, one concern each. Measured as function-spans.ts says; tests are left out (a describe
// block reads best whole). No function is excused.

import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { type FunctionSpan, MAX_FUNCTION_LINES, measureFunctions, scriptsUnder, tooLong } from './function-spans.ts';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

describe('functions of packages/parsers/src', () => {
  let spans: FunctionSpan[] = [];

  beforeAll(async () => {
    spans = measureFunctions(await scriptsUnder(PACKAGE_DIR, 'src'));
  }, 60_000);

  test('are found in every folder, arrows and methods included', () => {
    const names = spans.map((span) => `${span.path} ${span.name}`);
    expect(names).toContain('src/registry.ts createRegistry');
    expect(names).toContain('src/dd/assemble.ts _assembleRuns');
    expect(names).toContain('src/cli/run.ts runCli');
    expect(spans.some((span) => span.name === '(anonymous)')).toBe(true);
    expect(spans.some((span) => span.path.endsWith('.test.ts'))).toBe(false);
  });

  test(`run ${MAX_FUNCTION_LINES} lines at most`, () => {
    expect(tooLong(spans), 'split these into named steps, one concern each').toEqual([]);
  });
});
