import MarkdownIt, { type Options } from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import type { Nesting } from 'markdown-it/lib/token.mjs';
import { CONTENT_LIMITS } from './content-limits.ts';
import type { ContentIssueCode } from './issue-codes.ts';
import { isSafeLinkTarget, linkScheme } from './link-target.ts';
import type { ContentIssue } from './yaml-document.ts';

// index.md is Markdown the site renders (CommonMark with tables). It is read here by a CommonMark
// parser, so that what is checked is what becomes a link: a destination written with character
// references (`java&#115;cript:`), on the next line, in a reference definition or as an autolink
// is checked as the parser decoded it, never as a line of source. markdown-it rather than
// micromark: its time grows in step with the text on every input (micromark took 23 s on 20 kB of
// `*a`, and overflowed its stack on a few thousand `>`), and a write-up comes from strangers.
// Raw HTML is refused (it would be rendered as is); code shows anything.

/** Where an inline token starts in its inline text (state.pos when it was pushed), kept in `meta`. */
interface InlineStart {
  inlineStart: number;
}

/**
 * A parser that keeps every link as written (no scheme is dropped, nothing percent-encoded), with
 * each inline token's offset in its paragraph, and each reference definition's line in `lines`.
 */
function linkParser(definitionLines: Map<string, number>, tooDeep: TooDeep): MarkdownIt {
  const md = new MarkdownIt('commonmark', { html: true });
  // maxNesting is an option of markdown-it's presets that its types leave out.
  md.set({ maxNesting: CONTENT_LIMITS.markdownDepth } as Options);
  md.enable(['table', 'strikethrough']);
  md.validateLink = () => true;
  md.normalizeLink = (url) => url;
  const InlineState = md.inline.State;
  md.inline.State = class extends InlineState {
    override push(type: string, tag: string, nesting: Nesting): Token {
      const token = super.push(type, tag, nesting);
      token.meta = { ...token.meta, inlineStart: this.pos } satisfies InlineStart;
      return token;
    }
  };
  // Definitions make no token: a rule tried first at each block notes its line, and the
  // definitions that appeared since the last note were made at the noted line.
  let lastLine = 0;
  const noteNewDefinitions = (state: StateBlock) => {
    const references = (state.env as { references?: Record<string, unknown> }).references ?? {};
    for (const label of Object.keys(references)) if (!definitionLines.has(label)) definitionLines.set(label, lastLine);
  };
  md.block.ruler.before('table', 'benchfolio_definition_lines', (state, startLine) => {
    noteNewDefinitions(state);
    lastLine = startLine;
    return false;
  });
  md.core.ruler.after('block', 'benchfolio_last_definitions', (state) => {
    noteNewDefinitions(state as unknown as StateBlock);
  });
  // At maxNesting the parser stops reading blocks deeper and reads inline text as plain text:
  // note the first place it did, which is refused.
  const tokenizeBlock = md.block.tokenize.bind(md.block);
  md.block.tokenize = (state, startLine, endLine) => {
    if (state.level >= CONTENT_LIMITS.markdownDepth) tooDeep.line ??= startLine;
    tokenizeBlock(state, startLine, endLine);
  };
  const tokenizeInline = md.inline.tokenize.bind(md.inline);
  md.inline.tokenize = (state) => {
    if (state.level >= CONTENT_LIMITS.markdownDepth) tooDeep.inline ??= { src: state.src, pos: state.pos };
    tokenizeInline(state);
  };
  return md;
}

/** Where the parser first reached its nesting limit: a block's line, or an inline text and offset. */
interface TooDeep {
  line?: number;
  inline?: { src: string; pos: number };
}

/** Every raw HTML and every link, image or definition to a scheme other than http(s) and mailto, outside code. */
export function checkMarkdown(text: string, file: string): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  const definitionLines = new Map<string, number>();
  const env: { references?: Record<string, { href: string }> } = {};
  const tooDeep: TooDeep = {};
  const tokens = linkParser(definitionLines, tooDeep).parse(text, env);
  const report = (line: number, column: number, code: ContentIssueCode, message: string) =>
    issues.push({ file, line: line + 1, column: column + 1, message, code });
  const checkTarget = (url: string, what: string, line: number, column: number) => {
    if (isSafeLinkTarget(url)) return;
    report(
      line,
      column,
      'UNSAFE_LINK',
      `${what} to "${linkScheme(url)}:": links and images in index.md go to http:, https:, mailto:, a relative path or a #fragment`,
    );
  };
  const HTML = 'raw HTML is not allowed in index.md: write Markdown (the site renders it)';

  // A table cell's text has no line of its own: it is its row's (the last line seen), found
  // after the cells before it.
  let lastLine = 0;
  let cellSearchFrom = 0;
  for (const token of tokens) {
    if (token.map !== null) {
      lastLine = token.map[0];
      cellSearchFrom = 0;
    }
    if (token.type === 'html_block') report(lastLine, firstNonSpace(lines[lastLine] ?? ''), 'RAW_HTML', HTML);
    if (token.type !== 'inline' || token.children === null) continue;
    const block = { content: token.content, line: lastLine, searchFrom: token.map === null ? cellSearchFrom : 0 };
    if (token.map === null) cellSearchFrom = (lines[lastLine] ?? '').indexOf(token.content, cellSearchFrom) + 1;
    for (const child of token.children) {
      const offset = (child.meta as InlineStart | null)?.inlineStart ?? 0;
      if (child.type === 'html_inline') {
        report(...sourcePosition(block, offset, lines), 'RAW_HTML', HTML);
      } else if (child.type === 'link_open') {
        // A link's token is pushed at its text, past the `[`; an autolink's at its `<`.
        const start = child.markup === 'autolink' ? offset : offset - 1;
        checkTarget(child.attrGet('href') ?? '', 'a link', ...sourcePosition(block, start, lines));
      } else if (child.type === 'image') {
        checkTarget(child.attrGet('src') ?? '', 'an image', ...sourcePosition(block, offset, lines));
      }
    }
  }
  if (tooDeep.line !== undefined || tooDeep.inline !== undefined) {
    const inline = tooDeep.inline;
    const block = inline === undefined ? undefined : tokens.find((token) => token.content === inline.src);
    const [line, column] =
      tooDeep.line !== undefined
        ? [tooDeep.line, firstNonSpace(lines[tooDeep.line] ?? '')]
        : sourcePosition(
            { content: inline?.src ?? '', line: block?.map?.[0] ?? 0, searchFrom: 0 },
            inline?.pos ?? 0,
            lines,
          );
    report(
      line,
      column,
      'MARKDOWN_DEPTH',
      `Markdown nested deeper than ${CONTENT_LIMITS.markdownDepth} levels, the limit: write-ups nest a few`,
    );
  }
  for (const [label, reference] of Object.entries(env.references ?? {})) {
    const line = definitionLines.get(label) ?? 0;
    const lineText = lines[line] ?? '';
    checkTarget(reference.href, 'a link definition', line, Math.max(0, lineText.indexOf('[')));
  }
  return issues.sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * The 0-based line and column in the source of an offset in an inline token's text. The text is
 * its block's lines with the block's markers (`> `, indentation) taken off, joined by line breaks,
 * so the line is the block's first line plus the breaks before the offset, and the column is found
 * where that line's text sits in the source line.
 */
function sourcePosition(
  inline: { content: string; line: number; searchFrom: number },
  offset: number,
  lines: readonly string[],
): [number, number] {
  const before = inline.content.slice(0, offset);
  const lineInBlock = before.split('\n').length - 1;
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = inline.line + lineInBlock;
  const inlineLine = inline.content.slice(lineStart).split('\n', 1)[0] ?? '';
  const at = (lines[line] ?? '').indexOf(inlineLine, lineInBlock === 0 ? inline.searchFrom : 0);
  return [line, (at === -1 ? 0 : at) + (offset - lineStart)];
}

function firstNonSpace(line: string): number {
  const match = /\S/.exec(line);
  return match === null ? 0 : match.index;
}
