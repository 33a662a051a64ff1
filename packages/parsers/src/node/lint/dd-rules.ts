import type { DdResult, DdRun } from '../../dd/schema.ts';
import { findInLines, finding, type LintFinding, type OutputLintInput, textLines } from './finding.ts';

/**
 * dd's rules: partial records (BF108), a short read or write where dd asked for a whole block,
 * and the errors dd printed (BF109), after which its statistics cover only what it copied before.
 */

export function ddFindings(input: OutputLintInput): LintFinding[] {
  if (input.parsed.tool !== 'dd') return [];
  const result = input.parsed.result as DdResult;
  const lines = textLines(input.text);
  return result.runs.flatMap((run) => [...partialFinding(input, run, lines), ...errorFindings(input, run)]);
}

function partialFinding(input: OutputLintInput, run: DdRun, lines: readonly string[]): LintFinding[] {
  const partialIn = run.recordsIn?.partial ?? 0;
  const partialOut = run.recordsOut?.partial ?? 0;
  if (partialIn === 0 && partialOut === 0) return [];
  // `N+M records in` (or its German and French words): the first line with a partial count.
  const at = findInLines(lines, /^\d+\+[1-9]\d* /, run.line) ?? { line: run.line, column: 1 };
  const counts = [
    ...(partialIn > 0 ? [`${partialIn} partial records in`] : []),
    ...(partialOut > 0 ? [`${partialOut} partial records out`] : []),
  ];
  return [
    finding(input, 'BF108', at, {
      workload: 'dd',
      values: { partialRecordsIn: partialIn, partialRecordsOut: partialOut },
      message: `dd copied ${counts.join(' and ')} (after the +): reads or writes moved less than the block size asked, so the transfer was not made of the blocks its command says`,
    }),
  ];
}

function errorFindings(input: OutputLintInput, run: DdRun): LintFinding[] {
  return run.errors
    .filter((error) => error.severity === 'error')
    .map((error) =>
      finding(
        input,
        'BF109',
        { line: error.line, column: 1 },
        {
          workload: 'dd',
          values: { error: error.message },
          message: `dd printed "dd: ${error.message}": the copy did not go as its command says, and its statistics cover only what dd copied`,
        },
      ),
    );
}
