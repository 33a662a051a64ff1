import { describe, expect, it } from 'vitest';
import { parse } from '../src/index.ts';
import { TOOL_NAMES } from '../src/tools.ts';
import { classifyCut, cutOffsets, truncationInputs } from './truncation.ts';

/**
 * Every real output of every tool, cut at every line end (just after it and just before it) and
 * at random bytes, gives an error, a TRUNCATED warning, the whole's measurements, or (for a series)
 * exactly its first complete entries: never a shorter result that looks whole (test/truncation.ts).
 * The tool is given, as run.yaml gives it to validate; the format is detected, as there, and the
 * file name is given as validate gives it (fio's logs take their kind from it).
 */
describe.each(TOOL_NAMES.map((tool) => [tool]))('a cut %s output', (tool) => {
  const inputs = truncationInputs(tool).filter((input) => {
    try {
      parse(input.text, { tool, name: input.label });
      return true;
    } catch {
      // Outputs the parser rightly refuses whole (kept for their errors) have no whole to compare.
      return false;
    }
  });

  it('has real outputs to cut', () => {
    expect(inputs.length).toBeGreaterThan(0);
  });

  it.each(inputs.map((input) => [input.label, input]))('is never a silent partial result: %s', (_label, input) => {
    const whole = parse(input.text, { tool, name: input.label });
    const silent: string[] = [];
    for (const offset of cutOffsets(input.text)) {
      const cutText = input.text.slice(0, offset);
      if (cutText.trim() === '') continue;
      const { outcome, detail } = classifyCut(tool, whole, () => parse(cutText, { tool, name: input.label }), {
        text: input.text,
        offset,
      });
      if (outcome === 'silent') {
        const line = cutText.split('\n').length;
        silent.push(`cut at byte ${offset} (line ${line}): ${detail}`);
      }
    }
    expect(silent, `${input.label} cut gave a shorter result with no warning`).toEqual([]);
  });
});
