// What the reader's outputs reveal for run.yaml, and nothing guessed: the versions the tools
// printed, a name and workload per output, the job parameters they show, and what an iostat
// banner says of the machine. Plain JSON: the parse worker makes it and posts it to the page.
// Where two outputs disagree (two kernels), every value is kept and the form fills in none.

import type {
  BonnieResult,
  FioResult,
  IostatResult,
  ParseOutput,
  SysbenchResult,
  SysbenchRun,
  ToolName,
} from '@benchfolio/parsers';

/** One parsed output, under the name the page knows it by (`pasted-1.txt` for pasted text). */
export interface PrefillSource {
  file: string;
  parsed: ParseOutput;
}

/** A value the outputs show, with the inputs that show it. */
export interface Seen<T extends string | number> {
  value: T;
  /** The names of the inputs that printed it, as the page knows them. */
  files: string[];
}

/** A group of parameters an output prints: one fio job, one sysbench run, one bonnie++ run. */
export interface PrintedParameters {
  /** What they belong to: the fio job name, "fileio rndrw", the bonnie++ machine name. */
  subject: string;
  /** `name=value` pairs as the output prints them (fio option names: rw, bs, iodepth, ...). */
  values: Array<{ name: string; value: string }>;
}

/** One output as it would be listed under run.yaml `outputs`. */
export interface PrefillOutput {
  /** The name the page knows the input by. */
  source: string;
  /** The file name proposed for the run folder (`fio--random-write.txt`), unique in the run. */
  file: string;
  tool: ToolName;
  format: string;
  /** The version as the output prints it (`fio-3.33`, `1.0.20`), or null. */
  toolVersion: string | null;
  /** What the output names as its workload (fio job names, `fileio-rndrw-t4`), or null. */
  workload: string | null;
  /** Which repetition, when several outputs show the same tool and workload; else null. */
  repeat: number | null;
  /** The parameters the output prints, to show the reader. */
  parameters: PrintedParameters[];
  /** The same parameters as one line for the output's `note`, or null when it prints none. */
  note: string | null;
}

/** Everything the outputs reveal for run.yaml. Scalars come as lists: one entry when they agree. */
export interface SubmissionPrefill {
  /** run.yaml `tools`: each tool's version as run.yaml writes it (`fio-3.33`, `sysbench 1.0.20`). */
  tools: Array<{ tool: ToolName; versions: Seen<string>[] }>;
  /** run.yaml `date` (YYYY-MM-DD): the iostat banner's date, fio's JSON `time`. */
  date: Seen<string>[];
  system: {
    /** iostat banner host name, bonnie++ machine name (`-m`, the host name by default). */
    host: Seen<string>[];
    /** `uname -r`, from the iostat banner. */
    kernel: Seen<string>[];
    /** Logical CPUs, the iostat banner's `(2 CPU)`: system.cpu.threads. */
    cpuThreads: Seen<number>[];
    /** Block devices the outputs name (iostat rows, fio disk stats): system.disks[].device. */
    devices: Seen<string>[];
  };
  /** Whether run.yaml `repeat` follows from the outputs: the largest repeat seen, else null. */
  repeat: number | null;
  outputs: PrefillOutput[];
}

/** Reads what the parsed outputs show, in the order given. */
export function submissionPrefill(sources: readonly PrefillSource[]): SubmissionPrefill {
  const facts = new Facts();
  const drafts = sources.map((source) => readOutput(source, facts));
  const outputs = withRepeats(drafts);
  const repeats = outputs.map((output) => output.repeat ?? 0);
  const maxRepeat = Math.max(0, ...repeats);
  return {
    tools: facts.toolList(),
    date: facts.list('date'),
    system: {
      host: facts.list('host'),
      kernel: facts.list('kernel'),
      cpuThreads: facts.list<number>('cpuThreads'),
      devices: facts.list('device'),
    },
    repeat: maxRepeat > 1 ? maxRepeat : null,
    outputs: proposeFileNames(outputs),
  };
}

type FactName = 'date' | 'host' | 'kernel' | 'cpuThreads' | 'device';

/** Collects distinct values in order of first appearance, with the files that show each. */
class Facts {
  private readonly values = new Map<string, Map<string | number, string[]>>();

  add(name: string, value: string | number | null | undefined, file: string): void {
    if (value === null || value === undefined || value === '') return;
    const byValue = this.values.get(name) ?? new Map<string | number, string[]>();
    this.values.set(name, byValue);
    const files = byValue.get(value) ?? [];
    if (!files.includes(file)) files.push(file);
    byValue.set(value, files);
  }

  list<T extends string | number = string>(name: FactName): Seen<T>[] {
    return [...(this.values.get(name) ?? new Map<string | number, string[]>())].map(([value, files]) => ({
      value: value as T,
      files,
    }));
  }

  toolList(): SubmissionPrefill['tools'] {
    const tools: SubmissionPrefill['tools'] = [];
    for (const [name, byValue] of this.values) {
      if (!name.startsWith('tool:')) continue;
      const versions = [...byValue].map(([value, files]) => ({ value: String(value), files }));
      tools.push({ tool: name.slice('tool:'.length) as ToolName, versions });
    }
    return tools;
  }
}

/** An output before names and repeats are given: `what` names it in its proposed file name. */
type Draft = Omit<PrefillOutput, 'file' | 'repeat'> & { what: string | null };

function readOutput(source: PrefillSource, facts: Facts): Draft {
  const { parsed, file } = source;
  facts.add(`tool:${parsed.tool}`, runYamlVersion(parsed.tool, parsed.toolVersion), file);
  const read = READERS[parsed.tool](parsed.result, file, facts);
  return {
    source: file,
    tool: parsed.tool,
    format: parsed.format,
    toolVersion: parsed.toolVersion,
    workload: read.workload,
    what: read.what,
    parameters: read.parameters,
    note: parametersNote(parsed.tool, read.parameters),
  };
}

/**
 * The version as run.yaml `tools` writes it, which is how each tool prints it on its first line:
 * fio `fio-3.33`, `sysbench 1.0.20`, bonnie++ `Version 2.00a` (run.yaml: `bonnie++ 2.00a`).
 * iostat prints no version in its output (sysstat's only with -V), so none is proposed.
 */
function runYamlVersion(tool: ToolName, printed: string | null): string | null {
  if (printed === null) return null;
  if (tool === 'fio') return printed.startsWith('fio') ? printed : `fio-${printed}`;
  if (tool === 'sysbench') return `sysbench ${printed}`;
  if (tool === 'bonnie') return `bonnie++ ${printed}`;
  return `sysstat ${printed}`;
}

interface Read {
  workload: string | null;
  /** What the proposed file name says: the workload, bonnie++'s machine and size, iostat's host. */
  what: string | null;
  parameters: PrintedParameters[];
}

const READERS: Record<ToolName, (result: unknown, file: string, facts: Facts) => Read> = {
  fio: (result, file, facts) => readFio(result as FioResult, file, facts),
  sysbench: (result) => readSysbench(result as SysbenchResult),
  bonnie: (result, file, facts) => readBonnie(result as BonnieResult, file, facts),
  iostat: (result, file, facts) => readIostat(result as IostatResult, file, facts),
  // dd prints no workload name or parameters of its own: the command line holds them.
  dd: () => ({ workload: null, what: null, parameters: [] }),
};

function readFio(result: FioResult, file: string, facts: Facts): Read {
  const parameters: PrintedParameters[] = [];
  const seen = new Set<string>();
  for (const run of result.runs) {
    facts.add('date', fioDate(run.time, run.timestamp), file);
    for (const disk of run.disks) facts.add('device', disk.name, file);
    for (const job of run.jobs) {
      if (job.hostname !== null) facts.add('host', job.hostname, file);
      // numjobs without group_reporting prints each clone: one entry per job name is enough.
      if (seen.has(job.name)) continue;
      seen.add(job.name);
      const { rw, blockSize, ioengine, iodepth, numjobs, direct, options } = job.parameters;
      parameters.push({
        subject: job.name,
        values: pairs([
          ['rw', rw],
          ['bs', options.bs ?? blockSize],
          ['ioengine', ioengine],
          ['iodepth', iodepth],
          ['direct', direct === null ? null : direct ? 1 : 0],
          ['numjobs', numjobs],
          ['size', options.size],
          ['runtime', options.runtime],
        ]),
      });
    }
  }
  const workload = joined([...seen]);
  return { workload, what: workload, parameters };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * fio JSON `time` ("Sat Nov 21 16:57:55 2026") is the machine's local time, as the iostat banner's
 * date is; `timestamp` (Unix seconds) gives the UTC date only when `time` is missing.
 */
function fioDate(time: string | null, timestamp: number | null): string | null {
  const match = time === null ? null : /^\w{3} (\w{3}) +(\d{1,2}) [\d:]+ (\d{4})$/.exec(time.trim());
  const month = match ? MONTHS.indexOf(match[1] as string) + 1 : 0;
  if (match && month > 0) return `${match[3]}-${pad2(month)}-${pad2(Number(match[2]))}`;
  return timestamp === null ? null : new Date(timestamp * 1000).toISOString().slice(0, 10);
}

function readSysbench(result: SysbenchResult): Read {
  const workloads: string[] = [];
  const parameters = result.runs.map((run) => {
    const workload = sysbenchWorkload(run);
    if (workload !== null && !workloads.includes(workload)) workloads.push(workload);
    const p = run.parameters;
    return {
      subject: [run.test ?? 'sysbench', run.mode, run.command === 'run' ? null : run.command]
        .filter((word) => word !== null)
        .join(' '),
      values: pairs([
        ['threads', p.threads],
        ['file-test-mode', p.fileTestMode],
        ['file-num', p.fileNum],
        ['file-total-size', p.fileTotalSizeBytes],
        ['file-block-size', p.fileBlockSizeBytes],
        ['file-extra-flags', p.fileExtraFlags],
        ['file-io-mode', p.fileIoMode],
        ['file-rw-ratio', p.fileRwRatio],
        ['file-fsync-freq', p.fileFsyncFreq],
        ['cpu-max-prime', p.cpuMaxPrime],
        ['memory-block-size', p.memoryBlockSizeBytes],
        ['memory-total-size', p.memoryTotalSizeBytes],
        ['memory-oper', p.memoryOperation],
        ['memory-scope', p.memoryScope],
        ['report-interval', p.reportIntervalSec],
        ['rate', p.targetRatePerSec],
      ]),
    };
  });
  const workload = joined(workloads);
  return { workload, what: workload, parameters };
}

/** The runner's name for a sysbench workload: `fileio-rndrw-t4`, `cpu-t1`; null when the test is unnamed. */
function sysbenchWorkload(run: SysbenchRun): string | null {
  if (run.test === null) return null;
  const threads = run.parameters.threads === null ? null : `t${run.parameters.threads}`;
  const command = run.command === 'run' ? null : run.command;
  return [run.test, run.mode, threads, command].filter((part) => part !== null).join('-');
}

function readBonnie(result: BonnieResult, file: string, facts: Facts): Read {
  const workloads: string[] = [];
  const whats: string[] = [];
  const parameters = result.runs.map((run) => {
    facts.add('host', run.name, file);
    const what = [run.name, run.size].filter((part) => part !== null).join('-');
    if (!whats.includes(what)) whats.push(what);
    // The machine name is where it ran, not what ran: the workload is the size (-s) alone.
    if (run.size !== null && !workloads.includes(`bonnie-${run.size}`)) workloads.push(`bonnie-${run.size}`);
    return {
      subject: run.name,
      values: pairs([
        ['size', run.size],
        ['chunk-size', run.chunkSizeBytes],
        ['files', run.numFiles === null ? null : `${run.numFiles}×1024`],
        ['concurrency', run.concurrency],
      ]),
    };
  });
  return { workload: joined(workloads), what: joined(whats), parameters };
}

function readIostat(result: IostatResult, file: string, facts: Facts): Read {
  const { host } = result;
  if (host !== null) {
    facts.add('kernel', host.release, file);
    facts.add('host', host.host, file);
    facts.add('cpuThreads', host.cpuCount, file);
    facts.add('date', host.dateIso, file);
  }
  // A streamed log comes with `summary: []`; its reports still name the devices.
  for (const row of result.summary) if (!row.isGroup) facts.add('device', row.device, file);
  for (const report of result.reports) {
    for (const row of report.devices) if (!row.isGroup) facts.add('device', row.device, file);
  }
  const banner =
    host === null
      ? []
      : [
          {
            subject: 'its banner',
            values: pairs([
              ['system', host.system],
              ['release', host.release],
              ['host', host.host],
              ['date', host.date],
              ['arch', host.arch],
              ['cpus', host.cpuCount],
            ]),
          },
        ];
  return { workload: null, what: host?.host ?? null, parameters: banner };
}

function pairs(entries: Array<[string, string | number | null | undefined]>): PrintedParameters['values'] {
  return entries.flatMap(([name, value]) =>
    value === null || value === undefined || value === '' ? [] : [{ name, value: String(value) }],
  );
}

function joined(names: readonly string[]): string | null {
  return names.length === 0 ? null : names.join(', ');
}

function parametersNote(tool: ToolName, parameters: readonly PrintedParameters[]): string | null {
  const groups = parameters.filter((group) => group.values.length > 0);
  if (groups.length === 0) return null;
  const text = groups
    .map((group) => `${group.subject}: ${group.values.map(({ name, value }) => `${name}=${value}`).join(' ')}`)
    .join('; ');
  return `${TOOL_WORDS[tool]} printed ${text}.`;
}

const TOOL_WORDS: Record<ToolName, string> = {
  fio: 'fio',
  sysbench: 'sysbench',
  bonnie: 'bonnie++',
  iostat: 'iostat',
  dd: 'dd',
};

/** Outputs of one tool and workload, several times: repeats 1..N in the order given. */
function withRepeats(drafts: readonly Draft[]): Array<Draft & { repeat: number | null }> {
  const counts = new Map<string, number>();
  const keyOf = (draft: Draft) => (draft.workload === null ? null : `${draft.tool}\u0000${draft.workload}`);
  for (const draft of drafts) {
    const key = keyOf(draft);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const next = new Map<string, number>();
  return drafts.map((draft) => {
    const key = keyOf(draft);
    if (key === null || (counts.get(key) ?? 0) < 2) return { ...draft, repeat: null };
    const repeat = (next.get(key) ?? 0) + 1;
    next.set(key, repeat);
    return { ...draft, repeat };
  });
}

/**
 * A name per output, as the runner names them: `<tool>--<what>[-<repeat>].<ext>`. A file whose
 * name already says its tool that way keeps it; pasted text (`pasted-1.txt`) and other names get
 * one from the workload. Names are unique in the run folder.
 */
function proposeFileNames(outputs: ReadonlyArray<Draft & { repeat: number | null }>): PrefillOutput[] {
  const taken = new Set<string>();
  return outputs.map((output) => {
    const keeps = output.source.startsWith(`${output.tool}--`) && isPlainFileName(output.source);
    const base = keeps ? output.source : proposedName(output);
    let file = base;
    for (let n = 2; taken.has(file); n++) file = base.replace(/(\.[a-z+]+)?$/, (ext) => `-${n}${ext}`);
    taken.add(file);
    const { what: _what, ...rest } = output;
    return { ...rest, file };
  });
}

function isPlainFileName(name: string): boolean {
  return /^[^/\\]+$/.test(name) && !name.startsWith('.') && name !== 'run.yaml';
}

function proposedName(output: Draft & { repeat: number | null }): string {
  const names = output.what?.split(', ') ?? [];
  const first = names[0] ?? FALLBACK_WHAT[output.tool];
  const what = slug(names.length > 1 ? `${first}-and-${names.length - 1}-more` : first) || FALLBACK_WHAT[output.tool];
  const repeat = output.repeat === null ? '' : `-${output.repeat}`;
  return `${output.tool}--${what}${repeat}.${extension(output.format)}`;
}

const FALLBACK_WHAT: Record<ToolName, string> = {
  fio: 'job',
  sysbench: 'run',
  bonnie: 'run',
  iostat: 'log',
  dd: 'run',
};

function extension(format: string): string {
  if (format === 'json' || format === 'json+') return 'json';
  if (format === 'csv') return 'csv';
  return 'txt';
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
