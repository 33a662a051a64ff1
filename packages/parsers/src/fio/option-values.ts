/**
 * fio's option values as its parser reads them (parse.c) and as its job line prints them
 * (init.c), for fingerprints: booleans, sizes, times.
 */

/** fio's boolean option spellings; null for anything else. */
export function _isFlagValue(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (/^(?:1|true|yes|on)$/.test(value)) return true;
  if (/^(?:0|false|no|off)$/.test(value)) return false;
  return null;
}

/**
 * A size as fio reads an option (parse.c): a number with an optional K/M/G/T/P prefix and B.
 * With kb_base=1024 (the default) `4k`, `4K`, `4KB` are 4096 and `4KiB` is 4000 (fio's
 * compatibility mode gives SI prefixes powers of 2 and IEC ones powers of 10); with
 * kb_base=1000 the other way round. The job line's `4096B` is bytes. Null for anything else
 * (`100%`).
 */
export function _readFioSize(text: string, kbBase: 1000 | 1024): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgtp]?)(i?)(b?)\s*$/i.exec(text);
  if (match === null) return null;
  const value = Number(match[1]);
  const prefix = (match[2] ?? '').toLowerCase();
  if (prefix === '') return match[3] === '' ? value : null;
  const isIec = match[3] !== '';
  const base = isIec ? (kbBase === 1024 ? 1000 : 1024) : kbBase;
  return value * base ** ('kmgtp'.indexOf(prefix) + 1);
}

/**
 * A size as fio prints it on the job line: 1.x/2.x `to_kmg` (`8K`, `1M`: powers of 1024), 3.x
 * `num2str` in bytes (`4096B`) or, past four figures, with IEC units (`64.0KiB`) or, with
 * kb_base=1000, SI ones (`64.0kB`). Null for anything else.
 */
export function _readPrintedSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([KMGTP]?)(i?)(B?)\s*$/i.exec(text);
  if (match === null) return null;
  const value = Number(match[1]);
  const prefix = (match[2] ?? '').toUpperCase();
  if (prefix === '') return value;
  // `64.0kB` (3.x, kb_base=1000) is the only form in powers of 1000: a B without the i.
  const base = match[3] === '' && match[4] !== '' ? 1000 : 1024;
  return Math.round(value * base ** ('KMGTP'.indexOf(prefix) + 1));
}

/** fio's time options: seconds by default, or with a `us`/`ms`/`s`/`m`/`h`/`d` suffix. */
export function _readSeconds(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(us|usec|ms|msec|s|sec|m|min|h|d)?\s*$/i.exec(text);
  if (match === null) return null;
  const factor: Record<string, number> = {
    us: 1e-6,
    usec: 1e-6,
    ms: 1e-3,
    msec: 1e-3,
    s: 1,
    sec: 1,
    m: 60,
    min: 60,
    h: 3600,
    d: 86400,
  };
  return Number(match[1]) * (factor[(match[2] ?? 's').toLowerCase()] ?? 1);
}
