// The citation line under each figure: who made the experiment and when, where the figure is,
// and, for an experiment taken from a publication (a blog post), that publication as
// experiment.yaml records it. Pure: the page renders it at build time, exports copy its text.

import type { Experiment } from '@benchfolio/parsers/content';
import { formatNames, formatPartialDate } from '../lib/format.ts';

/** What a figure's citation names, from experiment.yaml. */
export interface FigureCitation {
  experimentTitle: string;
  authors: readonly string[];
  /** As precise as experiment.yaml gives it: `2011-07`, `2026-11-21`. */
  date: string;
  source?: { title: string; author?: string; published?: string; url?: string };
}

/** What a reader takes away from a figure on an experiment page: its link, its image files, its citation. */
export interface FigureTakeaway {
  experimentId: string;
  citation: FigureCitation;
  /** The page's address: absolute when the site's address is known, else its path. */
  pageUrl: string;
}

/** The citation fields of an experiment. */
export function citationOf(experiment: Experiment): FigureCitation {
  const { title, authors, date, source } = experiment;
  return {
    experimentTitle: title,
    authors,
    date,
    ...(source && {
      source: { title: source.title, author: source.author, published: source.published, url: source.url },
    }),
  };
}

/**
 * "Unknown (the page names no author)" → "Unknown": a citation names people; why a name is
 * missing is said on the experiment page.
 */
function citedName(name: string): string {
  return name.replace(/\s*\([^)]*\)\s*$/, '') || name;
}

/**
 * The citation as one line of text: "Evan Hoffman, “ext3 vs ext4 …”, July 2011. benchfolio,
 * figure “Write IOPS”, <url>. Source: “Benchmarking …”, Evan Hoffman, July 22, 2011, <url>."
 * `figureUrl` is the page's address with the figure's anchor.
 */
export function citationText(citation: FigureCitation, figureTitle: string, figureUrl: string): string {
  const authors = formatNames(citation.authors.map(citedName));
  const made = `${authors}, “${citation.experimentTitle}”, ${formatPartialDate(citation.date)}.`;
  const here = `benchfolio, figure “${figureTitle}”, ${figureUrl}.`;
  const { source } = citation;
  if (source === undefined) return `${made} ${here}`;
  const parts = [
    `“${source.title}”`,
    source.author,
    source.published && formatPartialDate(source.published),
    source.url,
  ].filter((part): part is string => part !== undefined && part !== '');
  return `${made} ${here} Source: ${parts.join(', ')}.`;
}
