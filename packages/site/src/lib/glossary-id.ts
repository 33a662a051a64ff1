// Where a metric is explained: its entry on the glossary page. One rule for the page's anchors
// and for the links charts make to them.

import { href } from './url.ts';

/** The glossary's path, under the site's base. */
export const GLOSSARY_PATH = 'glossary/';

/**
 * The anchor of a tool's metric, `fio-write-clat-p99`, `bonnie-putc`, `iostat-util`: the tool and
 * the measurement name, lowercased, anything but letters and digits turned into one hyphen.
 */
export function glossaryId(tool: string, metric: string): string {
  return `${tool}-${metric}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The link to a metric's entry (or to a concept's, by its id). */
export function glossaryHref(id: string, base?: string): string {
  return `${base === undefined ? href(GLOSSARY_PATH) : href(GLOSSARY_PATH, base)}#${id}`;
}

/**
 * Entries that explain a kind of figure rather than one metric: the anchors charts link to when
 * they show a distribution or a device's figures over time.
 */
export const GLOSSARY_CONCEPTS = {
  fioLatency: 'fio-latency',
  fioSamples: 'fio-samples',
  publishedSd: 'published-sd',
  sysbenchHistogram: 'sysbench-latency-histogram',
  bonnieTooFast: 'bonnie-too-fast',
  iostat: 'iostat-devices',
  sadf: 'sadf-devices',
  welch: 'welch-t-test',
  pValue: 'p-value',
  withinNoise: 'within-the-noise',
  geometricMean: 'geometric-mean',
  ratioNotation: 'ratio-notation',
} as const;

/** The entry a tool's devices-over-time figure links to: iostat's, or sadf's (sar files). */
export function devicesConcept(tool: string): string {
  return tool === 'sadf' ? GLOSSARY_CONCEPTS.sadf : GLOSSARY_CONCEPTS.iostat;
}
