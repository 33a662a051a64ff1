// The sentence under a verdict that says how it was decided: by Welch's t-test on the runs'
// repeats, or, with one value each, against this project's typical run-to-run variation (its
// figure and where it comes from). Parts name the glossary entries they rely on, for links.

import { GLOSSARY_CONCEPTS } from '../lib/glossary-id.ts';
import { variationText } from '../view/lead.ts';
import type { MetricComparison } from '../view/model.ts';
import { hasRepeats } from '../view/noise.ts';
import { RUN_TO_RUN_VARIATION } from '../view/run-to-run.ts';

/** A piece of the sentence: plain text, or words linked to a glossary entry (its id). */
export type DecidedPart = string | { text: string; glossary: string };

/** "2 repeats", "2–3 repeats": how many values each run of the metric has. */
function repeatsOf(data: MetricComparison): string {
  const counts = [...new Set(data.cells.map((cell) => cell.repeats ?? 1))].sort((a, b) => a - b);
  const low = counts[0] ?? 1;
  const high = counts.at(-1) ?? 1;
  return `${low === high ? low : `${low}–${high}`} repeats`;
}

/**
 * How a verdict metric was decided, as parts of one sentence. `withMean`: its ratio table has a
 * geometric mean row, which the sentence names too.
 */
export function decidedText(data: MetricComparison, withMean: boolean): DecidedPart[] {
  const approx = { text: '≈', glossary: GLOSSARY_CONCEPTS.withinNoise };
  const ratios: DecidedPart[] = [
    ' Ratios against the best are written as in the ',
    { text: 'ratio notation', glossary: GLOSSARY_CONCEPTS.ratioNotation },
    withMean ? '; the last row is their ' : '.',
    ...(withMean ? [{ text: 'geometric mean', glossary: GLOSSARY_CONCEPTS.geometricMean }, '.'] : []),
  ];
  if (data.noise !== undefined) {
    return [
      'How this was decided: ',
      { text: 'Welch’s t-test', glossary: GLOSSARY_CONCEPTS.welch },
      ` on each pair of runs’ ${repeatsOf(data)}; a run is set in bold as the best only where its lead over the next is beyond the noise (`,
      { text: 'p', glossary: GLOSSARY_CONCEPTS.pValue },
      ` < ${data.noise.alpha}), and runs within it are joined by `,
      approx,
      ' and not counted. Numbers with an error finding are not ranked.',
      ...ratios,
    ];
  }
  const why = hasRepeats(data) ? 'not every run has repeats' : 'one run each';
  const published = data.cells.some((cell) => cell.spread === 'published-sd')
    ? 'published without the number of values behind each mean (Welch’s t-test needs it)'
    : why;
  return [
    `How this was decided: ${published}, so nothing was tested. A lead of ${variationText()} or less is written `,
    approx,
    ` and not counted: ${variationText()} is ${RUN_TO_RUN_VARIATION.source}. A larger lead is given as “ahead by”, not tested. Numbers with an error finding are not ranked.`,
    ...ratios,
  ];
}
