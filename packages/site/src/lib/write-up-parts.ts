// The write-up (index.md, rendered) cut at its second-level headings, so that the page can show
// the author's findings open and fold what documents the method (method, job files, notes on the
// data, how to reproduce it): still there, one click away, below the results.

export interface WriteUpPart {
  /** The heading's text, as the reader sees it; empty for what comes before the first heading. */
  title: string;
  /** The part's HTML, its heading included. */
  html: string;
  /** Whether the page folds it (method and provenance, not findings). */
  isFolded: boolean;
}

/** Headings of parts that document how the numbers were made rather than what they say. */
const FOLDED_TITLES = /\b(?:method|notes on the data|reproduc|what was run|the hosts|line-up)/i;

/** Text of an HTML fragment: tags dropped, the few entities Markdown renders decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}

/** Splits rendered Markdown before each `<h2`; the text before the first one is a part titled "". */
export function writeUpParts(html: string): WriteUpPart[] {
  const pieces = html.split(/(?=<h2[\s>])/);
  return pieces
    .filter((piece) => piece.trim() !== '')
    .map((piece) => {
      const heading = /^<h2[^>]*>([\s\S]*?)<\/h2>/.exec(piece);
      const title = heading === null ? '' : textOf(heading[1] ?? '');
      return { title, html: piece, isFolded: title !== '' && FOLDED_TITLES.test(title) };
    });
}
