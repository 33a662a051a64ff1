// A published run's iostat log summarised as the reader's is (iostat-summary.ts): its raw file is
// fetched from the site (the same bytes the run folder holds) and parsed in the page.

import { parse } from '@benchfolio/parsers';
import { iostatResultOf } from '../../tools/iostat/sections.ts';
import { type IostatSummary, iostatSummary } from './iostat-summary.ts';

/** The summary of the iostat log at `href`; rejects when it cannot be fetched or is no iostat output. */
export async function publishedIostatSummary(href: string, name: string): Promise<IostatSummary> {
  const response = await fetch(href);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${href}`.replace('  ', ' '));
  const result = iostatResultOf(parse(await response.text(), { name }));
  if (result === undefined) throw new Error(`${name} is not an iostat output`);
  return iostatSummary(result);
}
