// Text for readers, in English. Every function here is pure, so pages render the same anywhere.

const longDate = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });
const conjunction = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/**
 * `2011-07-22` as "July 22, 2011". The day is read and printed in UTC: a calendar date has no
 * time zone, and a local one could move it to the day before.
 */
export function formatIsoDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

const monthYear = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A date as precise as the source gave it: `2011-07-22` as "July 22, 2011", `2020-02` as
 * "February 2020", `2014` as "2014".
 */
export function formatPartialDate(date: string): string {
  if (date.length === 4) return date;
  if (date.length === 7) return monthYear.format(new Date(`${date}-01T00:00:00Z`));
  return formatIsoDate(date);
}

/** "Ada", "Ada and Grace", "Ada, Grace, and Linus". */
export function formatNames(names: readonly string[]): string {
  return conjunction.format(names);
}

/** "fio, bonnie++, sysbench and iostat": a list in running text, no comma before the last word. */
export function formatList(items: readonly string[], conjunction: 'and' | 'or'): string {
  const last = items.at(-1) ?? '';
  return items.length < 2 ? last : `${items.slice(0, -1).join(', ')} ${conjunction} ${last}`;
}

/** "1 experiment", "3 experiments": for nouns whose plural just takes an "s". */
export function formatCount(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/** The host a link leads to, "www.example.com", so readers see where they are going. */
export function formatHost(url: string): string {
  return new URL(url).host;
}
