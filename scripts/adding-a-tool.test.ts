import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOL_NAMES } from '@benchfolio/parsers';
import { describe, expect, it } from 'vitest';

// Adding a tool touches only the existing files CONTRIBUTING's "Adding a tool" lists, and as many
// as it says. A file that names each tool (a switch over them, a test's list of them) is one a
// new tool must edit: the test finds every such file of the repository, as the README's tool
// table test reads the table, and fails on one CONTRIBUTING does not list.

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const MARKER = '<!-- adding-a-tool: the list below is checked by scripts/adding-a-tool.test.ts -->';

/** Not searched: the data (raw outputs and results), whose files name tools as data. */
const DATA = ['content/results/', 'packages/parsers/fixtures/'];

/**
 * Files that happen to name each tool but that a new tool need not edit, with why. The truncation
 * harness's per-tool maps (where a series' entries end, which cuts leave a complete output) are
 * optional: a tool without an entry is held to the strictest rule, an error, a TRUNCATED warning
 * or the whole output for every cut.
 */
const NAMES_EACH_BUT_OPTIONAL = ['packages/parsers/test/truncation.ts'];

/** Text files: sources, tests, docs, scripts, styles, configuration. */
const TEXT_FILE = /(?:\.(?:ts|mts|js|mjs|astro|json|md|sh|yaml|yml|css|html)|^[^.]+)$/;

/**
 * The files a new tool touches that do not name each tool, with why: the corpus manifest has a
 * row per output, and the runner's two know the tools that run (fio-log is no command).
 */
const TOUCHED_NOT_NAMING_EACH = ['packages/parsers/fixtures/corpus/MANIFEST.md', 'scripts/lib/run.sh', '.ci/run'];

/**
 * The repository's text files but its data, relative to its root: those git has and those it
 * would add (not what .gitignore leaves out: builds, node_modules, test reports).
 */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .split('\0')
    .filter((file) => file !== '' && !DATA.some((folder) => file.startsWith(folder)))
    .filter((file) => !NAMES_EACH_BUT_OPTIONAL.includes(file))
    .filter((file) => TEXT_FILE.test(file.slice(file.lastIndexOf('/') + 1)) && existsSync(join(REPO_ROOT, file)));
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * Whether a text names a tool as code does: the name quoted (`'dd'`, `"dd"`, a backquoted `dd`),
 * as a key (`dd:`), or a path to its folder or module (`./dd/index.ts`, `./dd.ts`; fio-log's
 * folder is `fio/log/`).
 */
function namesTool(text: string, tool: string): boolean {
  const name = escaped(tool);
  const path = tool === 'fio-log' ? `(?:fio/log/|${name}[/.])` : `${name}[/.]`;
  return new RegExp(`['"\`]${name}['"\`]|(?<![\\w.-])${name}\\s*:|/${path}`).test(text);
}

/** The files of the repository that name each tool. */
function filesNamingEachTool(): string[] {
  return repositoryFiles()
    .filter((file) => {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8');
      return TOOL_NAMES.every((tool) => namesTool(text, tool));
    })
    .sort();
}

/** CONTRIBUTING's list under the marker: the numbered items' paths, and the count it states. */
function contributingList(): { files: string[]; count: number | null } {
  const contributing = readFileSync(join(REPO_ROOT, 'CONTRIBUTING.md'), 'utf8');
  const start = contributing.indexOf(MARKER);
  expect(start, "CONTRIBUTING's Adding a tool has its marker comment").toBeGreaterThan(-1);
  const nextHeading = contributing.indexOf('\n#', start);
  const section = contributing.slice(start, nextHeading === -1 ? undefined : nextHeading);
  const files = [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((match) => match[1] as string);
  const count = /\*\*(\d+) existing files\*\*/.exec(section)?.[1];
  return { files, count: count === undefined ? null : Number(count) };
}

describe('adding a tool', () => {
  it('names each tool in no file but those CONTRIBUTING lists', () => {
    const listed = contributingList().files;
    expect(
      filesNamingEachTool(),
      'a file naming each tool: take the list from TOOLS (TOOL_NAMES), or list the file in CONTRIBUTING',
    ).toEqual(listed.filter((file) => !TOUCHED_NOT_NAMING_EACH.includes(file)).sort());
  });

  it("is CONTRIBUTING's list, of files that exist, as many as it says", () => {
    const { files, count } = contributingList();
    expect(files).toEqual(expect.arrayContaining(TOUCHED_NOT_NAMING_EACH));
    for (const file of files) expect(statSync(join(REPO_ROOT, file)).isFile(), file).toBe(true);
    expect(count).toBe(files.length);
  });

  it('finds a file that names each tool the way code does', () => {
    // The check above sees what it looks for: a switch over the tools, a test's list of them.
    const list = `[${TOOL_NAMES.map((tool) => `'${tool}'`).join(', ')}]`;
    expect(TOOL_NAMES.every((tool) => namesTool(list, tool))).toBe(true);
    const keys = TOOL_NAMES.map((tool) => `  ${tool.includes('-') ? `'${tool}'` : tool}: 1,`).join('\n');
    expect(TOOL_NAMES.every((tool) => namesTool(keys, tool))).toBe(true);
    expect(namesTool("import { x } from './fio/log/tool.ts';", 'fio-log')).toBe(true);
    expect(namesTool('the dd command, fio logs', 'dd')).toBe(false);
  });
});
