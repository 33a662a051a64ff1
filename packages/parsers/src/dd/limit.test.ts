import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinRegistry } from '../builtin.ts';
import { MAX_DD_INPUT_CHARS, parseDd, safeParseDd } from './index.ts';

// A real dd report (coreutils 9.1, 8 MiB copied with oflag=direct, made here), written over and
// over as a loop of dd runs would print it.
const REPORT = readFileSync(new URL('../../fixtures/dd/dd-9.1--direct.input.txt', import.meta.url), 'utf8');
const REPORTS_UNDER_LIMIT = Math.floor(MAX_DD_INPUT_CHARS / REPORT.length);

describe('the 1 MiB limit of a dd output', () => {
  it('reads an output at the limit whole: every report a run', () => {
    const output = parseDd(REPORT.repeat(REPORTS_UNDER_LIMIT));
    expect(output.result.runs).toHaveLength(REPORTS_UNDER_LIMIT);
    expect(output.result.runs.at(-1)?.transfer?.bytesCopied).toBe(8388608);
  });

  it('refuses a longer one as TOO_LARGE at the first character past the limit', () => {
    const text = REPORT.repeat(REPORTS_UNDER_LIMIT + 1);
    // Where character 4,194,305 is, read off the text.
    const before = text.slice(0, MAX_DD_INPUT_CHARS);
    const line = before.split('\n').length;
    const column = MAX_DD_INPUT_CHARS - before.lastIndexOf('\n');
    const result = safeParseDd(text, { name: 'dd.log' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toMatchObject({ code: 'TOO_LARGE', tool: 'dd', line, column, file: 'dd.log' });
    expect(result.error.message).toContain('1,048,576 characters (1 MiB), the limit for a dd output');
    // Detected, through the registry, alike.
    expect(builtinRegistry.safeParse(text)).toMatchObject({ success: false, error: { code: 'TOO_LARGE', line } });
  });
});
