import type { ContentIssue } from './yaml-document.ts';

// index.md is Markdown the site renders; raw HTML would be rendered as is, so it is refused:
// tags, comments, and links or images to scripts. Fenced and inline code may show anything.
const HTML = /<\s*\/?\s*[a-z!?]/i;
const SCRIPT_LINK = /\]\(\s*(?:javascript|data|vbscript):/i;
const FENCE = /^\s{0,3}(```|~~~)/;

/** Every line of an index.md that holds raw HTML or a script link, outside code. */
export function checkMarkdown(text: string, file: string): ContentIssue[] {
  const issues: ContentIssue[] = [];
  let fence: string | undefined;
  text.split(/\r?\n/).forEach((line, index) => {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch !== null) {
      const marker = fenceMatch[1] as string;
      if (fence === undefined) fence = marker;
      else if (fence === marker) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    // Inline code spans are shown literally; blank them before looking for markup.
    const prose = line.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));
    for (const [pattern, message] of [
      [HTML, 'raw HTML is not allowed in index.md: write Markdown (the site renders it)'],
      [SCRIPT_LINK, 'links must be http(s) or relative, never javascript: or data:'],
    ] as const) {
      const match = pattern.exec(prose);
      if (match !== null) issues.push({ file, line: index + 1, column: match.index + 1, message });
    }
  });
  return issues;
}
