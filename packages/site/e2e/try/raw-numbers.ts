// The numbers a reader would quote, read from the raw text of an output with plain regexes and
// splits, independently of the parsers: what the /try page shows must match them.

/** A number as a tool prints it with a decimal multiplier suffix: `392k` is 392000. */
function withSuffix(digits: string, suffix: string | undefined): number {
  const factor = suffix === 'k' ? 1e3 : suffix === 'M' ? 1e6 : suffix === 'G' ? 1e9 : 1;
  return Number(digits) * factor;
}

/** The version a fio output names: `fio-3.33` (3.x normal and JSON), `fio 1.57` (1.x). */
export function fioVersion(text: string): string {
  const match = /"fio version"\s*:\s*"fio-([\d.]+)"|^fio[- ]([\d.]+)\s*$/m.exec(text);
  if (match === null) throw new Error('no fio version line');
  return (match[1] ?? match[2]) as string;
}

/**
 * The first job's write IOPS: `write: IOPS=392k,` (fio 3.x normal), `iops=7118` (fio 1.x
 * normal), `"iops" : 337236.763237` of the job's "write" object (JSON).
 */
export function fioWriteIops(text: string): number {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    const document = JSON.parse(trimmed) as { jobs: Array<{ write: { iops: number } }> };
    const job = document.jobs[0];
    if (job === undefined) throw new Error('no job in the fio JSON');
    return job.write.iops;
  }
  const modern = /^\s*write: IOPS=([\d.]+)([kMG])?,/m.exec(text);
  if (modern !== null) return withSuffix(modern[1] as string, modern[2]);
  const old = /^\s*write: io=.*?iops=(\d+)/m.exec(text);
  if (old === null) throw new Error('no write IOPS in the fio output');
  return Number(old[1]);
}

/** bonnie++'s CSV line: its first field is the format version (`1.96`, `1.98`). */
function bonnieCsvFields(text: string): string[] {
  const line = text.split(/\r?\n/).find((candidate) => /^1\.9\d,/.test(candidate));
  if (line === undefined) throw new Error('no bonnie++ CSV line');
  return line.split(',');
}

const BONNIE_IO_TESTS = ['putc', 'put_block', 'rewrite', 'getc', 'get_block'] as const;

export interface BonnieRate {
  /** The test as bonnie++'s CSV header names it. */
  test: (typeof BONNIE_IO_TESTS)[number];
  bytesPerSec: number;
}

/** bonnie++'s version: the CSV line's second field (`1.96`, `2.00a`). */
export function bonnieVersion(text: string): string {
  return bonnieCsvFields(text)[1] as string;
}

/**
 * The first I/O test bonnie++ could time (`+++++` is too fast to time), from the CSV line, in
 * bytes per second: the CSV prints K/sec. The 1.98 layout (bonnie++ 1.98 to 2.00a) has the seek
 * count and seeker processes before the I/O tests, 1.96 and 1.97 do not.
 */
export function bonnieFirstIoRate(text: string): BonnieRate {
  const fields = bonnieCsvFields(text);
  const first = fields[0] === '1.98' ? 9 : 7;
  for (const [index, test] of BONNIE_IO_TESTS.entries()) {
    const printed = fields[first + 2 * index] as string;
    if (/^\d+$/.test(printed)) return { test, bytesPerSec: Number(printed) * 1024 };
  }
  throw new Error('bonnie++ timed none of its I/O tests');
}

/** `sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)`. */
export function sysbenchVersion(text: string): string {
  const match = /^sysbench ([\d.]+)/m.exec(text);
  if (match === null) throw new Error('no sysbench banner');
  return match[1] as string;
}

/** sysbench cpu's `events per second:  4541.85`. */
export function sysbenchEventsPerSecond(text: string): number {
  const match = /^\s*events per second:\s+([\d.]+)\s*$/m.exec(text);
  if (match === null) throw new Error('no "events per second" line');
  return Number(match[1]);
}

/** sysbench fileio's `writes/s:  65815.90`. */
export function sysbenchWritesPerSecond(text: string): number {
  const match = /^\s*writes\/s:\s+([\d.]+)\s*$/m.exec(text);
  if (match === null) throw new Error('no "writes/s" line');
  return Number(match[1]);
}

/** `Linux 6.18.44-fc-v657 (vm) 	11/21/26 	_x86_64_	(2 CPU)` … sysstat's version is not printed. */
export function iostatKernel(text: string): string {
  const match = /^Linux (\S+) /m.exec(text);
  if (match === null) throw new Error('no iostat banner');
  return match[1] as string;
}

/** One iostat report's device table: device → column (`w/s`, `%util`) → value as printed. */
export type IostatTable = Map<string, Map<string, number>>;

/** The device tables of an iostat `-x` text output, report by report, read with a plain split. */
export function iostatDeviceTables(text: string): IostatTable[] {
  const tables: IostatTable[] = [];
  let columns: string[] | null = null;
  for (const line of text.split('\n')) {
    const tokens = line.trim().split(/\s+/);
    if (tokens[0] === 'Device' || tokens[0] === 'Device:') {
      columns = tokens.slice(1);
      tables.push(new Map());
    } else if (line.trim() === '') {
      columns = null;
    } else if (columns !== null) {
      const row = new Map(columns.map((column, index) => [column, Number(tokens[index + 1])] as const));
      tables.at(-1)?.set(tokens[0] as string, row);
    }
  }
  return tables;
}

export interface IostatPeak {
  device: string;
  column: string;
  /** The largest value of the column over the interval reports, as printed. */
  value: number;
}

/**
 * The device with the highest peak of a column over the interval reports: the first report
 * (averages since boot) is left out, as a summary over a log leaves it out. Peaks are what the
 * tools' runs beside iostat make differ from zero.
 */
export function iostatHighestPeak(text: string, column: string): IostatPeak {
  let highest: IostatPeak | undefined;
  for (const table of iostatDeviceTables(text).slice(1)) {
    for (const [device, row] of table) {
      const value = row.get(column);
      if (value !== undefined && value > (highest?.value ?? 0)) highest = { device, column, value };
    }
  }
  if (highest === undefined) throw new Error(`no device with a non-zero ${column} after the first report`);
  return highest;
}
