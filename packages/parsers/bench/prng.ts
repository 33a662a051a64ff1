/**
 * A small seeded pseudo-random generator (mulberry32), so that a bench input is the same bytes
 * from one run to the next and two runs can be compared. Not for anything that needs
 * unpredictability.
 */
export type Random = () => number;

/** Numbers in [0, 1), the same sequence for the same 32-bit seed. */
export function createPrng(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
