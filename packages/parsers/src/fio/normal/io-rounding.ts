import { sizeFactor } from '../../units.ts';

/**
 * fio 2.20 to 3.25 print some sizes one unit low: `io=24.0GiB (26.8GB)` for 24.96 GiB.
 *
 * num2str (lib/num2str.c) divides by 1024 (or 1000) until the number fits, keeps the last
 * remainder, and prints it as the decimals: `sprintf(tmp, "%.*f", decimals, modulo / 1024.0)`,
 * then `"%llu.%s", num, &tmp[2]`. A remainder of 0.95 or more rounds to "1.0", whose digits after
 * the point are "0": the carry into `num` is lost. fio commit 9e55f2c7 (fio 2.20, "Fix num2str()
 * output when modulo != -1U") brought this code in; c736b361 (fio 3.26, "num2str: fix precision
 * loss bug when the fractional part is close to 1") added the missing `if (tmp[0] == '1') num++`.
 *
 * Such a figure shows as a whole number of one or two digits with zero decimals (`24.0`, `1.00`:
 * with three digits num2str prints no decimals and carries right). What the same output says
 * elsewhere tells the two apart: the parenthesised decimal spelling of the group line
 * (`(26.8GB)`, 26.8 × 10^9 ± 0.05 × 10^9, far from 24.0 GiB = 25.8 × 10^9), or a job's issued
 * I/O count times its fixed block size (exact to the byte: every I/O moved one block, when none
 * was short).
 */

/** A size as printed: `mantissa / scale` units of `unitBytes` (`24.0GiB`: 240 / 10 × 2^30). */
export interface PrintedSize {
  mantissa: number;
  scale: number;
  unitBytes: number;
}

/** Where a group line's io was found a unit low (null: it was not), and its digits as printed. */
export interface GroupRounding {
  roundedAt: number | null;
  printed: PrintedSize;
}

/** True when the printed size has the shape num2str's lost carry gives: `N.0`, `N.00`, N < 100. */
export function _mayBeRoundedDown(size: PrintedSize): boolean {
  return size.scale > 1 && size.mantissa % size.scale === 0 && size.mantissa / size.scale < 100 && size.unitBytes > 1;
}

/**
 * True when `otherBytes` (another figure of the same size, good to ± `otherSlackBytes`) lies
 * where the lost carry puts the true value, [N + 0.95, N + 1) units, and not near N: the printed
 * size is one unit low.
 */
export function _isRoundedDown(size: PrintedSize, otherBytes: number, otherSlackBytes: number): boolean {
  if (!_mayBeRoundedDown(size)) return false;
  const whole = size.mantissa / size.scale;
  const low = (whole + 0.95) * size.unitBytes - otherSlackBytes;
  const high = (whole + 1) * size.unitBytes + otherSlackBytes;
  return otherBytes >= low && otherBytes < high && otherBytes > (whole + 0.5) * size.unitBytes;
}

/**
 * The block size of one direction when fixed, in bytes, from a preamble's `bs=`: fio 3.x
 * `(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B`, fio 2.x `4K-4K/4K-4K` (read/write[/trim]).
 * Null for a range (`4K-64K`) or an unknown spelling.
 */
export function _fixedBlockBytes(blockSize: string | null, direction: 'read' | 'write' | 'trim'): number | null {
  if (blockSize === null) return null;
  let range: string | undefined;
  if (blockSize.includes('(R)')) {
    const letter = direction === 'read' ? 'R' : direction === 'write' ? 'W' : 'T';
    range = new RegExp(`\\(${letter}\\) ([^,]+)`).exec(blockSize)?.[1];
  } else {
    range = blockSize.split('/')[direction === 'read' ? 0 : direction === 'write' ? 1 : 2];
  }
  const bounds = range?.trim().split('-');
  if (bounds?.length !== 2 || bounds[0] !== bounds[1]) return null;
  const match = /^(\d+(?:\.\d+)?)([A-Za-z]*)$/.exec(bounds[0] ?? '');
  if (match === null) return null;
  const factor = sizeFactor(match[2] === '' ? 'B' : (match[2] as string), { kbBase: 1024 });
  if (factor === undefined) return null;
  const bytes = Number(match[1]) * factor;
  return Number.isInteger(bytes) && bytes > 0 ? bytes : null;
}
