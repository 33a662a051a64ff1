import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allCorpusFiles } from './corpus.ts';
import {
  concatenateOutputs,
  deleteLine,
  duplicateLine,
  escapeHtml,
  flipLineEnds,
  htmlEscape,
  insertPrintableJunk,
  insertUnicodeJunk,
  MUTATIONS,
  type Mutation,
  mutatedOutput,
  mutatedSample,
  prefixPromptLine,
  repeatOutput,
  replaceNumberWithHugeNumber,
  replaceNumberWithNonNumber,
  splitLines,
  swapLines,
  truncateAtLineBoundary,
  truncateAtOffset,
} from './mutations.ts';

const SEED = 7;
const RUNS = { numRuns: 100, seed: SEED };

const corpusTexts = allCorpusFiles().map((file) => file.text);
/** Small texts with the shapes mutations must handle: no final line end, CRLF, one line. */
const shapes = ['a=1\nb=22\nc=333\n', 'x 1.5\r\ny 2.25\r\n', 'one line, no end 42', 'l1\n\nl3'];
const texts = [...shapes, ...corpusTexts];

/** Checks `check(original, mutated)` over mutations of every text. */
function forEachMutated(mutation: Mutation, check: (original: string, mutated: string) => void, sources = texts) {
  fc.assert(
    fc.property(
      fc.constantFrom(...sources).chain((text) => mutation(text, sources).map((mutated) => [text, mutated] as const)),
      ([original, mutated]) => {
        check(original, mutated);
      },
    ),
    RUNS,
  );
}

const sortedLines = (text: string) => splitLines(text).sort();

describe('mutations', () => {
  it.each(Object.entries(MUTATIONS))('%s always gives a string', (_name, mutation) => {
    forEachMutated(mutation, (_original, mutated) => expect(typeof mutated).toBe('string'));
  });

  it('truncateAtOffset gives a strict prefix', () => {
    forEachMutated(truncateAtOffset, (original, mutated) => {
      expect(mutated.length).toBeLessThan(original.length);
      expect(original.startsWith(mutated)).toBe(true);
    });
  });

  it('truncateAtLineBoundary gives a strict prefix that ends with a line end or is empty', () => {
    forEachMutated(truncateAtLineBoundary, (original, mutated) => {
      expect(mutated.length).toBeLessThan(original.length);
      expect(original.startsWith(mutated)).toBe(true);
      expect(mutated === '' || mutated.endsWith('\n')).toBe(true);
    });
  });

  it('deleteLine removes exactly one line', () => {
    forEachMutated(deleteLine, (original, mutated) => {
      // Deleting the only line leaves an empty text, which is one empty line.
      expect(splitLines(mutated).length).toBe(Math.max(1, splitLines(original).length - 1));
    });
  });

  it('duplicateLine adds one copy of an existing line', () => {
    forEachMutated(duplicateLine, (original, mutated) => {
      const lines = splitLines(mutated);
      expect(lines.length).toBe(splitLines(original).length + 1);
      expect(lines.some((line, index) => line === lines[index + 1])).toBe(true);
    });
  });

  it('swapLines keeps the same lines in another order', () => {
    forEachMutated(swapLines, (original, mutated) => {
      expect(sortedLines(mutated)).toEqual(sortedLines(original));
      expect(mutated.length).toBe(original.length);
    });
  });

  it('replaceNumberWithNonNumber changes one number and leaves the text around it', () => {
    forEachMutated(replaceNumberWithNonNumber, (original, mutated) => {
      if (!/\d/.test(original)) return expect(mutated).toBe(original);
      expect(mutated).not.toBe(original);
      const prefix = commonPrefixLength(original, mutated);
      const suffix = commonSuffixLength(original.slice(prefix), mutated.slice(prefix));
      expect(original.slice(prefix, original.length - suffix)).toMatch(/^[\d.]*$/);
    });
  });

  it('replaceNumberWithHugeNumber puts a number beyond 2^53 in place of one', () => {
    forEachMutated(replaceNumberWithHugeNumber, (original, mutated) => {
      if (!/\d/.test(original)) return expect(mutated).toBe(original);
      expect(mutated).toMatch(/1e309|\d{20}/);
    });
  });

  it.each([
    ['insertPrintableJunk', insertPrintableJunk, /^[\x20-\x7e]+$/],
    ['insertUnicodeJunk', insertUnicodeJunk, /^[\s\S]+$/u],
  ] as const)('%s inserts junk at one offset and keeps the rest', (_name, mutation, junk) => {
    forEachMutated(mutation, (original, mutated) => {
      expect(mutated.length).toBeGreaterThan(original.length);
      const prefix = commonPrefixLength(original, mutated);
      // The original is the mutated text with one contiguous piece taken out.
      const inserted = mutated.length - original.length;
      expect(mutated.slice(0, prefix) + mutated.slice(prefix + inserted)).toBe(original);
      expect(mutated.slice(prefix, prefix + inserted)).toMatch(junk);
    });
  });

  it('flipLineEnds turns LF into CRLF and back', () => {
    forEachMutated(
      flipLineEnds,
      (original, mutated) => {
        expect(mutated.includes('\r\n')).toBe(!original.includes('\r\n') && original.includes('\n'));
        const [back] = fc.sample(flipLineEnds(mutated, []), 1);
        expect(back).toBe(original);
      },
      // Only texts with one kind of line end come back unchanged.
      texts.filter((text) => !text.includes('\r') || !/[\r\n]/.test(text.replaceAll('\r\n', ''))),
    );
  });

  it('prefixPromptLine adds one line before the original', () => {
    forEachMutated(prefixPromptLine, (original, mutated) => {
      expect(mutated.endsWith(`\n${original}`)).toBe(true);
      expect(mutated.slice(0, mutated.length - original.length - 1)).not.toContain('\n');
    });
  });

  it('htmlEscape leaves no raw <, > or apostrophe, and undoing it gives the original', () => {
    forEachMutated(htmlEscape, (original, mutated) => {
      expect(mutated).not.toMatch(/[<>']/);
      const undone = mutated
        .replaceAll('&#8217;', "'")
        .replaceAll('&gt;', '>')
        .replaceAll('&lt;', '<')
        .replaceAll('&amp;', '&');
      expect(undone).toBe(original);
    });
  });

  it('htmlEscape escapes & first, so an entity in the text is escaped too', () => {
    expect(escapeHtml("a<b> & c's &gt;")).toBe('a&lt;b&gt; &amp; c&#8217;s &amp;gt;');
  });

  it('concatenateOutputs puts a whole output after the original, on a line of its own', () => {
    forEachMutated(concatenateOutputs, (original, mutated) => {
      expect(mutated.startsWith(original)).toBe(true);
      const rest = mutated.slice(original.length);
      const second = original === '' || original.endsWith('\n') ? rest : rest.slice(1);
      expect(texts).toContain(second);
    });
  });

  it('repeatOutput repeats the original two or three times, each on its own lines', () => {
    forEachMutated(repeatOutput, (original, mutated) => {
      const unit = original.endsWith('\n') ? original : `${original}\n`;
      const padded = original.endsWith('\n') ? mutated : `${mutated}\n`;
      const times = padded.length / unit.length;
      expect([2, 3]).toContain(times);
      expect(padded).toBe(unit.repeat(times));
    });
  });

  it('mutations of an empty text give a string without failing', () => {
    for (const mutation of Object.values(MUTATIONS)) {
      expect(typeof fc.sample(mutation('', []), 1)[0]).toBe('string');
    }
  });
});

describe('mutatedOutput', () => {
  it('applies one to three mutations to one of the texts', () => {
    fc.assert(
      fc.property(mutatedSample(shapes), (sample) => {
        expect(sample.mutations.length).toBeGreaterThanOrEqual(1);
        expect(sample.mutations.length).toBeLessThanOrEqual(3);
        expect(sample.sourceIndex).toBeLessThan(shapes.length);
        expect(typeof sample.text).toBe('string');
      }),
      RUNS,
    );
  });

  it('gives the same inputs for the same seed', () => {
    const first = fc.sample(mutatedOutput(texts), { numRuns: 30, seed: SEED });
    const second = fc.sample(mutatedOutput(texts), { numRuns: 30, seed: SEED });
    expect(second).toEqual(first);
  });

  it('prints a counterexample short enough to read', () => {
    const [sample] = fc.sample(mutatedSample([corpusTexts.reduce((a, b) => (a.length > b.length ? a : b))]), {
      numRuns: 1,
      seed: SEED,
    });
    expect(fc.stringify(sample).length).toBeLessThan(1000);
  });

  it('refuses an empty list of texts', () => {
    expect(() => mutatedOutput([])).toThrow(/at least one text/);
  });
});

function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
}

function commonSuffixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[a.length - 1 - length] === b[b.length - 1 - length]) length++;
  return length;
}
