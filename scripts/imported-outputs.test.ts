import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../packages/parsers/src/node/load-content.ts';

// Raw outputs taken from public repositories (run.yaml `origin`, experiment.yaml
// `source.repository`) are kept byte for byte. validate checks each file against the SHA-256
// recorded at the import; this checks them against the repositories themselves, at the recorded
// commit. CI has no network: BENCHFOLIO_MIRRORS names a folder of clones, one per repository,
// `<owner>+<name>/repo` (a `git clone` of it, or a bare .git there), and without it this is
// skipped, saying so.

const root = join(import.meta.dirname, '..');
const mirrors = process.env.BENCHFOLIO_MIRRORS;
const SKIP = 'BENCHFOLIO_MIRRORS is not set: the imported outputs are checked against their SHA-256 only';

/** Lines `first`..`last` (1-based, inclusive) of a file, with their line ends, as bytes. */
function linesOf(bytes: Buffer, [first, last]: [number, number]): Buffer {
  let start = 0;
  for (let line = 1; line < first; line += 1) start = bytes.indexOf(0x0a, start) + 1;
  let end = start;
  for (let line = first; line <= last; line += 1) {
    const next = bytes.indexOf(0x0a, end);
    end = next === -1 ? bytes.length : next + 1;
  }
  return bytes.subarray(start, end);
}

interface Imported {
  file: string;
  repository: { url: string; commit: string };
  origin: { path: string; lines?: [number, number] | undefined };
}

async function importedOutputs(): Promise<Imported[]> {
  const report = await loadContent(join(root, 'content', 'results'));
  return report.experiments.flatMap((experiment) => {
    const repository = experiment.experiment.source?.repository;
    if (repository === undefined) return [];
    return experiment.runs.flatMap((run) =>
      run.outputs.flatMap((output) =>
        output.declared.origin === undefined ? [] : [{ file: output.path, repository, origin: output.declared.origin }],
      ),
    );
  });
}

describe('linesOf', () => {
  it('cuts whole lines with their ends, the last one without a line end too', () => {
    const bytes = Buffer.from('a\r\nbb\nccc');
    expect(linesOf(bytes, [1, 1]).toString()).toBe('a\r\n');
    expect(linesOf(bytes, [2, 3]).toString()).toBe('bb\nccc');
  });
});

describe.skipIf(mirrors === undefined)(
  mirrors === undefined ? SKIP : 'every imported output, against its repository',
  () => {
    it('is the bytes of its file (or lines) at the recorded commit', async () => {
      const imported = await importedOutputs();
      expect(imported.length).toBeGreaterThan(0);
      for (const { file, repository, origin } of imported) {
        const name = new URL(repository.url).pathname.replace(/^\/+|\/+$/g, '').replace('/', '+');
        const clone = [join(mirrors ?? '', name, 'repo'), join(mirrors ?? '', name)].find(existsSync);
        expect(clone, `no clone of ${repository.url} in ${mirrors}`).toBeDefined();
        const whole = execFileSync('git', ['-C', clone ?? '', 'show', `${repository.commit}:${origin.path}`], {
          maxBuffer: 64 * 2 ** 20,
        });
        const source = origin.lines === undefined ? whole : linesOf(whole, origin.lines);
        expect(readFileSync(file).equals(source), `${file} differs from ${origin.path} at ${repository.commit}`).toBe(
          true,
        );
      }
    });
  },
);
