import type { SysbenchResult, SysbenchRun } from '../../sysbench/schema.ts';
import { findInLines, finding, type LintFinding, type OutputLintInput, textLines } from './finding.ts';

/**
 * sysbench's database tests count the queries that failed with an error they were told to ignore
 * (`--mysql-ignore-errors`, by default 1213, 1020 and 1205: a deadlock, a changed record, a lock
 * wait timeout; the transaction is started again) and the connections they had to open again: `ignored errors: N` and `reconnects: N` in "SQL
 * statistics" (BF107). The rates count only the queries that went through.
 */

export function sysbenchFindings(input: OutputLintInput): LintFinding[] {
  if (input.parsed.tool !== 'sysbench') return [];
  const result = input.parsed.result as SysbenchResult;
  const lines = textLines(input.text);
  return result.runs.flatMap((run) => errorFinding(input, run, lines));
}

function errorFinding(input: OutputLintInput, run: SysbenchRun, lines: readonly string[]): LintFinding[] {
  const ignored = run.sql?.ignoredErrors?.count ?? 0;
  const reconnects = run.sql?.reconnects?.count ?? 0;
  if (ignored === 0 && reconnects === 0) return [];
  const pattern = ignored > 0 ? /ignored errors:\s+[1-9]/ : /reconnects:\s+[1-9]/;
  const at = findInLines(lines, pattern, run.line) ?? { line: run.line, column: 1 };
  const workload = [run.test ?? 'sysbench', run.mode].filter((word) => word !== null).join(' ');
  const parts = [
    ...(ignored > 0 ? [`${ignored} ignored errors (${run.sql?.ignoredErrors?.perSec ?? '?'} per sec.)`] : []),
    ...(reconnects > 0 ? [`${reconnects} reconnects (${run.sql?.reconnects?.perSec ?? '?'} per sec.)`] : []),
  ];
  return [
    finding(input, 'BF107', at, {
      workload,
      values: { ignoredErrors: ignored, reconnects },
      message: `sysbench ${workload} counted ${parts.join(' and ')}: queries failed and were retried or connections lost, and its rates leave them out`,
    }),
  ];
}
