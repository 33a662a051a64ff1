// Tick values and tick text for value axes, in the metric's unit: the same readable numbers as
// the rest of the site ("20 k op/s", "500 µs"), so an axis reads like the labels on its bars.

import { formatValue } from '../lib/format-value.ts';
import type { BaseUnit } from '../view/model.ts';
import { formatTimes } from './normalize.ts';

/** A tick's text for a value in `unit`; zero is plain "0" (no unit reads better at the origin). */
export function formatTick(value: number, unit: BaseUnit): string {
  return value === 0 ? '0' : formatValue(value, unit);
}

/** A tick's text on an axis of ratios to a baseline: "0.5×", "1×", "2×". */
export function formatRatioTick(ratio: number): string {
  return ratio === 0 ? '0' : formatTimes(ratio);
}

/**
 * Ticks for a log axis over `[low, high]` (both positive): the powers of ten inside it when there
 * are at least two, else the 1-2-5 steps of each decade, else just the two ends. d3's own log
 * ticks label every 1..9 of each decade, too many for a chart a few hundred pixels tall.
 */
export function logTicks(low: number, high: number): number[] {
  const decades: number[] = [];
  const oneTwoFive: number[] = [];
  for (let exponent = Math.floor(Math.log10(low)); exponent <= Math.ceil(Math.log10(high)); exponent++) {
    for (const step of [1, 2, 5]) {
      // Through a string, so a tick is the exact decimal (2e-3 is 0.002, with no float residue).
      const tick = Number(`${step}e${exponent}`);
      if (tick < low * (1 - 1e-9) || tick > high * (1 + 1e-9)) continue;
      oneTwoFive.push(tick);
      if (step === 1) decades.push(tick);
    }
  }
  if (decades.length >= 2) return decades;
  if (oneTwoFive.length >= 2) return oneTwoFive;
  return [low, high];
}
