// What Pagefind indexes of an experiment (integrations/pagefind.ts): one record per experiment,
// made from its catalog entry and its write-up, and written by the build next to its page
// (`/experiments/<id>/search-record.json`), so that an experiment that did not change keeps its
// record from the last build and the index is made without reading any page.

import { hardwareKey } from '../data/index-facets.ts';
import type { CatalogEntry } from './catalog.ts';

/** The fields of Pagefind's `addCustomRecord`, as its Node API takes them. */
export interface SearchRecord {
  url: string;
  content: string;
  language: 'en';
  /**
   * Given back with each result. Pagefind (1.6) indexes every meta value as words of the record,
   * so nothing but words a reader may search for goes here: the card the index shows is a file of
   * its own (`card.json`), not markup whose `class` and `href` every record would match.
   */
  meta: { id: string; title: string; date: string };
  /**
   * What the index filters on, the values its controls send (index-query.ts): tools, the
   * variable's kind, the hardware of any run (hardwareKey), the year, and the runs' filesystems;
   * the experiment's alias (/compare's links); and what /compare and /try find runs by
   * (compare-filters.ts: compare keys, workload kinds, /compare's chips).
   */
  filters: Record<string, string[]> & {
    tool: string[];
    variable: string[];
    hardware: string[];
    year: string[];
    filesystem: string[];
    alias: string[];
  };
  /**
   * The index's orders, each sorted ascending (index-query.ts, pagefindSearch), each ending with
   * the folder name, so that experiments of the same date come in the served pages' order.
   */
  sort: { newest: string; oldest: string; title: string };
}

/** What a search record is made of beside the catalog entry. */
export interface SearchRecordParts {
  /** The experiment's short name in /compare's links (compare/aliases.ts). */
  alias: string;
  /** The rendered write-up; empty when it has none. */
  writeUpHtml: string;
  /** The page's address in the site, without the base. */
  url: string;
}

/** An experiment's search record. */
export function searchRecord(entry: CatalogEntry, parts: SearchRecordParts): SearchRecord {
  const { alias, writeUpHtml, url } = parts;
  const { index } = entry;
  const filesystems = new Set(entry.runs.flatMap((run) => (run.filesystem === undefined ? [] : [run.filesystem])));
  const words = [
    index.title,
    index.summary,
    index.variable.name,
    index.hardwareSummary,
    ...index.authors,
    index.source?.title ?? '',
    ...index.tags,
    ...entry.runs.map((run) => run.id),
    textOfHtml(writeUpHtml),
  ];
  return {
    url,
    content: words.filter((text) => text !== '').join('\n'),
    language: 'en',
    meta: { id: index.id, title: index.title, date: index.date },
    filters: {
      tool: index.tools,
      variable: [index.variable.kind],
      hardware: [...new Set(index.hardware.map(hardwareKey))],
      year: [index.date.slice(0, 4)],
      filesystem: [...filesystems].sort(),
      alias: [alias],
      ...entry.compare.filters,
    },
    sort: {
      newest: `${newestFirstKey(index.date)} ${index.id}`,
      oldest: `${index.date} ${index.id}`,
      title: `${index.title.toLowerCase()} ${index.id}`,
    },
  };
}

/**
 * A date (`2011-07-22`, `2011-07`, `2011`) as text that sorts newest first in ascending order:
 * each digit d becomes 9 − d, and a closing `~` puts a partial date after the fuller ones of the
 * same year or month, as it sorts before them oldest first.
 */
export function newestFirstKey(date: string): string {
  return `${date.replace(/\d/g, (digit) => String(9 - Number(digit)))}~`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of a rendered write-up: tags dropped (blocks end a line), entities read. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(?:script|style)\b[\s\S]*?<\/(?:script|style)>/gi, ' ')
    .replace(/<\/(?:p|h[1-6]|li|tr|pre|blockquote|table)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}
