import { barTableRows, samplesNote, spreadLegend } from '../charts/bar-summary.ts';
import type { ChartTable } from '../charts/data-table.ts';
import type { MetricComparison } from '../view/model.ts';

/**
 * A bar chart's numbers as a table: a row per group, a column per run; each cell the value with
 * its spread and what it is, and, with a baseline, its reading against it ("645 µs ± 4.65 ms (sd),
 * +3 %"). The caption says what the spreads are.
 */
export function barChartTable(
  data: MetricComparison,
  options: { baseline?: string; groupNoun?: readonly [string, string] } = {},
): ChartTable {
  const rows = barTableRows(data, { baseline: options.baseline });
  const noun = options.groupNoun?.[0] ?? 'group';
  return {
    caption: [data.title, spreadLegend(data, { isTable: true }), samplesNote(data)]
      .filter((part) => part !== null)
      .join('. ')
      .replace(/\.\. /g, '. '),
    columns: [noun.charAt(0).toUpperCase() + noun.slice(1), ...data.runs.map((run) => run.label)],
    rows: data.groups.map((group) => ({
      label: group.label,
      ...findingsOf(data, group.key),
      cells: data.runs.map((run) => {
        const row = rows.find((candidate) => candidate.groupKey === group.key && candidate.runId === run.id);
        if (row === undefined || row.value === null) return '';
        const repeats = row.repeats !== null && row.repeats > 1 ? ` (min–max of ${row.repeats} repeats)` : '';
        const sd = row.spreadText?.startsWith('±') ? ' (sd)' : '';
        // fio's samples are beside the value, not around it: after a semicolon.
        const joiner = row.spreadText?.startsWith('samples') ? '; ' : ' ';
        const spread = row.spreadText === null ? '' : `${joiner}${row.spreadText}${sd}`;
        const reading = row.normalizedText === null ? '' : `, ${row.normalizedText}`;
        return `${row.valueText}${spread}${repeats}${reading}`;
      }),
    })),
  };
}

/** The lint's findings on a group's cells, run by run, when any has some (the table's badges). */
function findingsOf(data: MetricComparison, group: string): { findings?: ChartTable['rows'][number]['findings'] } {
  const findings = data.runs.map(
    (run) => data.cells.find((cell) => cell.group === group && cell.run === run.id)?.findings,
  );
  return findings.some((list) => list !== undefined && list.length > 0) ? { findings } : {};
}
