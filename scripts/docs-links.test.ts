import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

// The docs a newcomer reads: every relative link in them reaches a file of the repository, and
// every #anchor a heading of its page as GitHub names it (github-slugger is the slug GitHub
// gives a heading). The README stays a first page, not a reference.

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const README_MAX_LINES = 150;

/** The pages checked, relative to the repository root. */
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  'ARCHITECTURE.md',
  'SECURITY.md',
  'scripts/README.md',
  'packages/parsers/README.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Markdown with the lines of its fenced code blocks blanked out, so that line numbers are kept. */
function withoutCodeBlocks(markdown: string): string {
  let fence: string | null = null;
  const lines = markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker !== undefined) fence = marker;
    else if (fence !== null && marker?.startsWith(fence)) fence = null;
    else if (fence === null) return line;
    return '';
  });
  return lines.join('\n');
}

/** The prose of a page: no code blocks, no code spans (a link shown as code is not a link). */
function proseOf(markdown: string): string {
  return withoutCodeBlocks(markdown).replace(/(`+)[^`]*?\1/g, '');
}

/** The targets of a page's links: inline `[text](target)` and reference definitions `[x]: target`. */
function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] as string);
  const definitions = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map(
    (match) => match[1] as string,
  );
  return [...inline, ...definitions];
}

/** The anchors GitHub gives a page's headings, plus any explicit `<a id>` or `<a name>`. */
function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const heading of headingsOf(markdown)) anchors.add(slugger.slug(headingText(heading)));
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] as string);
  return anchors;
}

/** The text of the ATX headings outside code blocks (code spans kept: their text is part of the slug). */
function headingsOf(markdown: string): string[] {
  return [...withoutCodeBlocks(markdown).matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)].map(
    (match) => match[1] as string,
  );
}

/** A heading's text as rendered: links reduced to their text, code and emphasis marks dropped. */
function headingText(heading: string): string {
  return heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]|(?<=\s|^)_|_(?=\s|$)/g, '');
}

/** What is wrong with one link of `page`, or null when it resolves. */
function brokenLink(page: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto: ...: not a file here
  const hash = target.indexOf('#');
  const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
  const file =
    path === '' ? join(REPO_ROOT, page) : join(path.startsWith('/') ? REPO_ROOT : dirname(join(REPO_ROOT, page)), path);
  const shown = relative(REPO_ROOT, file);
  if (!existsSync(file)) return `${target}: no file ${shown}`;
  if (anchor === null || anchor === '' || statSync(file).isDirectory() || !file.endsWith('.md')) return null;
  if (!anchorsOf(readFileSync(file, 'utf8')).has(anchor)) return `${target}: no heading #${anchor} in ${shown}`;
  return null;
}

describe('the docs', () => {
  it.each(DOCS)('%s is there', (page) => {
    expect(existsSync(join(REPO_ROOT, page)), page).toBe(true);
  });

  it.each(DOCS)('every relative link and #anchor in %s resolves', (page) => {
    const path = join(REPO_ROOT, page);
    if (!existsSync(path)) return; // said by the test above
    const targets = linkTargets(readFileSync(path, 'utf8'));
    const broken = targets.map((target) => brokenLink(page, target)).filter((problem) => problem !== null);
    expect(broken).toEqual([]);
  });

  it('finds the links and anchors it checks (the README links every audience, the library README its own sections)', () => {
    const readme = linkTargets(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'));
    expect(readme).toEqual(
      expect.arrayContaining([
        'docs/01-site.md',
        'packages/parsers/README.md',
        'CONTRIBUTING.md',
        'ARCHITECTURE.md',
        'SECURITY.md',
      ]),
    );
    expect(readme).toContain('CONTRIBUTING.md#developing');
    const library = readFileSync(join(REPO_ROOT, 'packages/parsers/README.md'), 'utf8');
    expect(linkTargets(library)).toContain('#dataset-export');
    expect(anchorsOf(library)).toContain('dataset-export');
    expect(brokenLink('README.md', 'CONTRIBUTING.md#no-such-heading')).toMatch(/no heading #no-such-heading/);
    expect(brokenLink('README.md', 'docs/no-such-chapter.md')).toMatch(/no file docs\/no-such-chapter\.md/);
  });
});

describe('README.md', () => {
  it(`is at most ${README_MAX_LINES} lines: what benchfolio is, the two commands, the CLI, a link per audience`, () => {
    const lines = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });
});
