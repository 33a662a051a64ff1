import type { PublishedMeasurement } from '@benchfolio/parsers/content';
import type { LoadedExperiment } from '@benchfolio/parsers/node';
import { toolTitle } from '../tools/names.ts';
import type { BaseUnit, RunRef, ToolSection } from '../view/model.ts';
import { slug } from './keys.ts';
import { publishedBetterIs, publishedMetricTitle } from './metric-titles.ts';
import { ComparisonBuilder } from './repeats.ts';

/**
 * The sections of numbers that survive only in a published table (measurements.csv), one per
 * tool, cited. Groups are the rows' labels (block size, ...), named by the labels that differ.
 * A `<name>.stddev` published beside `<name>.mean` for the same run and labels becomes the
 * mean's ± spread (`published-sd`: without the N it is of, no noise test can use it) rather than
 * a chart of its own. Rows repeating a run, metric and labels are
 * repeats (mean, min–max).
 */
export function publishedSections(loaded: LoadedExperiment, runRefs: readonly RunRef[]): ToolSection[] {
  const tools = [...new Set(loaded.published.map((row) => row.tool))];
  return tools.map((tool) => {
    const rows = loaded.published.filter((row) => row.tool === tool);
    const builder = new ComparisonBuilder(runRefs);
    const labelOf = groupLabeller(rows, tool);
    const stddevs = new Map<string, number>();
    for (const row of rows) {
      if (row.metric.endsWith('.stddev')) stddevs.set(cellKey(row, row.metric.slice(0, -'.stddev'.length)), row.value);
    }
    const folded = new Set(
      rows
        .filter(
          (row) => row.metric.endsWith('.mean') && stddevs.has(cellKey(row, row.metric.slice(0, -'.mean'.length))),
        )
        .map((row) => cellKey(row, row.metric.slice(0, -'.mean'.length))),
    );
    for (const row of rows) {
      const base = row.metric.endsWith('.stddev') ? row.metric.slice(0, -'.stddev'.length) : undefined;
      if (base !== undefined && folded.has(cellKey(row, base))) continue;
      const group = labelsKey(row.labels);
      builder.group(group, labelOf(row.labels));
      const meanOf = row.metric.endsWith('.mean') ? row.metric.slice(0, -'.mean'.length) : undefined;
      const stddev = meanOf === undefined ? undefined : stddevs.get(cellKey(row, meanOf));
      builder.add(
        {
          key: `${slug(tool)}-${slug(row.metric)}`,
          metric: row.metric,
          title: publishedMetricTitle(row.metric),
          unit: row.unit as BaseUnit,
          betterIs: publishedBetterIs(row.metric, row.unit),
        },
        { run: row.run, group, sample: `line ${row.line}`, value: row.value, stddev, stddevKind: 'published-sd' },
      );
    }
    return {
      key: `published-${slug(tool)}`,
      tool,
      title: toolTitle(tool),
      origin: 'published',
      citation: citation(rows, loaded),
      metrics: builder.build(),
    };
  });
}

function labelsKey(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([key, value]) => `${key}=${value}`)
    .join(';');
}

function cellKey(row: PublishedMeasurement, metric: string): string {
  return `${row.run}\u0000${metric}\u0000${labelsKey(row.labels)}`;
}

/**
 * Group labels from the labels that differ between the rows ("4k", or "bs 4k, threads 32" when
 * several differ); when none differ, the labels they share ("bs 1M, count 20000"), else the tool.
 */
function groupLabeller(
  rows: readonly PublishedMeasurement[],
  tool: string,
): (labels: Record<string, string>) => string {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row.labels)))];
  const differing = keys.filter((key) => new Set(rows.map((row) => row.labels[key])).size > 1);
  return (labels) => {
    if (differing.length === 1) return labels[differing[0] as string] ?? '(none)';
    const shown = differing.length > 0 ? differing : keys;
    const parts = shown.filter((key) => labels[key] !== undefined).map((key) => `${key} ${labels[key]}`);
    return parts.length > 0 ? parts.join(', ') : toolTitle(tool);
  };
}

/**
 * Where the table comes from: what the rows' `source` fields share, up to the last comma before
 * they part ("IO Performance Case I, Random Write, table "Result (in IOPS with different
 * blocksize)""), else the experiment's source title.
 */
export function citation(rows: readonly PublishedMeasurement[], loaded: LoadedExperiment): string {
  const sources = rows.map((row) => row.source);
  const first = sources[0] ?? '';
  let length = first.length;
  for (const source of sources) {
    let i = 0;
    while (i < length && i < source.length && source[i] === first[i]) i++;
    length = i;
  }
  let shared = first.slice(0, length);
  if (sources.some((source) => source.length !== length)) {
    const comma = shared.lastIndexOf(', ');
    shared = comma === -1 ? '' : shared.slice(0, comma);
  }
  return shared.trim() || loaded.experiment.source?.title || 'measurements.csv';
}
