// What the reader's outputs reveal for run.yaml, and nothing guessed: the versions the tools
// printed, a name and workload per output, the job parameters they show, and what an iostat
// banner says of the machine. Plain JSON: the parse worker makes it and posts it to the page.
// Where two outputs disagree (two kernels), every value is kept and the form fills in none.

import { CUT_WARNING, type ParseOutput, type ToolName } from '@benchfolio/parsers';
import { outputFileNameProblem } from '@benchfolio/parsers/content';
import { TOOL_DESCRIPTORS } from '../../tools/index.ts';
import type { PrefillFact, PrintedParameters } from '../../tools/prefill-read.ts';

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
  /**
   * The parser's TRUNCATED warning when the output is cut short (a killed run, a copy that stops
   * early), else null: validate refuses such an output unless run.yaml says why it is published.
   */
  cut: CutOutput | null;
}

/** Where and how an output is cut short, as the parser's TRUNCATED warning says. */
export interface CutOutput {
  line: number;
  column: number;
  message: string;
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

/** Collects distinct values in order of first appearance, with the files that show each. */
class Facts {
  private readonly values = new Map<PrefillFact, Map<string | number, string[]>>();
  private readonly versions = new Map<ToolName, Map<string | number, string[]>>();

  add(fact: PrefillFact, value: string | number | null | undefined, file: string): void {
    addSeen(this.values, fact, value, file);
  }

  /** A tool's version as run.yaml `tools` writes it. */
  addVersion(tool: ToolName, version: string | null, file: string): void {
    addSeen(this.versions, tool, version, file);
  }

  list<T extends string | number = string>(fact: PrefillFact): Seen<T>[] {
    return [...(this.values.get(fact) ?? new Map<string | number, string[]>())].map(([value, files]) => ({
      value: value as T,
      files,
    }));
  }

  toolList(): SubmissionPrefill['tools'] {
    return [...this.versions].map(([tool, byValue]) => ({
      tool,
      versions: [...byValue].map(([value, files]) => ({ value: String(value), files })),
    }));
  }
}

function addSeen<K>(
  seen: Map<K, Map<string | number, string[]>>,
  key: K,
  value: string | number | null | undefined,
  file: string,
): void {
  if (value === null || value === undefined || value === '') return;
  const byValue = seen.get(key) ?? new Map<string | number, string[]>();
  seen.set(key, byValue);
  const files = byValue.get(value) ?? [];
  if (!files.includes(file)) files.push(file);
  byValue.set(value, files);
}

/** An output before names and repeats are given: `what` names it in its proposed file name. */
type Draft = Omit<PrefillOutput, 'file' | 'repeat'> & { what: string | null };

function readOutput(source: PrefillSource, facts: Facts): Draft {
  const { parsed, file } = source;
  const { submission, title } = TOOL_DESCRIPTORS[parsed.tool];
  // The version as run.yaml `tools` writes it; iostat prints none in its output, so none is proposed.
  const version = parsed.toolVersion === null ? null : submission.runYamlVersion(parsed.toolVersion);
  facts.addVersion(parsed.tool, version, file);
  const read = submission.read(parsed, { add: (fact, value) => facts.add(fact, value, file) });
  const cut = parsed.warnings.find((warning) => warning.code === CUT_WARNING);
  return {
    source: file,
    tool: parsed.tool,
    format: parsed.format,
    toolVersion: parsed.toolVersion,
    workload: read.workload,
    what: read.what,
    parameters: read.parameters,
    note: parametersNote(title, read.parameters),
    cut: cut === undefined ? null : { line: cut.line, column: cut.column, message: cut.message },
  };
}

/** The printed parameters as one line for the output's `note`: "fio printed job: rw=write bs=4k.". */
function parametersNote(toolTitle: string, parameters: readonly PrintedParameters[]): string | null {
  const groups = parameters.filter((group) => group.values.length > 0);
  if (groups.length === 0) return null;
  const text = groups
    .map((group) => `${group.subject}: ${group.values.map(({ name, value }) => `${name}=${value}`).join(' ')}`)
    .join('; ');
  return `${toolTitle} printed ${text}.`;
}

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
 * name already says its tool that way keeps it, when validate allows it (`fio--x.html` does not:
 * its extension); pasted text (`pasted-1.txt`) and other names get one from the workload. Names
 * are unique in the run folder.
 */
function proposeFileNames(outputs: ReadonlyArray<Draft & { repeat: number | null }>): PrefillOutput[] {
  const taken = new Set<string>();
  return outputs.map((output) => {
    const keeps = output.source.startsWith(`${output.tool}--`) && outputFileNameProblem(output.source) === undefined;
    const base = keeps ? output.source : proposedName(output);
    let file = base;
    for (let n = 2; taken.has(file); n++) file = base.replace(/(\.[a-z+]+)?$/, (ext) => `-${n}${ext}`);
    taken.add(file);
    const { what: _what, ...rest } = output;
    return { ...rest, file };
  });
}

function proposedName(output: Draft & { repeat: number | null }): string {
  const names = output.what?.split(', ') ?? [];
  const fallback = TOOL_DESCRIPTORS[output.tool].submission.fallbackName;
  const first = names[0] ?? fallback;
  const what = slug(names.length > 1 ? `${first}-and-${names.length - 1}-more` : first) || fallback;
  const repeat = output.repeat === null ? '' : `-${output.repeat}`;
  return `${output.tool}--${what}${repeat}.${extension(output.format)}`;
}

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
