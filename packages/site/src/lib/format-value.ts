import type { Unit } from '@benchfolio/parsers';

// Readable numbers for reports: three significant digits in a scaled unit. Decimal prefixes
// for bytes and rates (MB/s = 10^6 B/s), as storage vendors and fio's second figure print them.

const SCALES: Record<Unit, readonly (readonly [number, string])[]> = {
  B: [
    [1e12, 'TB'],
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'kB'],
    [1, 'B'],
  ],
  'B/s': [
    [1e9, 'GB/s'],
    [1e6, 'MB/s'],
    [1e3, 'kB/s'],
    [1, 'B/s'],
  ],
  ns: [
    [1e9, 's'],
    [1e6, 'ms'],
    [1e3, 'µs'],
    [1, 'ns'],
  ],
  s: [[1, 's']],
  'op/s': [
    [1e6, 'M op/s'],
    [1e3, 'k op/s'],
    [1, 'op/s'],
  ],
  '%': [[1, '%']],
  count: [[1, '']],
};

/** `58312704, 'B/s'` → "58.3 MB/s"; `645320, 'ns'` → "645 µs"; `7118, 'op/s'` → "7.12 k op/s". */
export function formatValue(value: number, unit: Unit): string {
  const scales = SCALES[unit];
  const [factor, suffix] =
    scales.find(([threshold]) => Math.abs(value) >= threshold) ?? (scales.at(-1) as [number, string]);
  const scaled = value / factor;
  const text = Math.abs(scaled) >= 1000 ? Math.round(scaled).toString() : Number(scaled.toPrecision(3)).toString();
  return suffix === '' ? text : suffix === '%' ? `${text}%` : `${text} ${suffix}`;
}
