import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { type CustomRecord, close, createIndex } from 'pagefind';
import { type SearchShardsManifest, WORDS_SHARD_FILTER } from '../lib/pagefind-shards.ts';
import {
  packInitials,
  type RankTable,
  rankTables,
  recordWords,
  type SortValues,
  searchShardSize,
  shardFolders,
  WORDS_PER_EXPERIMENT,
  wordInitials,
} from './search-shards.ts';

/**
 * Indexes the experiments for the site search with Pagefind once `astro build` has written the
 * site, into `<outDir>/pagefind/`. An integration rather than a step after the build, so every
 * build of the site has its index, whichever output folder it was given (the e2e tests build
 * into temporary folders).
 *
 * One record per experiment, with its runs' facts as filters: each experiment's page writes its
 * record (`experiments/<id>/search-record.json`, catalog/search-record.ts), and this reads those
 * small files rather than the pages, so the index is made in time proportional to the number of
 * experiments, not to the size of their pages, and a record is kept from the last build when
 * its experiment did not change.
 *
 * The index is cut into shards of at most 1,000 experiments (search-shards.ts), each indexed by
 * a Pagefind process of its own into `pagefind/<n>/`, and the process ended before the next
 * starts: Pagefind holds every record of an index until it writes it, so one index of every
 * experiment would take memory in proportion to the site. `pagefind/shards.json`, each shard's
 * rank tables and the words index (`pagefind/words/<part>/`) let the browser ask the shards as
 * one index (lib/pagefind.ts).
 */
export function pagefindIndex(): AstroIntegration {
  return {
    name: 'benchfolio:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const siteDir = fileURLToPath(dir);
        const outDir = join(siteDir, 'pagefind');
        // The output folder is kept between builds: no shard of the last build may stay online.
        await rm(outDir, { recursive: true, force: true });
        const experimentsDir = join(siteDir, 'experiments');
        const folders = await readdir(experimentsDir, { withFileTypes: true }).catch(() => []);
        const shardSize = searchShardSize();
        const shards = shardFolders(
          folders.filter((folder) => folder.isDirectory()).map((folder) => folder.name),
          shardSize,
        );
        const wordsDir = await mkdtemp(join(tmpdir(), 'benchfolio-search-words-'));
        try {
          const read = await indexShards(shards, experimentsDir, outDir, wordsDir);
          const manifest: SearchShardsManifest = {
            shards: await writeRankTables(outDir, rankTables(read.sortValues)),
            // One index decides which words match among every experiment's: one shard needs none.
            wordParts:
              shards.length > 1
                ? await writeWordsIndex(join(outDir, 'words'), read, shardSize * WORDS_PER_EXPERIMENT)
                : [],
          };
          await writeFile(join(outDir, 'shards.json'), JSON.stringify(manifest));
        } finally {
          await rm(wordsDir, { recursive: true, force: true });
        }
        const count = shards.flat().length;
        logger.info(
          `indexed ${count} ${count === 1 ? 'experiment' : 'experiments'} for search, in ${shards.length} ${shards.length === 1 ? 'shard' : 'shards'}`,
        );
      },
    },
  };
}

/** What the rank tables and the words index need of the shards' records. */
interface ShardsRead {
  /** Each shard's records' sort values, in the order the records were added. */
  sortValues: SortValues[][];
  /** Each shard's file of its records' words (recordWords), one a line, each once. */
  wordFiles: string[];
  /** How many words of the shards have each initial (wordInitials), a word counted once per shard. */
  initials: Map<string, number>;
}

/**
 * Indexes each shard's records into `<outDir>/<n>/`, one shard at a time, reading each record
 * once; each shard's words go to a file of `wordsDir`, so that no more than one shard's are held.
 */
async function indexShards(
  shards: readonly string[][],
  experimentsDir: string,
  outDir: string,
  wordsDir: string,
): Promise<ShardsRead> {
  const read: ShardsRead = { sortValues: [], wordFiles: [], initials: new Map() };
  for (const [n, shard] of shards.entries()) {
    const sortValues: SortValues[] = [];
    const words = new Set<string>();
    const records = readRecords(
      shard.map((folder) => join(experimentsDir, folder, 'search-record.json')),
      (record) => {
        sortValues.push(record.sort ?? {});
        for (const word of recordWords(record)) words.add(word);
      },
    );
    await writeIndex(join(outDir, String(n)), records);
    for (const word of words) {
      for (const initial of wordInitials(word)) read.initials.set(initial, (read.initials.get(initial) ?? 0) + 1);
    }
    const wordFile = join(wordsDir, `${n}.txt`);
    await writeFile(wordFile, [...words].join('\n'));
    read.sortValues.push(sortValues);
    read.wordFiles.push(wordFile);
  }
  return read;
}

/** The records the build wrote, read one at a time, each shown to `see` as it is read. */
async function* readRecords(
  files: readonly string[],
  see: (record: CustomRecord) => void,
): AsyncGenerator<CustomRecord> {
  for (const file of files) {
    const record = JSON.parse(await readFile(file, 'utf8')) as CustomRecord;
    see(record);
    yield record;
  }
}

/**
 * Indexes records into `outputPath` in a Pagefind process of its own, which is ended once the
 * files are written, so that its memory is returned before the next index's process starts.
 */
async function writeIndex(
  outputPath: string,
  records: AsyncIterable<CustomRecord> | Iterable<CustomRecord>,
): Promise<void> {
  try {
    const { index, errors } = await createIndex({ forceLanguage: 'en' });
    if (index === undefined) throw new Error(errors.join('\n'));
    for await (const record of records) {
      const added = await index.addCustomRecord(record);
      if (added.errors.length > 0) throw new Error(added.errors.join('\n'));
    }
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(written.errors.join('\n'));
  } finally {
    await close();
  }
}

/**
 * Writes each shard's rank tables, one file per sort key, named by a hash of their content so
 * that a browser never holds a table of another build than its `shards.json` (which it asks for
 * afresh each time, as Pagefind does its own entry file). Returns the manifest's shards.
 */
async function writeRankTables(outDir: string, tables: readonly RankTable[]): Promise<SearchShardsManifest['shards']> {
  const shards: SearchShardsManifest['shards'] = [];
  for (const [n, table] of tables.entries()) {
    const ranks: Record<string, string> = {};
    await mkdir(join(outDir, String(n)), { recursive: true });
    for (const [key, positions] of Object.entries(table)) {
      const text = JSON.stringify(positions);
      const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
      ranks[key] = `${n}/ranks-${key}-${hash}.json`;
      await writeFile(join(outDir, ranks[key]), text);
    }
    shards.push({ ranks });
  }
  return shards;
}

/**
 * The words index: a Pagefind index whose record n holds every word of shard n (filter
 * `shard`), in parts by the words' initials (packInitials), each in a process of its own, in
 * `<wordsDir>/<part>/`. A search of a word in the part of its initial finds the shards holding the
 * words Pagefind would match it with in one index of every experiment. Returns each part's first
 * initial (the manifest's `wordParts`).
 */
async function writeWordsIndex(wordsDir: string, read: ShardsRead, partSize: number): Promise<string[]> {
  const parts = packInitials(read.initials, partSize);
  for (const [part, initials] of parts.entries()) {
    const inPart = new Set(initials);
    const records: CustomRecord[] = [];
    for (const [n, file] of read.wordFiles.entries()) {
      const words = (await readFile(file, 'utf8'))
        .split('\n')
        .filter((word) => word !== '' && wordInitials(word).some((initial) => inPart.has(initial)));
      if (words.length === 0) continue;
      records.push({
        url: `/words/${n}/`,
        content: words.join(' '),
        language: 'en',
        filters: { [WORDS_SHARD_FILTER]: [String(n)] },
      });
    }
    await writeIndex(join(wordsDir, String(part)), records);
  }
  return parts.map((initials) => initials[0] ?? '');
}
