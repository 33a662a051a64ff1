/**
 * Extracts the published raw outputs and tables of the seed posts into content/results, so the
 * provenance of every raw file and every published number there is reproducible:
 *
 *   node scripts/import-seeds.ts <seeds-dir> <content-results-dir>
 *
 * It writes only the files it derives from the seeds (raw outputs and measurements.csv); the
 * experiment.yaml, run.yaml and index.md beside them are written by hand and cite the same posts.
 * scripts/import-seeds.test.ts runs it into a temporary folder and checks that the committed
 * files are byte-identical, which proves nobody edited a number or an output by hand.
 *
 * What "as published" means here:
 * - A raw output is the text of the post's <pre> block, with the HTML entities decoded (the
 *   escaping was the blog's, not the tool's) and the single line break that HTML drops after
 *   <pre> dropped too. Nothing else is touched: prompts, blank lines and the `time` summary stay.
 * - Line ends are kept as the post stores them. The cd34.com post (seed 001) stores its <pre>
 *   blocks with CRLF, so its bonnie++ outputs keep CRLF; Evan Hoffman's post (seed 003) uses LF.
 *   content/results/.gitattributes marks the raw files -text so git never converts them.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One file this script writes, relative to the results folder. */
export interface ImportedFile {
  path: string;
  content: string;
}

// ---------------------------------------------------------------------------------------------
// Reading the seeds

/** Seeds are named `<nnn>_<hash>.txt`; the number is stable, the hash is not ours to repeat. */
async function readSeed(seedsDir: string, number: string): Promise<string> {
  const names = (await readdir(seedsDir)).filter((name) => name.startsWith(`${number}_`));
  if (names.length !== 1) throw new Error(`expected one seed ${number}_*.txt in ${seedsDir}, found ${names.length}`);
  return readFile(join(seedsDir, names[0] as string), 'utf8');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Undoes the HTML escaping of a blog post: named entities above and numeric ones (&#8217;). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return String.fromCodePoint(Number.parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(Number.parseInt(body.slice(1), 10));
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** A <pre> block of a post: its text as a browser shows it, and where it starts in the HTML. */
interface PreBlock {
  text: string;
  offset: number;
}

/**
 * Every <pre> block of an HTML text. HTML ignores one line break right after the <pre> tag
 * (WordPress writes `<pre>\r\n`), so that one is dropped; the block's other bytes are kept.
 */
export function preBlocks(html: string): PreBlock[] {
  return [...html.matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/gi)].map((match) => ({
    text: decodeEntities((match[1] as string).replace(/^\r?\n/, '')),
    offset: match.index,
  }));
}

// ---------------------------------------------------------------------------------------------
// Seed 003: Evan Hoffman, "Benchmarking disk IO on ext3 vs ext4 vs xfs with fio" (2011-07-22)

const FIO_EXPERIMENT = '2011-07-ext3-ext4-xfs-fio-msa70';
// The post shows the three full outputs in this order: ext3, ext4, then xfs in the addendum.
const FIO_RUNS = ['ext3', 'ext4', 'xfs'] as const;
const FIO_COMMAND = '[root@link ~]# time fio ';

/**
 * The full fio outputs are the <pre> blocks that hold `Run status group` (the abridged ones
 * do not). Each starts at the prompt line of the `time fio` command: the xfs block opens with
 * the mkfs.xfs and mount session, which is not fio's output and is quoted in run.yaml instead.
 */
export function fioOutputs(seed003: string): ImportedFile[] {
  const full = preBlocks(seed003).filter((block) => block.text.includes('Run status group'));
  if (full.length !== FIO_RUNS.length) throw new Error(`seed 003: expected 3 full fio outputs, found ${full.length}`);
  return full.map((block, index) => {
    const run = FIO_RUNS[index] as string;
    const start = block.text.indexOf(FIO_COMMAND);
    if (start === -1) throw new Error(`seed 003: the ${run} output has no "${FIO_COMMAND.trim()}" line`);
    if (run === 'xfs' && !block.text.slice(0, start).includes('mkfs.xfs')) {
      throw new Error('seed 003: the third full output is expected to be the xfs one (after mkfs.xfs)');
    }
    return { path: `${FIO_EXPERIMENT}/runs/${run}/fio--${run}.txt`, content: block.text.slice(start) };
  });
}

// ---------------------------------------------------------------------------------------------
// Seed 001: cd34.com, "Ext4, XFS and BtrFS benchmarks and testing" (2011-11-01), WordPress JSON

const BONNIE_EXPERIMENT = '2011-11-ext4-xfs-btrfs-bonnie';
// Each result block follows an <h2> naming the configuration; the heading picks the run folder.
const BONNIE_RUN_BY_HEADING: Record<string, string> = {
  Ext4: 'ext4',
  'Ext4 with journal conversion and mount options': 'ext4-tuned',
  'XFS:': 'xfs',
  'XFS, mount options:': 'xfs-mount-options',
  'XFS, file system creation options and mount options:': 'xfs-mkfs-and-mount-options',
  'BtrFS:': 'btrfs',
};

/** The text of the last <h2> before `offset`. */
function headingBefore(html: string, offset: number): string {
  const headings = [...html.slice(0, offset).matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/gi)];
  const last = headings.at(-1);
  if (last === undefined) throw new Error(`no <h2> before offset ${offset}`);
  return decodeEntities(last[1] as string).trim();
}

/**
 * The six bonnie++ 1.96 outputs: each <pre> block holding the `Version  1.96` table, which the
 * author printed together with its CSV line, kept together as one file as published.
 */
export function bonnieOutputs(seed001: string): ImportedFile[] {
  const post = JSON.parse(seed001) as { content: { rendered: string } };
  const html = post.content.rendered;
  const outputs = preBlocks(html).filter((block) => block.text.startsWith('Version  1.96'));
  const files = outputs.map((block) => {
    const heading = headingBefore(html, block.offset);
    const run = BONNIE_RUN_BY_HEADING[heading];
    if (run === undefined) throw new Error(`seed 001: no run for the heading "${heading}"`);
    return { path: `${BONNIE_EXPERIMENT}/runs/${run}/bonnie--${run}.txt`, content: block.text };
  });
  const runs = new Set(files.map((file) => file.path));
  if (files.length !== 6 || runs.size !== 6)
    throw new Error(`seed 001: expected 6 distinct outputs, found ${files.length}`);
  return files;
}

// ---------------------------------------------------------------------------------------------
// Published tables → measurements.csv (run,tool,metric,value,unit,labels,source)

/** One row of measurements.csv, as published. */
interface Row {
  run: string;
  tool: string;
  metric: string;
  value: string;
  unit: string;
  labels: string;
  source: string;
}

/** RFC 4180: quote a field holding a comma or a quote. */
function csvField(text: string): string {
  return /[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function measurementsCsv(rows: readonly Row[]): string {
  const lines = rows.map((row) =>
    [row.run, row.tool, row.metric, row.value, row.unit, row.labels, row.source].map(csvField).join(','),
  );
  return `run,tool,metric,value,unit,labels,source\n${lines.join('\n')}\n`;
}

/** The number as printed: digits and a fraction, without units or thousands separators. */
function publishedNumber(cell: string, where: string): string {
  const number = /^-?\d+(?:\.\d+)?/.exec(cell.trim())?.[0];
  if (number === undefined) throw new Error(`${where}: no number in "${cell}"`);
  return number;
}

/**
 * The cells of the Markdown table that follows `heading` (a line of the page): its header row
 * and body rows, the `| :--- |` rule and the kramdown `{: .table-bordered }` line left out.
 */
export function markdownTableAfter(page: string, heading: string): string[][] {
  const lines = page.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) throw new Error(`no line "${heading}"`);
  const table: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('|')) {
      if (table.length > 0) break;
      continue;
    }
    if (/^\|\s*:?-/.test(line)) continue;
    table.push(
      line
        .replace(/^\|/, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return table;
}

/**
 * Reads a published table into rows: `runFor` maps a (row label, column label) pair to a run
 * folder and labels, or undefined for cells that are not measurements.
 */
function tableRows(
  table: string[][],
  describe: (rowLabel: string, columnLabel: string) => { run: string; labels: string } | undefined,
  fixed: { tool: string; metric: string; unit: string; source: string },
): Row[] {
  const [header, ...body] = table;
  if (header === undefined) throw new Error(`${fixed.source}: empty table`);
  return body.flatMap((cells) =>
    cells.slice(1).flatMap((cell, index) => {
      const rowLabel = cells[0] as string;
      const columnLabel = header[index + 1] as string;
      const target = describe(rowLabel, columnLabel);
      if (target === undefined) return [];
      const source = `${fixed.source}, row "${rowLabel}", column "${columnLabel}"`;
      return [{ ...fixed, ...target, value: publishedNumber(cell, source), source }];
    }),
  );
}

function lookup(map: Record<string, string>, key: string, where: string): string {
  const value = map[key];
  if (value === undefined) throw new Error(`${where}: unexpected label "${key}"`);
  return value;
}

// Seed 002: "IO Performance Case I" (markdown page, last updated 2020-02-21, no author).

const PAGE = 'IO Performance Case I';

export function sequentialWriteCsv(seed002: string): ImportedFile {
  const table = markdownTableAfter(seed002, '### Result (finish time in Seconds)');
  const rows = tableRows(
    table,
    (_row, column) => ({
      run: lookup({ Host1: 'host1', Host2: 'host2', Host3: 'host3' }, column, PAGE),
      labels: 'bs=1M;count=20000',
    }),
    // The cells read "20.6339 Seconds": the unit is the table's, seconds.
    {
      tool: 'dd',
      metric: 'write.time',
      unit: 's',
      source: `${PAGE}, Sequetial Write, table "Result (finish time in Seconds)"`,
    },
  );
  return { path: '2020-dd-sequential-write-three-hosts/measurements.csv', content: measurementsCsv(rows) };
}

export function randomWriteGovernorCsv(seed002: string): ImportedFile {
  const table = markdownTableAfter(seed002, '### Result (in IOPS with different blocksize)');
  const runs = {
    Host1: 'host1-performance',
    'Host2 (CPU on `ondemand`)': 'host2-ondemand',
    'Host2 (CPU on `performance`)': 'host2-performance',
    Host3: 'host3-powersave',
  };
  const rows = tableRows(
    table,
    (row, column) => ({ run: lookup(runs, row, PAGE), labels: `bs=${column};threads=32` }),
    {
      tool: 'fio',
      metric: 'write.iops',
      unit: 'IOPS',
      source: `${PAGE}, Random Write, table "Result (in IOPS with different blocksize)"`,
    },
  );
  return { path: '2020-fio-random-write-cpu-governor/measurements.csv', content: measurementsCsv(rows) };
}

export function randomWriteSchedulerCsv(seed002: string): ImportedFile {
  const table = markdownTableAfter(seed002, '### Result (iops with 32threads)');
  const runs = { 'Host(ext4/cfq)': 'ext4-cfq', 'Host(ext4/noop)': 'ext4-noop', 'Host(xfs/noop)': 'xfs-noop' };
  const rows = tableRows(
    table,
    (row, column) => ({ run: lookup(runs, row, PAGE), labels: `bs=${column};threads=32` }),
    {
      tool: 'fio',
      metric: 'write.iops',
      unit: 'IOPS',
      source: `${PAGE}, Random Write (io_scheduler / filesystem), table "Result (iops with 32threads)"`,
    },
  );
  return { path: '2020-fio-random-write-io-scheduler-filesystem/measurements.csv', content: measurementsCsv(rows) };
}

// Seed 000: Evan Hoffman's blog page, post "The m3.medium is terrible" (undated in the copy).

/**
 * The tab-separated table under the chart "average nginx $request_time":
 * `#  _sourcehost  _avg  _stddev`, one row per instance type. nginx's $request_time is in
 * seconds (with millisecond resolution), so both columns are seconds.
 */
export function requestTimeCsv(seed000: string): ImportedFile {
  const lines = seed000.split('\n');
  const header = lines.indexOf('#\t_sourcehost\t_avg\t_stddev');
  if (header === -1) throw new Error('seed 000: no "#\t_sourcehost\t_avg\t_stddev" table');
  const source = 'The m3.medium is terrible, table under the chart "average nginx $request_time"';
  const rows: Row[] = [];
  for (const line of lines.slice(header + 1)) {
    const cells = line.split('\t');
    if (cells.length !== 4) break;
    const [, host, avg, stddev] = cells as [string, string, string, string];
    const run = host.replace('.', '-');
    for (const [metric, value, column] of [
      ['request_time.mean', avg, '_avg'],
      ['request_time.stddev', stddev, '_stddev'],
    ] as const) {
      const where = `${source}, row "${host}", column "${column}"`;
      rows.push({
        run,
        tool: 'nginx',
        metric,
        value: publishedNumber(value, where),
        unit: 's',
        labels: '',
        source: where,
      });
    }
  }
  if (rows.length !== 6) throw new Error(`seed 000: expected 3 instance types, found ${rows.length / 2}`);
  return { path: '2014-ec2-m3-large-m3-medium-t2-medium-rails/measurements.csv', content: measurementsCsv(rows) };
}

// ---------------------------------------------------------------------------------------------

/** Everything this script derives from the seeds, without writing anything. */
export async function importSeeds(seedsDir: string): Promise<ImportedFile[]> {
  const [seed000, seed001, seed002, seed003] = await Promise.all(
    ['000', '001', '002', '003'].map((number) => readSeed(seedsDir, number)),
  );
  return [
    ...fioOutputs(seed003 as string),
    ...bonnieOutputs(seed001 as string),
    sequentialWriteCsv(seed002 as string),
    randomWriteGovernorCsv(seed002 as string),
    randomWriteSchedulerCsv(seed002 as string),
    requestTimeCsv(seed000 as string),
  ];
}

export async function writeImported(resultsDir: string, files: readonly ImportedFile[]): Promise<void> {
  for (const file of files) {
    const path = join(resultsDir, file.path);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, file.content);
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const [seedsDir, resultsDir] = argv;
  if (seedsDir === undefined || resultsDir === undefined || argv.length !== 2) {
    process.stderr.write('usage: node scripts/import-seeds.ts <seeds-dir> <content-results-dir>\n');
    process.exitCode = 2;
    return;
  }
  const files = await importSeeds(seedsDir);
  await writeImported(resultsDir, files);
  for (const file of files) process.stdout.write(`${join(resultsDir, file.path)}\n`);
}

if (import.meta.main) await main(process.argv.slice(2));
