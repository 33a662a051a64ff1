import { z } from 'zod';

// Text fields are rendered by the site: plain text only. A tag (`<b>`, `<script>`, `<!--`) or
// an inline event handler would be markup a browser might run or render; neither belongs in
// data. Markdown belongs in index.md, which is checked on its own.
const MARKUP = /<\s*\/?\s*[a-z!?]|\bjavascript:/i;

/** One line or paragraph of plain text, trimmed, never empty. */
export const plainText = z
  .string()
  .trim()
  .min(1)
  .refine((text) => !MARKUP.test(text), 'must be plain text, without HTML tags or scripts');

/** A short name: one line of plain text. */
export const plainLine = plainText.refine((text) => !text.includes('\n'), 'must fit on one line');

/** A web address the site links to: http or https only (never javascript: or data:). */
export const webUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

/** Folder and file slugs: lowercase words joined by hyphens. */
export const SLUG = /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/;

/**
 * A date as precise as the source allows: `2011-07-22`, `2011-07` or `2014` (an undated post
 * whose year is inferred says so in `date_note`).
 */
export const partialDate = z
  .string()
  .regex(/^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/, {
    message: 'a date: YYYY-MM-DD, YYYY-MM or YYYY',
    abort: true,
  })
  .refine((text) => text.length < 10 || !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), 'not a calendar date');
