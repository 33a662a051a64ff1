import type { BonnieResult } from '../../bonnie/schema.ts';
import type { LoadedRun } from '../../content/loaded.ts';
import type { DdResult } from '../../dd/schema.ts';
import type { FioResult } from '../../fio/schema.ts';
import type { SysbenchResult } from '../../sysbench/schema.ts';
import {
  escapeRegExp,
  findInLines,
  finding,
  type GroupLintInput,
  type LintFinding,
  type OutputLintInput,
  type TextPosition,
  textLines,
} from './finding.ts';

/**
 * BF402: the runs of an experiment used different versions of a tool. A run's version of a tool
 * is the one its first output of that tool prints (fio's `fio-3.33`, sysbench's header, bonnie++'s
 * `Version`, dd's `dd (coreutils) 9.1`), else run.yaml's `tools`; the version most runs share
 * is the reference (the earliest run's on a tie).
 */

interface RunVersion {
  run: LoadedRun;
  input: OutputLintInput;
  /** As printed or recorded: `fio-3.33`. */
  text: string;
  /** The version number in it, for comparing: `3.33`. */
  number: string;
  at: TextPosition;
}

export function versionFindings(group: GroupLintInput): LintFinding[] {
  const byTool = new Map<string, RunVersion[]>();
  for (const { run, outputs } of group.runs) {
    const tools = new Set(outputs.map((input) => input.parsed.tool).filter((tool) => tool !== 'fio-log'));
    for (const tool of tools) {
      const version = runVersion(run, outputs.find((input) => input.parsed.tool === tool) as OutputLintInput);
      if (version !== null) byTool.set(tool, [...(byTool.get(tool) ?? []), version]);
    }
  }
  return [...byTool.entries()].flatMap(([tool, versions]) => toolFindings(tool, versions));
}

/** The version an output prints; null when it prints none. */
function printedVersion(input: OutputLintInput): string | null {
  const { parsed } = input;
  const first = <T>(values: readonly (T | null)[]): T | null => values.find((value) => value !== null) ?? null;
  switch (parsed.tool) {
    case 'fio':
      return first((parsed.result as FioResult).runs.map((run) => run.fioVersion));
    case 'sysbench':
      return first((parsed.result as SysbenchResult).runs.map((run) => run.version));
    case 'bonnie':
      return first((parsed.result as BonnieResult).runs.map((run) => run.bonnieVersion));
    case 'dd':
      return first((parsed.result as DdResult).runs.map((run) => run.toolVersion));
    default:
      return null;
  }
}

function runVersion(run: LoadedRun, input: OutputLintInput): RunVersion | null {
  const printed = printedVersion(input);
  const text = printed ?? run.run.tools[input.parsed.tool] ?? null;
  if (text === null) return null;
  const escaped = escapeRegExp(text);
  const at = (printed === null ? null : findInLines(textLines(input.text), new RegExp(escaped))) ?? {
    line: 1,
    column: 1,
  };
  return { run, input, text, number: versionNumber(text), at };
}

/** `3.33` of `fio-3.33`, `2.00a` of `bonnie++ 2.00a`, `1.0.20` of `sysbench 1.0.20`; else the text. */
function versionNumber(text: string): string {
  return /\d+(?:\.\d+)+[a-z]?/.exec(text)?.[0] ?? text.trim().toLowerCase();
}

function toolFindings(tool: string, versions: readonly RunVersion[]): LintFinding[] {
  const byNumber = new Map<string, RunVersion[]>();
  for (const version of versions) byNumber.set(version.number, [...(byNumber.get(version.number) ?? []), version]);
  if (byNumber.size < 2) return [];
  const groups = [...byNumber.values()];
  const reference = groups.reduce((best, group) => (group.length > best.length ? group : best));
  const toolWords = tool === 'bonnie' ? 'bonnie++' : tool;
  // `fio-3.33` and `bonnie++ 2.00a` name their tool; a bare `1.96` does not.
  const named = (text: string) => (text.toLowerCase().startsWith(toolWords) ? text : `${toolWords} ${text}`);
  const referenceText = `${named((reference[0] as RunVersion).text)} in ${reference.map((version) => version.run.id).join(', ')}`;
  return groups
    .filter((group) => group !== reference)
    .flat()
    .map((version) =>
      finding(version.input, 'BF402', version.at, {
        workload: version.input.workload,
        values: { tool: toolWords, version: version.text, elsewhere: referenceText },
        message: `run ${version.run.id} used ${named(version.text)}, against ${referenceText}: the same command may not have measured the same way`,
      }),
    );
}
