import { type _RunDraft, _rateOf, TEST_ORDER } from './draft.ts';
import type { BonnieRun, BonnieTests, TestName } from './schema.ts';

/**
 * bonnie++ prints each run twice, as the table and as the CSV line, and people keep both: one
 * run, not two. A table run and a CSV run are the same run when the table's name is the CSV
 * name or its start (the table cuts long names), the sizes and concurrency agree, and every
 * test agrees: same status, rates within what the table's rounding hides, same %CP, same latency.
 */

function sameNumber(a: number | null, b: number | null): boolean {
  return a === null || b === null || a === b;
}

function testsAgree(table: _RunDraft, csv: _RunDraft): boolean {
  const tableTests = table.run.tests as BonnieTests;
  const csvTests = csv.run.tests as BonnieTests;
  return TEST_ORDER.every((name: TestName) => {
    const t = tableTests[name];
    const c = csvTests[name];
    if (t.status !== c.status) return false;
    if (!sameNumber(t.cpuPercent, c.cpuPercent) || !sameNumber(t.latencyNs, c.latencyNs)) return false;
    if (table.unreliable.has(name)) return true;
    const tableRate = _rateOf(tableTests, name);
    const csvRate = _rateOf(csvTests, name);
    if (tableRate === null || csvRate === null) return tableRate === csvRate;
    return Math.abs(tableRate - csvRate) <= (table.tolerances[name] ?? 0);
  });
}

function sameParameters(table: BonnieRun, csv: BonnieRun): boolean {
  return (
    (table.name === '' || csv.name.startsWith(table.name)) &&
    table.fileSizeBytes === csv.fileSizeBytes &&
    table.concurrency === csv.concurrency &&
    table.numFiles === csv.numFiles
  );
}

function bucketKey(run: BonnieRun): string {
  return `${run.fileSizeBytes}/${run.numFiles}/${run.concurrency}`;
}

/** True when a table run and a CSV run show the same run of bonnie++. */
export function _isSameRun(table: _RunDraft, csv: _RunDraft): boolean {
  return sameParameters(table.run, csv.run) && testsAgree(table, csv);
}

/**
 * The runs of an input: each table run merged into the first unmatched CSV run of the same run
 * (the CSV's figures are the exact ones), in input order. Returns, beside the runs, the table
 * runs left alone, whose unreliable cells need a warning.
 */
export function _mergeRuns(drafts: readonly _RunDraft[]): { runs: BonnieRun[]; tableOnly: _RunDraft[] } {
  // CSV runs by size, file count and concurrency, so that a table run is compared only with the
  // CSV runs it could be: a long file of runs stays linear. A matched run leaves its bucket.
  const buckets = new Map<string, _RunDraft[]>();
  for (const draft of drafts) {
    if (draft.run.sources[0] !== 'csv') continue;
    const key = bucketKey(draft.run);
    const bucket = buckets.get(key);
    if (bucket === undefined) buckets.set(key, [draft]);
    else bucket.push(draft);
  }
  const merged = new Map<_RunDraft, BonnieRun>();
  const tableOnly: _RunDraft[] = [];
  for (const draft of drafts) {
    if (draft.run.sources[0] !== 'table') continue;
    const bucket = buckets.get(bucketKey(draft.run)) ?? [];
    const index = bucket.findIndex((candidate) => _isSameRun(draft, candidate));
    const csv = bucket[index];
    if (csv === undefined) {
      tableOnly.push(draft);
      continue;
    }
    bucket.splice(index, 1);
    merged.set(csv, {
      ...csv.run,
      name: csv.run.name,
      bonnieVersion: csv.run.bonnieVersion ?? draft.run.bonnieVersion,
      sources: ['table', 'csv'],
      line: Math.min(draft.run.line, csv.run.line),
    });
    merged.set(draft, merged.get(csv) as BonnieRun);
  }
  const runs: BonnieRun[] = [];
  const seen = new Set<BonnieRun>();
  const ordered = [...drafts].sort((a, b) => a.offset - b.offset);
  for (const draft of ordered) {
    const run = merged.get(draft) ?? draft.run;
    if (seen.has(run)) continue;
    seen.add(run);
    runs.push(run);
  }
  return { runs, tableOnly };
}
