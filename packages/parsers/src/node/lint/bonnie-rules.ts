import { type BonnieResult, type BonnieRun, CSV_TEST_NAMES, type TestName } from '../../bonnie/schema.ts';
import {
  escapeRegExp,
  findInLines,
  finding,
  type LintFinding,
  type OutputLintInput,
  type TextPosition,
  textLines,
} from './finding.ts';

/** bonnie++'s rules: tests too fast to measure (BF104), per-character tests bound by the CPU (BF202). */

/** A per-character test at this CPU share or more measures the CPU (BF202). */
export const CPU_BOUND_PERCENT = 95;

/** The per-character tests and their %CP cell: the nth cell after the name and size of the I/O row. */
const PER_CHARACTER_CELLS: Partial<Record<TestName, number>> = { putc: 1, getc: 7 };

export function bonnieFindings(input: OutputLintInput): LintFinding[] {
  if (input.parsed.tool !== 'bonnie') return [];
  const result = input.parsed.result as BonnieResult;
  const lines = textLines(input.text);
  return result.runs.flatMap((run) => [...tooFastFinding(input, run, lines), ...cpuBoundFindings(input, run, lines)]);
}

function tooFastFinding(input: OutputLintInput, run: BonnieRun, lines: readonly string[]): LintFinding[] {
  const tests = (Object.keys(run.tests) as TestName[]).filter((test) => run.tests[test].status === 'too_fast');
  if (tests.length === 0) return [];
  const at = findInLines(lines, /\+\+\+\+\+/, run.line) ?? { line: run.line, column: 1 };
  return [
    finding(input, 'BF104', at, {
      workload: run.name,
      values: { tests: tests.join(', '), count: tests.length },
      metrics: tests.flatMap((test) => [
        CSV_TEST_NAMES[test],
        `${CSV_TEST_NAMES[test]}.cpu`,
        `${CSV_TEST_NAMES[test]}.latency`,
      ]),
      message: `bonnie++ printed +++++ (too fast to measure) for ${tests.length} tests: ${tests.join(', ')}`,
    }),
  ];
}

function cpuBoundFindings(input: OutputLintInput, run: BonnieRun, lines: readonly string[]): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const [test, cell] of Object.entries(PER_CHARACTER_CELLS) as [TestName, number][]) {
    const stats = run.tests[test];
    const cpu = 'cpuPercent' in stats ? stats.cpuPercent : null;
    if (stats.status !== 'measured' || cpu === null || cpu < CPU_BOUND_PERCENT) continue;
    findings.push(
      finding(input, 'BF202', cellPosition(lines, run, cell), {
        workload: run.name,
        values: { test, cpuPercent: cpu },
        metrics: [CSV_TEST_NAMES[test], `${CSV_TEST_NAMES[test]}.cpu`, `${CSV_TEST_NAMES[test]}.latency`],
        message: `bonnie++ ${test} ran at ${cpu} % CPU: a per-character test bound by the CPU, not by the storage`,
      }),
    );
  }
  return findings;
}

/** The nth cell after name and size on the I/O row of the table, else the run's first line. */
function cellPosition(lines: readonly string[], run: BonnieRun, cell: number): TextPosition {
  const row = findInLines(lines, new RegExp(`^${escapeRegExp(run.name)}\\s+\\S`), run.line);
  if (row === null) return { line: run.line, column: 1 };
  const cells = [...(lines[row.line - 1] ?? '').matchAll(/\S+/g)];
  const found = cells[cell + 2];
  return { line: row.line, column: found?.index === undefined ? 1 : found.index + 1 };
}
