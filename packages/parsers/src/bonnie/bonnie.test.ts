import { describe, expect, expectTypeOf, it } from 'vitest';
import { catchParseError } from '../../test/catch-parse-error.ts';
import { corpusFiles } from '../../test/corpus.ts';
import { readPublishedOutput, readSeed, SEEDS_SKIP_REASON, seedsDir } from '../../test/seeds.ts';
import { parse } from '../index.ts';
import { MeasurementSchema } from '../measurement.ts';
import { readText } from '../text.ts';
import { TOOL_NAMES } from '../tools.ts';
import {
  type BonnieResult,
  BonnieResultSchema,
  type BonnieRun,
  bonnieParser,
  detectBonnie,
  parseBonnie,
  safeParseBonnie,
} from './index.ts';

const KIB = 1024;
const corpus = (name: string): string => {
  const file = corpusFiles('bonnie').find((candidate) => candidate.name === name);
  if (file === undefined) throw new Error(`no corpus file ${name}`);
  return file.text;
};
const onlyRun = (text: string, format?: 'csv' | 'table'): BonnieRun => {
  const output = parseBonnie(text, { format });
  expect(output.result.runs).toHaveLength(1);
  return output.result.runs[0] as BonnieRun;
};
/** The numbers of a run without where they came from, to compare a table with a CSV line. */
const numbersOf = (run: BonnieRun) => ({ tests: run.tests, size: run.fileSizeBytes, files: run.numFiles });

describe('parseBonnie on the corpus', () => {
  it('reads every bonnie corpus file into runs that match the result schema', () => {
    for (const file of corpusFiles('bonnie')) {
      const output = parseBonnie(file.text, { name: file.name });
      expect(output.tool).toBe('bonnie');
      expect(output.result.runs.length, file.name).toBeGreaterThan(0);
      expect(BonnieResultSchema.parse(output.result)).toEqual(output.result);
      for (const measurement of output.measurements) MeasurementSchema.parse(measurement);
    }
  });

  it('reads the 1.96 CSV layout of PerfKitBenchmarker, with empty putc/getc (-f) as not run', () => {
    // 1.96,1.96,perfkit-7b22f510-0,1,1421800799,7423M,,,,72853,15,47358,5,,,156821,7,537.7,10,100,...
    const run = onlyRun(corpus('pkb__bonnie-1.96-csv.csv'));
    expect(run).toMatchObject({
      name: 'perfkit-7b22f510-0',
      formatVersion: '1.96',
      concurrency: 1,
      seed: '1421800799',
    });
    expect(run.size).toBe('7423M');
    expect(run.fileSizeBytes).toBe(7423 * KIB * KIB);
    expect(run.tests.putc).toEqual({ status: 'not_run', bytesPerSec: null, cpuPercent: null, latencyNs: null });
    expect(run.tests.putBlock.bytesPerSec).toBe(72853 * KIB);
    expect(run.tests.rewrite.bytesPerSec).toBe(47358 * KIB);
    expect(run.tests.getBlock.bytesPerSec).toBe(156821 * KIB);
    expect(run.tests.seeks.opsPerSec).toBe(537.7);
    // ...,,512ms,670ms,,44660us,200ms,...: put_block and get_block latencies.
    expect(run.tests.putBlock.latencyNs).toBe(512e6);
    expect(run.tests.getBlock.latencyNs).toBe(44_660e3);
    // 100,,,,,49223,58,+++++,+++: num_files 100, seq_create 49223/s, seq_stat too fast.
    expect(run.numFiles).toBe(100);
    expect(run.tests.seqCreate.opsPerSec).toBe(49223);
    expect(run.tests.seqStat).toMatchObject({ status: 'too_fast', opsPerSec: null, cpuPercent: null });
  });

  it('reads the 45-field layout of format version 2 (bonnie++ 1.90f)', () => {
    // 2,1.90f,lyta,10M,,,,674,1,655,0,,,+++++,+++,0,0,16,,,,3039,39,...,,1003us,939us,,154us,110ms,160ms,...
    const run = onlyRun(corpus('ng-alt-bonnie__bonnie-1.90f-csv-format-v2.csv'));
    expect(run).toMatchObject({ name: 'lyta', formatVersion: '2', bonnieVersion: '1.90f', size: '10M', seed: null });
    expect(run.tests.putBlock).toEqual({
      status: 'measured',
      bytesPerSec: 674 * KIB,
      cpuPercent: 1,
      latencyNs: 1_003e3,
    });
    expect(run.tests.getBlock.status).toBe('too_fast');
    expect(run.tests.seeks).toEqual({ status: 'measured', opsPerSec: 0, cpuPercent: 0, latencyNs: 110e6 });
    expect(run.tests.seqCreate).toEqual({ status: 'measured', opsPerSec: 3039, cpuPercent: 39, latencyNs: 160e6 });
    expect(run.tests.ranDel.latencyNs).toBe(3_342e3);
  });

  it('reads a 1.97 CSV line alone', () => {
    // 1.97,1.97,wifo3-02,1,1438076799,63G,,1905,91,364656,24,...,439.5,17,16,,,,,8891,13,...,19876,28,8631us,...
    const run = onlyRun(corpus('wifo3-2__bonnie-1.97-raid-rebuilding.csv'));
    expect(run.fileSizeBytes).toBe(63 * KIB ** 3);
    expect(run.tests.putc.bytesPerSec).toBe(1905 * KIB);
    expect(run.tests.putBlock.bytesPerSec).toBe(364656 * KIB);
    expect(run.tests.seeks.opsPerSec).toBe(439.5);
    expect(run.tests.ranDel.opsPerSec).toBe(19876);
    expect(run.tests.putc.latencyNs).toBe(8_631e3);
    expect(run.tests.rewrite.latencyNs).toBe(184e6);
  });

  it('makes one run of a 1.97 table and the CSV line printed after it', () => {
    // wifo3-02        63G  1842  89 347029  24 175829  17  3404  89 495890  20 447.9  11
    const text = corpus('wifo3-2__bonnie-1.97-raid6-text-and-csv.txt');
    const run = onlyRun(text);
    expect(run.sources).toEqual(['table', 'csv']);
    expect(run.tests.putBlock.bytesPerSec).toBe(347029 * KIB);
    expect(run.tests.seeks.opsPerSec).toBe(447.9);
    // Latency               349ms     127us   12376us     382ms      14us     490ms
    expect(run.tests.seqCreate).toEqual({ status: 'measured', opsPerSec: 7555, cpuPercent: 17, latencyNs: 349e6 });
    expect(run.tests.seqStat).toEqual({ status: 'too_fast', opsPerSec: null, cpuPercent: null, latencyNs: 127e3 });
    expect(numbersOf(onlyRun(text, 'csv'))).toEqual(numbersOf(run));
  });

  it('reads +++++ seeks in a 1.97 table as too fast, not zero', () => {
    // wifo3-02        63G   991  99 505650  48 248311  22  4198  99 686466  27 +++++ +++
    const run = onlyRun(corpus('wifo3-2__bonnie-1.97-ssd-plus-seeks-text-and-csv.txt'));
    expect(run.tests.putc.bytesPerSec).toBe(991 * KIB);
    expect(run.tests.getBlock.bytesPerSec).toBe(686466 * KIB);
    expect(run.tests.seeks).toEqual({ status: 'too_fast', opsPerSec: null, cpuPercent: null, latencyNs: 169e6 });
  });

  it('reads a 1.94 table whose lines end with a space', () => {
    // blackfin       300M    48  99  6224  75  1782  37   124  99  2874  26 100.4   5
    const output = parseBonnie(corpus('uclinux-docs__bonnie-1.94-text-trailing-spaces.txt'));
    expect(output.format).toBe('table');
    expect(output.toolVersion).toBe('1.94');
    const run = output.result.runs[0] as BonnieRun;
    expect(run).toMatchObject({ name: 'blackfin', size: '300M', concurrency: 1, sources: ['table'] });
    expect(run.tests.putc.bytesPerSec).toBe(48 * KIB);
    expect(run.tests.putBlock.bytesPerSec).toBe(6224 * KIB);
    expect(run.tests.seeks.opsPerSec).toBe(100.4);
    // Latency               348ms     428ms     936ms   84000us     788ms     543ms
    expect(run.tests.getc.latencyNs).toBe(84_000e3);
    //                  16   233  99  6543 100  3690  89   235  99  6907 100   825  98
    expect(run.tests.seqCreate.opsPerSec).toBe(233);
    expect(run.tests.ranDel).toEqual({ status: 'measured', opsPerSec: 825, cpuPercent: 98, latencyNs: 4_000e3 });
  });

  it('reads the 2.00a table suffixes k, m, g as KiB/s, MiB/s, GiB/s, matching its CSV line', () => {
    // ANDREW-PC       63G  540k  99  728m 100  958m  91 2205k  99  1.1g  58 +++++ +++
    const text = corpus('chicken-house__bonnie-2.00a-wsl-text-and-csv.txt');
    const table = onlyRun(text.split('\n').slice(0, 10).join('\n'));
    expect(table.tests.putc.bytesPerSec).toBe(540 * KIB);
    expect(table.tests.putBlock.bytesPerSec).toBe(728 * KIB ** 2);
    expect(table.tests.getBlock.bytesPerSec).toBeCloseTo(1.1 * KIB ** 3, 0);
    // 1.98,2.00a,ANDREW-PC,1,1731168315,63G,,8192,5,540,99,745124,100,980550,91,2205,99,1203968,58,...
    const run = onlyRun(text);
    expect(run.sources).toEqual(['table', 'csv']);
    expect(run).toMatchObject({ formatVersion: '1.98', bonnieVersion: '2.00a', seekCount: 8192, seekProcesses: 5 });
    expect(run.tests.putBlock.bytesPerSec).toBe(745124 * KIB);
    expect(run.tests.getBlock.bytesPerSec).toBe(1203968 * KIB);
    // 745124 KiB/s is 727.7 MiB/s, printed 728m; 1203968 KiB/s is 1.15 GiB/s, printed 1.1g.
    expect(Math.abs((table.tests.putBlock.bytesPerSec as number) - 745124 * KIB)).toBeLessThan(0.5 * KIB ** 2);
    expect(run.tests.seqCreate.status).toBe('too_fast');
    expect(run.tests.ranDel.latencyNs).toBe(3_156e3);
  });
});

/** The six runs of the cd34.com post, as published under content/results (with the post's CRLF). */
const CD34_RUNS = ['ext4', 'ext4-tuned', 'xfs', 'xfs-mount-options', 'xfs-mkfs-and-mount-options', 'btrfs'];
// The figures each run prints (table and CSV): put_block K/sec, seq_create /sec, ran_del latency.
const CD34_EXPECTED = [
  { putBlock: 54570, seqCreate: 24764, ranDelLatency: '11682ms', seeks: 131.8 },
  { putBlock: 53396, seqCreate: 24253, ranDelLatency: '11543ms', seeks: 130.9 },
  { putBlock: 55174, seqCreate: 2468, ranDelLatency: '5904ms', seeks: 131.4 },
  { putBlock: 55423, seqCreate: 3454, ranDelLatency: '5060ms', seeks: 129.5 },
  { putBlock: 54674, seqCreate: 9576, ranDelLatency: '5772ms', seeks: 131.4 },
  { putBlock: 54778, seqCreate: 17034, ranDelLatency: '28647ms', seeks: 131.2 },
];

describe('parseBonnie on the six bonnie++ 1.96 runs of "Ext4, XFS and BtrFS benchmarks and testing" (cd34.com, 2011)', () => {
  const blocks = CD34_RUNS.map((run) =>
    readPublishedOutput(`2011-11-ext4-xfs-btrfs-bonnie/runs/${run}/bonnie--${run}.txt`),
  );
  const labels = CD34_RUNS;
  const expected = CD34_EXPECTED;

  it('keeps the CRLF line ends of the post in all six outputs', () => {
    expect(blocks).toHaveLength(6);
    expect(blocks.every((block) => block.includes('\r\n'))).toBe(true);
  });

  it.each(labels.map((label, index) => [label, index] as const))('%s: one run, table and CSV agree', (_, index) => {
    const block = blocks[index] as string;
    const want = expected[index] as (typeof expected)[number];
    const run = onlyRun(block);
    expect(run.sources).toEqual(['table', 'csv']);
    expect(run).toMatchObject({ name: 'version', size: '8G', concurrency: 1, numFiles: 512, bonnieVersion: '1.96' });
    expect(run.tests.putBlock.bytesPerSec).toBe(want.putBlock * KIB);
    expect(run.tests.seqCreate.opsPerSec).toBe(want.seqCreate);
    expect(run.tests.seeks.opsPerSec).toBe(want.seeks);
    expect(run.tests.ranDel.latencyNs).toBe(Number.parseInt(want.ranDelLatency, 10) * 1e6);
    // The table alone and the CSV line alone give the same numbers.
    const lines = block.split('\r\n');
    const csvLine = lines.find((line) => line.startsWith('1.96,')) as string;
    const tableText = lines.filter((line) => !line.startsWith('1.96,')).join('\r\n');
    const table = onlyRun(tableText);
    const csv = onlyRun(csvLine);
    expect(table.sources).toEqual(['table']);
    expect(csv.sources).toEqual(['csv']);
    expect(numbersOf(table)).toEqual(numbersOf(csv));
  });

  it('ext4: put_block 54570 K/sec, seq_create 24764/s, ran_del latency 11682 ms', () => {
    // version          8G   332  99 54570  12 23512   5  1615  98 62905   6 131.8   3
    // Latency              1258ms    1402us   11767ms    1187ms      66us   11682ms
    const run = onlyRun(blocks[0] as string);
    expect(run.tests.putBlock).toEqual({
      status: 'measured',
      bytesPerSec: 54570 * 1024,
      cpuPercent: 12,
      latencyNs: 471e6,
    });
    expect(run.tests.seqCreate).toEqual({ status: 'measured', opsPerSec: 24764, cpuPercent: 69, latencyNs: 1258e6 });
    expect(run.tests.seqStat.opsPerSec).toBe(267757);
    expect(run.tests.ranDel.latencyNs).toBe(11_682e6);
    expect(run.seed).toBe('1320193244');
  });
});

const seeds = seedsDir();

describe.skipIf(seeds === undefined)('parseBonnie on the cd34.com post itself (its WordPress JSON)', () => {
  const post = () => JSON.parse(readSeed('001_3e0854bf155ca4a9.txt', seeds)) as { content: { rendered: string } };
  /** The result blocks as the post holds them: HTML-escaped, with \r\n inside. */
  const rawBlocks = () =>
    [...post().content.rendered.matchAll(/<pre>([\s\S]*?)<\/pre>/g)]
      .map((match) => match[1] as string)
      .filter((block) => block.includes('Sequential Output'));

  it('reads a block as the post holds it (CRLF, escaped) through readText', () => {
    const source = readText(rawBlocks()[5] as string);
    const output = bonnieParser.parse(source, 'table');
    expect(output.result.runs).toHaveLength(1);
    // 512 17034  83 256486 100 13485  97 15282  76 38942  73  1472  23
    expect(output.result.runs[0]?.tests.ranStat.opsPerSec).toBe(38942);
  });

  it('reads each escaped block to the numbers of its published output', () => {
    const blocks = rawBlocks();
    expect(blocks).toHaveLength(6);
    blocks.forEach((block, index) => {
      const run = CD34_RUNS[index] as string;
      const published = readPublishedOutput(`2011-11-ext4-xfs-btrfs-bonnie/runs/${run}/bonnie--${run}.txt`);
      expect(numbersOf(onlyRun(block))).toEqual(numbersOf(onlyRun(published)));
    });
  });

  it('reads the whole post, HTML and all, into its six runs', () => {
    const output = parseBonnie(post().content.rendered);
    expect(output.result.runs.map((run) => run.tests.putBlock.bytesPerSec)).toEqual(
      CD34_EXPECTED.map((want) => want.putBlock * KIB),
    );
    expect(output.warnings.some((warning) => warning.code === 'SKIPPED_LINES')).toBe(true);
  });
});

describe.skipIf(seeds !== undefined)('parseBonnie on the cd34.com post itself', () => {
  it.skip(SEEDS_SKIP_REASON, () => {});
});

/**
 * bonnie++ 1.03 outputs, copied verbatim: a table with its CSV line, from the Ubuntu forums post
 * "Struggling with Symbios Logic 53c1030 on Dapper" (melon, 2006-12-11); a -f -n 0 run with its
 * progress lines, from a linux-kernel mailing-list message on NFS rewrite speed (2006).
 */
const STAN_1_03 = [
  'Version  1.03       ------Sequential Output------ --Sequential Input- --Random-',
  '                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--',
  'Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP',
  'stan             4G 16092  36  9563   1  6068   1 11202  24 49497   5 180.6   0',
  '                    ------Sequential Create------ --------Random Create--------',
  '                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--',
  '              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP',
  '                 16   294   1 +++++ +++   311   1   382   2 +++++ +++   117   0',
  'stan,4G,16092,36,9563,1,6068,1,11202,24,49497,5,180.6,0,16,294,1,+++++,+++,311,1,382,2,+++++,+++,117,0',
].join('\n');
const MEGHAN_1_03 = [
  '# bonnie++ -u root:root -f -n 0 -r 256',
  'Using uid:0, gid:0.',
  'Writing intelligently...done',
  'Rewriting...done',
  'Reading intelligently...done',
  "start 'em...done...done...done...",
  'Version  1.03       ------Sequential Output------ --Sequential Input- --Random-',
  '                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--',
  'Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP',
  'meghan         512M           118985  30  5173  99           294404  25 +++++ +++',
].join('\n');

describe('parseBonnie on bonnie++ 1.03', () => {
  it('reads a 1.03 CSV line (no format-version field) like its table', () => {
    const csv = onlyRun(STAN_1_03.split('\n').at(-1) as string);
    expect(csv).toMatchObject({ name: 'stan', formatVersion: null, bonnieVersion: null, size: '4G', numFiles: 16 });
    expect(csv.tests.putc.bytesPerSec).toBe(16092 * KIB);
    expect(csv.tests.seeks).toEqual({ status: 'measured', opsPerSec: 180.6, cpuPercent: 0, latencyNs: null });
    expect(csv.tests.ranDel.opsPerSec).toBe(117);
    const both = onlyRun(STAN_1_03);
    expect(both.sources).toEqual(['table', 'csv']);
    expect(both.bonnieVersion).toBe('1.03');
    const table = onlyRun(STAN_1_03.split('\n').slice(0, -1).join('\n'));
    expect(numbersOf(table)).toEqual(numbersOf(csv));
  });

  it('finds skipped tests by column in a -f run, after the progress lines', () => {
    // meghan         512M           118985  30  5173  99           294404  25 +++++ +++
    const run = onlyRun(MEGHAN_1_03);
    expect(run.tests.putc.status).toBe('not_run');
    expect(run.tests.putBlock).toMatchObject({ bytesPerSec: 118985 * KIB, cpuPercent: 30 });
    expect(run.tests.rewrite).toMatchObject({ bytesPerSec: 5173 * KIB, cpuPercent: 99 });
    expect(run.tests.getc.status).toBe('not_run');
    expect(run.tests.getBlock).toMatchObject({ bytesPerSec: 294404 * KIB, cpuPercent: 25 });
    expect(run.tests.seeks.status).toBe('too_fast');
    expect(run.tests.seqCreate.status).toBe('not_run');
    expect(run.numFiles).toBeNull();
  });

  it('warns TRUNCATED on a 1.03 table of an I/O block alone: -n 0 and a cut print the same', () => {
    // 1.03 prints nothing in the file block's place with -n 0 (bon_time.cpp DoReport), so this
    // -n 0 run cannot be told from a table cut after its I/O block; run.yaml may accept it.
    expect(parseBonnie(MEGHAN_1_03).warnings).toContainEqual(expect.objectContaining({ code: 'TRUNCATED', line: 10 }));
  });
});

describe('parseBonnie with several runs', () => {
  it('gives one run per CSV line and per table, in input order', () => {
    const text = [
      corpus('pkb__bonnie-1.96-csv.csv'),
      corpus('wifo3-2__bonnie-1.97-raid6-text-and-csv.txt'),
      corpus('ng-alt-bonnie__bonnie-1.90f-csv-format-v2.csv'),
      STAN_1_03,
    ].join('\n');
    const output = parseBonnie(text);
    expect(output.result.runs.map((run) => run.name)).toEqual(['perfkit-7b22f510-0', 'wifo3-02', 'lyta', 'stan']);
  });

  it('keeps two identical CSV lines as two runs', () => {
    const line = corpus('pkb__bonnie-1.96-csv.csv').trim();
    expect(parseBonnie(`${line}\n${line}\n`).result.runs).toHaveLength(2);
  });

  it('with format csv reads only the CSV lines', () => {
    const output = parseBonnie(corpus('wifo3-2__bonnie-1.97-raid6-text-and-csv.txt'), { format: 'csv' });
    expect(output.format).toBe('csv');
    expect(output.result.runs.map((run) => run.sources)).toEqual([['csv']]);
  });

  it('reads a table quoted in a mail ("> " before every line)', () => {
    const quoted = corpus('wifo3-2__bonnie-1.97-raid6-text-and-csv.txt')
      .split('\n')
      .map((line) => (line === '' ? line : `> ${line}`))
      .join('\n');
    expect(onlyRun(quoted).sources).toEqual(['table', 'csv']);
  });
});

describe('measurements', () => {
  it('names each measurement after the CSV field, in base units, labelled by name and size', () => {
    const { measurements } = parseBonnie(corpus('pkb__bonnie-1.96-csv.csv'));
    const find = (metric: string) => measurements.find((m) => m.metric === metric);
    expect(find('put_block')).toEqual({
      tool: 'bonnie',
      metric: 'put_block',
      unit: 'B/s',
      value: 72853 * KIB,
      labels: { name: 'perfkit-7b22f510-0', size: '7423M' },
    });
    expect(find('put_block.cpu')).toMatchObject({ unit: '%', value: 15 });
    expect(find('put_block.latency')).toMatchObject({ unit: 'ns', value: 512e6 });
    expect(find('seeks')).toMatchObject({ unit: 'op/s', value: 537.7 });
    expect(find('seq_create')).toMatchObject({ unit: 'op/s', value: 49223 });
    // +++++ and empty cells give no measurement, never a zero.
    expect(find('putc')).toBeUndefined();
    expect(find('seq_stat')).toBeUndefined();
  });

  it('adds a concurrency label only where it is not 1', () => {
    const line = corpus('pkb__bonnie-1.96-csv.csv').replace('perfkit-7b22f510-0,1,', 'perfkit-7b22f510-0,4,');
    const { measurements } = parseBonnie(line);
    expect(measurements[0]?.labels).toEqual({ name: 'perfkit-7b22f510-0', size: '7423M', concurrency: '4' });
  });
});

describe('detectBonnie', () => {
  it('names the format and version of every bonnie corpus file', () => {
    expect(detectBonnie(corpus('pkb__bonnie-1.96-csv.csv'))).toEqual({
      tool: 'bonnie',
      format: 'csv',
      version: '1.96',
      confidence: 0.9,
    });
    expect(detectBonnie(corpus('chicken-house__bonnie-2.00a-wsl-text-and-csv.txt'))).toMatchObject({
      format: 'table',
      version: '2.00a',
    });
    expect(detectBonnie(STAN_1_03.split('\n').at(-1) as string)).toMatchObject({ format: 'csv', version: null });
  });

  it('recognises a real CSV cut short, so that the registry reports where it stops', () => {
    // pkb's 1.96 line cut after the comma before its file tests: 25 of its 48 fields (the last empty).
    const line = corpus('pkb__bonnie-1.96-csv.csv').trim();
    const cut = line.slice(0, line.indexOf('49223'));
    expect(detectBonnie(cut)).toEqual({ tool: 'bonnie', format: 'csv', version: '1.96', confidence: 0.5 });
    const error = catchParseError(() => parse(cut));
    expect(error).toMatchObject({ code: 'TRUNCATED', tool: 'bonnie', line: 1, column: cut.length + 1 });
    expect(error.message).toContain('has 48 fields, this one has 25');
    // Cut after its first three fields, still named as bonnie++'s.
    expect(catchParseError(() => parse('1.96,1.96,perfkit-7b22f510-0,'))).toMatchObject({ code: 'TRUNCATED' });
  });

  it('does not take a short versioned line before the last one for a cut CSV', () => {
    expect(detectBonnie('1.96,1.96,host,1\nsomething else')).toBeNull();
  });

  it('does not claim the other tools outputs', () => {
    for (const tool of TOOL_NAMES.filter((name) => name !== 'bonnie')) {
      for (const file of corpusFiles(tool)) {
        const detection = detectBonnie(file.text);
        expect(detection === null || detection.confidence < 0.5, `${tool}/${file.name}`).toBe(true);
      }
    }
  });
});

describe('errors', () => {
  it('rejects an empty input', () => {
    expect(catchParseError(() => parseBonnie(''))).toMatchObject({ code: 'EMPTY_INPUT', tool: 'bonnie', line: 1 });
    expect(catchParseError(() => parseBonnie(' \n\n'))).toMatchObject({ code: 'EMPTY_INPUT' });
  });

  it('reports a CSV line cut short as TRUNCATED at its end', () => {
    const line = corpus('pkb__bonnie-1.96-csv.csv').trim();
    const cut = line.slice(0, line.indexOf('49223'));
    const error = catchParseError(() => parseBonnie(`\n${cut}`));
    expect(error).toMatchObject({ code: 'TRUNCATED', line: 2, column: cut.length + 1 });
  });

  it('reports a bad number at its column', () => {
    const line = corpus('pkb__bonnie-1.96-csv.csv').trim().replace('72853', '72x53');
    const error = catchParseError(() => parseBonnie(line));
    expect(error).toMatchObject({ code: 'BAD_NUMBER', line: 1, column: line.indexOf('72x53') + 3 });
  });

  it('reports a latency without a unit', () => {
    const line = corpus('pkb__bonnie-1.96-csv.csv').trim().replace('512ms', '512');
    expect(catchParseError(() => parseBonnie(line))).toMatchObject({ code: 'UNKNOWN_UNIT', line: 1 });
  });

  it('reports a table that stops after its header as TRUNCATED', () => {
    const text = corpus('uclinux-docs__bonnie-1.94-text-trailing-spaces.txt').split('\n').slice(0, 3).join('\n');
    expect(catchParseError(() => parseBonnie(text))).toMatchObject({ code: 'TRUNCATED', line: 3 });
  });

  it('reports a table row with a cell too many', () => {
    const text = corpus('uclinux-docs__bonnie-1.94-text-trailing-spaces.txt').replace('100.4   5 ', '100.4   5  7');
    const row = text.split('\n')[3] as string;
    expect(catchParseError(() => parseBonnie(text))).toMatchObject({
      code: 'COLUMN_COUNT',
      line: 4,
      column: row.length,
    });
  });

  it('reports a run killed before its results as TRUNCATED', () => {
    const text = 'Using uid:0, gid:0.\nWriting a byte at a time...done\nWriting intelligently...';
    expect(catchParseError(() => parseBonnie(text))).toMatchObject({ code: 'TRUNCATED', line: 3 });
  });

  it('reports an input without any bonnie++ result as MISSING_SECTION', () => {
    expect(catchParseError(() => parseBonnie('hello\nworld'))).toMatchObject({
      code: 'MISSING_SECTION',
      line: 1,
      column: 1,
    });
  });

  it('safeParseBonnie returns the error instead of throwing it', () => {
    const result = safeParseBonnie('');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toBe('EMPTY_INPUT');
  });
});

describe('types', () => {
  it('types the result as z.output of the schema', () => {
    const output = parseBonnie(corpus('pkb__bonnie-1.96-csv.csv'));
    expectTypeOf(output.result).toEqualTypeOf<BonnieResult>();
    expectTypeOf(output.result.runs[0]?.tests.putBlock.bytesPerSec).toEqualTypeOf<number | null | undefined>();
  });
});

describe('CSV layout by field count', () => {
  it('reads a line whose format version and field count disagree by its count, with a warning', () => {
    // A 1.98 line (50 fields, bonnie++ 2.00a) stamped 1.96, whose layout has 48. (Fewer fields
    // than the version's layout is a line cut short: bonnie.truncation.test.ts.)
    const text = corpus('chicken-house__bonnie-2.00a-wsl-text-and-csv.txt');
    const line = (text.split('\n').find((l) => l.startsWith('1.98,')) as string).replace('1.98,2.00a,', '1.96,2.00a,');
    const output = parseBonnie(line);
    expect(output.result.runs[0]?.tests.putBlock.bytesPerSec).toBe(745124 * KIB);
    expect(output.warnings).toMatchObject([{ code: 'CSV_LAYOUT_MISMATCH', line: 1, column: 1 }]);
  });
});
