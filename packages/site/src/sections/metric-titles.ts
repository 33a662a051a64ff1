// Titles readers see for the metrics of published tables (measurements.csv), and which way each
// improves: any tool's, named in the words of DESIGN.md "Measurements". Raw outputs' metrics are
// titled by their tool's descriptor (src/tools/).

import { fioMetricTitle, STAT_TITLES } from '../tools/fio/words.ts';
import type { BetterIs } from '../view/model.ts';

/**
 * Published (measurements.csv) metrics: a title from the name, in fio's words where they fit.
 * "write.iops" → "Write IOPS", "request_time.mean" → "Request time, mean", "write.time" → "Write time".
 */
export function publishedMetricTitle(metric: string): string {
  const fio = fioMetricTitle(metric);
  if (fio !== metric) return fio;
  const parts = metric.split('.');
  const last = parts.at(-1) ?? '';
  const stat = parts.length > 1 && (last in STAT_TITLES || /^p\d/.test(last)) ? (STAT_TITLES[last] ?? last) : undefined;
  const words = (stat === undefined ? parts : parts.slice(0, -1))
    .join(' ')
    .split('_')
    .join(' ')
    .replace(/\biops\b/g, 'IOPS')
    .replace(/\bbw\b/g, 'bandwidth');
  const text = stat === undefined ? words : `${words}, ${stat}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Which way a published metric improves, from its unit and name: rates higher, times and
 * latencies lower, a standard deviation lower (less spread). `neither` for counts and sizes.
 */
export function publishedBetterIs(metric: string, unit: string): BetterIs {
  if (/(?:^|\.)(?:stddev|min|max)$/.test(metric) && unit !== 's' && unit !== 'ns') return 'neither';
  if (unit === 'op/s' || unit === 'B/s') return 'higher';
  if (unit === 's' || unit === 'ns') return 'lower';
  return 'neither';
}
