// No function of the repository's TypeScript scripts (scripts/*.ts and the runner tests'
// helpers in scripts/runner/) runs over 80 lines, as in the library (measured the same way, by
// packages/parsers/test/function-spans.ts). Tests are left out; no function is excused.

import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type FunctionSpan,
  MAX_FUNCTION_LINES,
  measureFunctions,
  scriptsUnder,
  tooLong,
} from '../packages/parsers/test/function-spans.ts';

const SCRIPTS_DIR = fileURLToPath(new URL('.', import.meta.url));

describe('functions of scripts/*.ts and scripts/runner/*.ts', () => {
  let spans: FunctionSpan[] = [];

  beforeAll(async () => {
    const scripts = [
      ...(await scriptsUnder(SCRIPTS_DIR, '.', { recursive: false })),
      ...(await scriptsUnder(SCRIPTS_DIR, 'runner', { recursive: false })),
    ];
    spans = measureFunctions(scripts);
  }, 60_000);

  test('are found in both folders', () => {
    const names = spans.map((span) => `${span.path} ${span.name}`);
    expect(names).toContain('import-seeds.ts importSeeds');
    expect(spans.some((span) => span.path.startsWith('runner/'))).toBe(true);
    expect(spans.some((span) => span.path.endsWith('.test.ts'))).toBe(false);
  });

  test(`run ${MAX_FUNCTION_LINES} lines at most`, () => {
    expect(tooLong(spans), 'split these into named steps, one concern each').toEqual([]);
  });
});
