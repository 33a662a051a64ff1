import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readCorpusFile } from '../test/corpus.ts';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES_PREFIX = 'fixtures/';

/**
 * The text of a bench case's source: a corpus file (`fio/...`, relative to the corpus folder) or
 * a real output made here and committed under this package's fixtures (`fixtures/fio/...`).
 */
export function readBenchSource(corpus: string, file: string): string {
  if (file.startsWith(FIXTURES_PREFIX)) return readFileSync(new URL(file, `file://${PACKAGE_DIR}`), 'utf8');
  return readCorpusFile(corpus, file).text;
}
