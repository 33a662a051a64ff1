import type { LoadedExperiment, LoadedRun } from '../../content/loaded.ts';
import type { ParseOutput } from '../../parser.ts';
import { type LintRuleId, type LintSeverity, lintRule } from './rules.ts';

/** One finding: a rule that an output breaks, where its raw text shows it, and the values. */
export interface LintFinding {
  rule: LintRuleId;
  severity: LintSeverity;
  /** The experiment folder name. */
  experiment: string;
  /** The run folder name. */
  run: string;
  /** The output's file name in the run folder. */
  file: string;
  /** 1-based line and column in the output's raw text. */
  line: number;
  column: number;
  /** The fio job, sysbench test, bonnie++ machine name or run.yaml workload the finding is about. */
  workload: string;
  values: Record<string, number | string | boolean>;
  message: string;
  /**
   * The tidy measurements' `metric` names the finding is about (bonnie++'s `putc` and `putc.cpu`);
   * absent, it is about every number of the workload. The site badges these numbers with it.
   */
  metrics?: string[];
}

/** What a rule reads of one output: its text, its parse, and what run.yaml says beside it. */
export interface OutputLintInput {
  experiment: string;
  run: string;
  file: string;
  /** The output's raw text (lines and columns are counted in it). */
  text: string;
  parsed: ParseOutput;
  /** The run.yaml workload of the output. */
  workload: string;
  /** The command that printed the output (run.yaml `command`). */
  command?: string | undefined;
  /** The run's memory (run.yaml `system.memory.bytes`). */
  memoryBytes?: number | undefined;
}

/**
 * What a rule across outputs reads: every output of one run (device traffic against the tool's
 * numbers), or every run of one experiment (repeats, comparability), each output as its own input.
 */
export interface GroupLintInput {
  experiment: LoadedExperiment;
  /** The runs looked at: one for a run check, all of the experiment's for an experiment check. */
  runs: ReadonlyArray<{ run: LoadedRun; outputs: readonly OutputLintInput[] }>;
}

/** Where in the text: 1-based line and column. */
export interface TextPosition {
  line: number;
  column: number;
}

/** A finding of `rule` on this output, with the rule's severity. */
export function finding(
  input: OutputLintInput,
  rule: LintRuleId,
  at: TextPosition,
  detail: { workload: string; values: LintFinding['values']; message: string; metrics?: string[] },
): LintFinding {
  const { severity } = lintRule(rule);
  return { rule, severity, experiment: input.experiment, run: input.run, file: input.file, ...at, ...detail };
}

/** The text's lines (without their ends), split once per output. */
export function textLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/**
 * The first line at or after `fromLine` (1-based) that `pattern` matches, and the column where
 * the match starts; null when none does.
 */
export function findInLines(lines: readonly string[], pattern: RegExp, fromLine = 1): TextPosition | null {
  for (let index = Math.max(0, fromLine - 1); index < lines.length; index++) {
    const match = pattern.exec(lines[index] ?? '');
    if (match !== null) return { line: index + 1, column: match.index + 1 };
  }
  return null;
}

/** Bytes for a message: `128 MiB`, `23.5 GiB`. */
export function bytesWords(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** The longest name a message quotes whole: a 20 kB fio job name would bury the message. */
const MAX_NAME_CHARS = 60;

/** A job or workload name as a message quotes it: whole, or its start and its length. */
export function nameInMessage(name: string): string {
  return name.length <= MAX_NAME_CHARS ? name : `${name.slice(0, MAX_NAME_CHARS - 1)}… (${name.length} characters)`;
}

/** Text as a literal in a RegExp: a job or machine name may hold any character. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
