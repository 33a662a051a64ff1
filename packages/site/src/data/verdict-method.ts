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
 * How a verdict metric was decided, as parts of one or two sentences: the same for every metric
 * judged the same way, so the page says it once for a run of such metrics.
 */
export function decidedText(data: MetricComparison): DecidedPart[] {
  const approx = { text: '≈', glossary: GLOSSARY_CONCEPTS.withinNoise };
  if (data.noise !== undefined) {
    return [
      'How this was decided: ',
      { text: 'Welch’s t-test', glossary: GLOSSARY_CONCEPTS.welch },
      ` on each pair of runs’ ${repeatsOf(data)}. Bold marks a lead beyond the noise (`,
      { text: 'p', glossary: GLOSSARY_CONCEPTS.pValue },
      ` < ${data.noise.alpha}); runs within it are joined by `,
      approx,
      ' and not counted. Numbers with an error finding are not ranked.',
    ];
  }
  const why = hasRepeats(data) ? 'not every run has repeats' : 'one run each';
  const published = data.cells.some((cell) => cell.spread === 'published-sd')
    ? 'published without the number of values behind each mean (Welch’s t-test needs it)'
    : why;
  const { experiments, pairs } = RUN_TO_RUN_VARIATION;
  return [
    `How this was decided: ${published}, so nothing was tested. A lead of ${variationText()} or less is written `,
    approx,
    ` and not counted: ${variationText()} is the median, over ${experiments} experiments with repeats on this site, of each one’s median gap between two repeats of one run (${pairs} pairs in all). A larger lead reads “ahead by”, not tested. Numbers with an error finding are not ranked.`,
  ];
}
