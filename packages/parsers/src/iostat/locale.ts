import type { ParseWarning } from '../parser.ts';
import type { DateOrder } from './time.ts';

/**
 * The locale an iostat text output was printed in, read from the output itself. iostat prints
 * its numbers with printf in the LC_NUMERIC locale (common.c init_nls) and never groups
 * thousands, so a number has at most one mark, the locale's decimal mark: `0,21` in fr_FR or
 * de_DE is 0.21, never 21 nor two values. Its dates are `%x` in the LC_TIME locale. Each is
 * decided once per output (a banner starts a new one), from the first line that shows it, and
 * then holds for every value: a number written with the other mark is an error, not a guess.
 * The JSON output (`-o JSON`) is always written with decimal points (iostat.c switches
 * LC_NUMERIC to C for it), but its dates are in the locale too.
 */

/** Character codes of the two decimal marks; 0 stands for not decided yet. */
export const DECIMAL_POINT = 46;
export const DECIMAL_COMMA = 44;
export type DecimalMark = typeof DECIMAL_POINT | typeof DECIMAL_COMMA;

const ZERO = 48;
const NINE = 57;

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

/**
 * The decimal mark of the numbers in `line[from, to)`: the first `.` or `,` between two digits,
 * or 0 when there is none (integers only: read the same either way).
 */
export function decimalMarkIn(line: string, from: number, to: number): DecimalMark | 0 {
  for (let i = from + 1; i < to - 1; i++) {
    const code = line.charCodeAt(i);
    if ((code === DECIMAL_POINT || code === DECIMAL_COMMA) && isDigit(line.charCodeAt(i - 1))) {
      if (isDigit(line.charCodeAt(i + 1))) return code;
    }
  }
  return 0;
}

/** The mark a token written with the other one uses, for the error message; null otherwise. */
export function otherMarkIn(line: string, start: number, end: number, mark: DecimalMark): string | null {
  const other = mark === DECIMAL_POINT ? DECIMAL_COMMA : DECIMAL_POINT;
  for (let i = start; i < end; i++) if (line.charCodeAt(i) === other) return String.fromCharCode(other);
  return null;
}

/** The words for a mark in messages. */
export function markName(mark: DecimalMark): string {
  return mark === DECIMAL_COMMA ? 'a decimal comma' : 'a decimal point';
}

const SLASH_DATE = /(?:^|[ \t])(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?=[ \t]|$)/;

/**
 * What a date proves about the order of a slash date: `24/11/2026` is day first, `11/24/26`
 * month first; `05/11/2026`, a dotted or an ISO date proves nothing (null).
 */
export function dateOrderShownBy(text: string): DateOrder | null {
  const match = SLASH_DATE.exec(text);
  if (match === null) return null;
  const first = Number(match[1]);
  const second = Number(match[2]);
  if (first > 12 && second <= 12) return 'day-first';
  if (second > 12 && first <= 12) return 'month-first';
  return null;
}

/** Whether a text holds a slash date at all (then its order matters). */
export function hasSlashDate(text: string): boolean {
  return SLASH_DATE.test(text);
}

export interface DateOrderChoice {
  order: DateOrder;
  /** Said when the order was not shown by a date but guessed. */
  warning: Omit<ParseWarning, 'line' | 'column'> | null;
}

/**
 * The order of an output's slash dates, from its dates read so far (the banner's, the first
 * timestamp's): a day above 12 shows it. Else a guess, said in a warning (except for the C
 * locale's own form): with decimal commas, day first, as the locales that write them do (glibc:
 * es_ES `%d/%m/%y`, fr_FR, it_IT, pt_BR `%d/%m/%Y`, 49 locales; only ab_GE and ka_GE write
 * `%m/%d/%Y`); with decimal points, month first, as the C locale's `%x` (`%m/%d/%y`) and en_US
 * (`%m/%d/%Y`) write it.
 */
export function chooseDateOrder(dates: readonly string[], mark: DecimalMark | 0): DateOrderChoice {
  let slashDate: string | null = null;
  for (const date of dates) {
    const shown = dateOrderShownBy(date);
    if (shown !== null) return { order: shown, warning: null };
    if (slashDate === null && hasSlashDate(date)) slashDate = date.trim();
  }
  if (slashDate === null) return { order: 'month-first', warning: null };
  const isLongYear = /\/\d{4}(?:[ \t]|$)/.test(slashDate);
  const isComma = mark === DECIMAL_COMMA;
  // A 2-digit year with decimal commas is day first too: es_ES writes `%d/%m/%y` (a real
  // sysstat 11.2 output in the corpus, dated 02/04/17, was committed on 2017-04-02).
  const order: DateOrder = isComma ? 'day-first' : 'month-first';
  if (!isLongYear && !isComma) return { order, warning: null };
  const why = isComma
    ? isLongYear
      ? 'as the locales that write decimal commas and 4-digit years do'
      : 'as the locales that write decimal commas and 2-digit years (es_ES) do'
    : mark === DECIMAL_POINT
      ? 'as en_US, which writes decimal points and 4-digit years, does'
      : "as en_US does (the output's numbers do not show its locale)";
  const words = order === 'day-first' ? 'day first' : 'month first';
  return {
    order,
    warning: {
      code: 'DATE_ORDER_GUESSED',
      message: `the date ${slashDate} may be day or month first; read ${words}, ${why}`,
    },
  };
}
