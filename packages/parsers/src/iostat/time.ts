import type { IostatHost } from './schema.ts';

/**
 * Dates and times as iostat prints them. The banner date is strftime `%x` and a `-t` timestamp
 * `%x %X` in the locale of the run (iostat.c write_sample_timestamp), or `%F`/`%FT%T%z` with
 * S_TIME_FORMAT=ISO. The forms read here: `11/21/26` and `11/21/2026` (C and en_US: month
 * first), `21/11/2026` (fr and others: day first; which of the two an output writes is decided
 * once per output, see locale.ts), `21.11.2026` (de and others), `2026-11-21`; times `14:11:56`
 * and `02:11:56 PM`.
 */

/** Which field of a slash date (`11/05/26`) is the month: the locale's `%x` order. */
export type DateOrder = 'month-first' | 'day-first';

// One banner: `Linux 6.1.0 (host) 	11/21/26 	_x86_64_	(2 CPU)`. Each part is a run of
// non-space characters between single separators, so the match is linear.
const BANNER = /^(\S+)[ \t]+(\S+)[ \t]+\(([^()\s]*)\)[ \t]+(\S+)(?:[ \t]+_(\S+)_)?(?:[ \t]+\((\d+) CPU\))?[ \t]*$/;
const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
const DOT_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{1,2}):(\d{2}):(\d{2})$/;
const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})([+-]\d{2}):?(\d{2})$/;
const ISO_TIMESTAMP_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:[+-]\d{2}:?\d{2}|Z)?$/;
const DATE_SHAPE = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}$/;
const MERIDIEM = /^(?:AM|PM|am|pm)$/;

/** The banner line, or null when the line is not one. */
export function parseBanner(line: string): IostatHost | null {
  const match = BANNER.exec(line.trim());
  if (match === null) return null;
  const [, system = '', release = '', host = '', date = '', arch, cpus] = match;
  const dateIso = dateToIso(date);
  // The date tells a banner from any other line of this shape.
  if (dateIso === null && !/\d/.test(date)) return null;
  return {
    system,
    release,
    host,
    date,
    dateIso,
    arch: arch ?? null,
    cpuCount: cpus === undefined ? null : Number(cpus),
  };
}

/** A `%x` date as YYYY-MM-DD (a slash date read in `order`), or null for a form this reader does not know. */
export function dateToIso(date: string, order: DateOrder = 'month-first'): string | null {
  let match = ISO_DATE.exec(date);
  if (match !== null) return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = SLASH_DATE.exec(date);
  if (match !== null) {
    const first = Number(match[1]);
    const second = Number(match[2]);
    const year = fullYear(match[3] ?? '');
    return order === 'month-first' ? validDate(year, first, second) : validDate(year, second, first);
  }
  match = DOT_DATE.exec(date);
  if (match !== null) return validDate(fullYear(match[3] ?? ''), Number(match[2]), Number(match[1]));
  return null;
}

/**
 * A timestamp line of `-t`, or null when the line is not one. A line of the right shape whose
 * date or time is out of range (or in an unknown order) is still a timestamp, with `iso` null.
 */
export function parseTimestamp(
  line: string,
  order: DateOrder = 'month-first',
): { iso: string | null; text: string } | null {
  const text = line.trim();
  const common = slashTimestamp(text, order);
  if (common !== null) return common;
  if (ISO_TIMESTAMP_SHAPE.test(text)) {
    const iso = ISO_TIMESTAMP.exec(text);
    if (iso === null) return { iso: null, text };
    const [, date = '', clock = '', hours = '', minutes = ''] = iso;
    const isValid = dateToIso(date) !== null && clockToIso(clock, undefined) !== null && Number(hours.slice(1)) <= 14;
    return { iso: isValid ? `${date}T${clock}${hours}:${minutes}` : null, text };
  }
  // `Time: 02:11:56 PM` (sysstat before 9.0) has no date.
  const body = text.startsWith('Time: ') ? text.slice(6).trim() : text;
  const parts = body.split(/[ \t]+/);
  if (parts.length > 3) return null;
  const [first = '', second, third] = parts;
  const hasDate = DATE_SHAPE.test(first);
  if (!hasDate && !CLOCK.test(first)) return null;
  const clockText = hasDate ? second : first;
  const meridiem = hasDate ? third : second;
  if (clockText === undefined || !CLOCK.test(clockText)) return null;
  if (meridiem !== undefined && !MERIDIEM.test(meridiem)) return null;
  if (parts.length > (hasDate ? 3 : 2)) return null;
  const date = hasDate ? dateToIso(first, order) : null;
  const clock = clockToIso(clockText, meridiem);
  return { iso: date === null || clock === null ? null : `${date}T${clock}`, text };
}

function clockToIso(clock: string, meridiem: string | undefined): string | null {
  const match = CLOCK.exec(clock);
  if (match === null) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3]);
  if (meridiem !== undefined) {
    const upper = meridiem.toUpperCase();
    if ((upper !== 'AM' && upper !== 'PM') || hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (upper === 'PM' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59 || seconds > 60) return null;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** strftime `%y`: 69-99 are 1969-1999, 00-68 are 2000-2068 (POSIX strptime's rule). */
function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return year;
  return year >= 69 ? 1900 + year : 2000 + year;
}

function validDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

const CODE_0 = 48;
const CODE_SPACE = 32;
const CODE_SLASH = 47;
const CODE_COLON = 58;

/** The number of the two digits at `at`, or -1 when either is no digit. */
function digitPair(text: string, at: number): number {
  const tens = text.charCodeAt(at) - CODE_0;
  const ones = text.charCodeAt(at + 1) - CODE_0;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1;
}

/**
 * The most frequent timestamp, `11/21/26 14:11:56` or `11/21/2026 14:11:56` (every field two
 * digits, the year two or four, one space), read from its characters without a regex: one per
 * report of a `-t` log. The same reading as parseTimestamp's (in `order`, `%y` by fullYear,
 * the same ranges); null for any other shape, which parseTimestamp then reads. The separators
 * are checked first, then each digit read once, in pairs.
 */
function slashTimestamp(text: string, order: DateOrder): { iso: string | null; text: string } | null {
  const yearDigits = text.length - 15;
  if (yearDigits !== 2 && yearDigits !== 4) return null;
  const space = 6 + yearDigits;
  if (
    text.charCodeAt(2) !== CODE_SLASH ||
    text.charCodeAt(5) !== CODE_SLASH ||
    text.charCodeAt(space) !== CODE_SPACE ||
    text.charCodeAt(space + 3) !== CODE_COLON ||
    text.charCodeAt(space + 6) !== CODE_COLON
  ) {
    return null;
  }
  const first = digitPair(text, 0);
  const second = digitPair(text, 3);
  const hours = digitPair(text, space + 1);
  const minutes = digitPair(text, space + 4);
  const seconds = digitPair(text, space + 7);
  const hasYearDigits = digitPair(text, 6) >= 0 && (yearDigits === 2 || digitPair(text, 8) >= 0);
  if (first < 0 || second < 0 || hours < 0 || minutes < 0 || seconds < 0 || !hasYearDigits) return null;
  const isMonthFirst = order === 'month-first';
  const month = isMonthFirst ? first : second;
  const day = isMonthFirst ? second : first;
  const isValid = month >= 1 && month <= 12 && day >= 1 && day <= 31 && hours <= 23 && minutes <= 59 && seconds <= 60;
  if (!isValid) return { iso: null, text };
  const yearText = yearDigits === 4 ? text.slice(6, 10) : String(fullYear(text.slice(6, 8)));
  const monthText = isMonthFirst ? text.slice(0, 2) : text.slice(3, 5);
  const dayText = isMonthFirst ? text.slice(3, 5) : text.slice(0, 2);
  return { iso: `${yearText}-${monthText}-${dayText}T${text.slice(space + 1)}`, text };
}
