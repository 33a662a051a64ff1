import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOL_NAMES, type ToolName } from '../src/tools.ts';

/**
 * The corpus of real tool outputs written by others (public projects' fixtures, documentation
 * examples, bug reports), kept in the repository at `packages/parsers/fixtures/corpus/`, one
 * folder per tool, with its provenance in MANIFEST.md there. `BENCHFOLIO_CORPUS` points the
 * tests at another folder of the same layout (a relative path is taken from the working
 * directory), for trying a larger private collection.
 */
export const CORPUS_DIR_ENV = 'BENCHFOLIO_CORPUS';

const DEFAULT_CORPUS_DIR = fileURLToPath(new URL('../fixtures/corpus', import.meta.url));

/** A peer project's expected parse of an output (`*.expected.jc.json`): data, not an output. */
const PEER_EXPECTED_FILE = /\.expected\.[^.]+\.[^.]+$/;

export interface CorpusFile {
  /** The file name, such as `pkb__fio-2.1.4-json-5jobs.json`. */
  name: string;
  /** The absolute path. */
  path: string;
  /** The content, read as UTF-8 and kept exactly as is (BOM and CRLF included). */
  text: string;
}

/** The corpus folder; throws when it is not there, saying how to point at it. */
export function corpusDir(env: NodeJS.ProcessEnv = process.env): string {
  const override = env[CORPUS_DIR_ENV];
  const dir = override === undefined || override === '' ? DEFAULT_CORPUS_DIR : resolve(override);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(
      `the corpus of real tool outputs is not at ${dir}; ` +
        `set ${CORPUS_DIR_ENV} to the folder that holds ${TOOL_NAMES.map((t) => `${t}/`).join(', ')}`,
    );
  }
  return dir;
}

/**
 * The outputs of one tool in the corpus, sorted by name. Peer projects' expected results
 * (`*.expected.<peer>.<ext>`) are left out: they are not outputs of the tool.
 */
export function corpusFiles(tool: ToolName, dir: string = corpusDir()): CorpusFile[] {
  const toolDir = join(dir, tool);
  if (!existsSync(toolDir)) {
    throw new Error(`the corpus at ${dir} has no ${tool}/ folder`);
  }
  const names = readdirSync(toolDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !PEER_EXPECTED_FILE.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  if (names.length === 0) {
    throw new Error(`the corpus folder ${toolDir} holds no ${tool} output`);
  }
  return names.map((name) => readCorpusFile(dir, `${tool}/${name}`));
}

/** The outputs of every tool, fio first, in the order of TOOL_NAMES. */
export function allCorpusFiles(dir: string = corpusDir()): CorpusFile[] {
  return TOOL_NAMES.flatMap((tool) => corpusFiles(tool, dir));
}

/** One corpus file by its path relative to the corpus folder (`fio/pkb__....json`). */
export function readCorpusFile(dir: string, relativePath: string): CorpusFile {
  const path = join(dir, relativePath);
  if (!existsSync(path)) {
    throw new Error(`the corpus has no file ${relativePath} (looked in ${dir})`);
  }
  const name = relativePath.slice(relativePath.lastIndexOf('/') + 1);
  return { name, path, text: readFileSync(path, 'utf8') };
}
