// Everything the /try page shows of the reader's outputs, made in one place: in the page for
// small inputs, in a web worker for large ones (see parse-worker.ts). The result is plain JSON.

import { TOOL_DESCRIPTORS } from '../tools/index.ts';
import { iostatResultOf } from '../tools/iostat/sections.ts';
import type { ToolSection } from '../view/model.ts';
import { type IostatSummary, iostatSummary } from './compare/iostat-summary.ts';
import { oneReportTable } from './compare/iostat-tables.ts';
import { inputBytes, type ParsedInput, parseInput } from './parse-input.ts';
import { submissionPrefill } from './submission/prefill.ts';
import type { TryInput, TryOutput, TryView } from './try-view.ts';
import { type YourOutput, yourSections } from './your-run.ts';

/** Progress of the whole analysis: which input, and bytes read of all inputs. */
export type AnalyzeProgress = (progress: { name: string; readBytes: number; totalBytes: number }) => void;

export async function analyze(inputs: readonly TryInput[], onProgress: AnalyzeProgress = () => {}): Promise<TryView> {
  const sizes = inputs.map(inputBytes);
  const totalBytes = sizes.reduce((sum, size) => sum + size, 0);
  const parsed: ParsedInput[] = [];
  let doneBytes = 0;
  for (const [index, input] of inputs.entries()) {
    parsed.push(
      await parseInput(input, (readBytes) =>
        onProgress({ name: input.name, readBytes: doneBytes + readBytes, totalBytes }),
      ),
    );
    doneBytes += sizes[index] as number;
  }
  const yours: YourOutput[] = parsed.flatMap((each) => (each.ok ? [each] : []));
  const iostat = iostatSummaries(parsed);
  return {
    outputs: parsed.map((each) => outputView(each, iostat.get(each.name))),
    sections: yourSections(yours).filter(hasSomethingToDraw),
    fingerprints: parsed.flatMap((each) =>
      each.ok ? each.fingerprints.map((fingerprint) => ({ file: each.name, fingerprint })) : [],
    ),
    iostat: [...iostat].map(([file, summary]) => ({ file, summary })),
    prefill: submissionPrefill(yours.map((output) => ({ file: output.name, parsed: output.parsed }))),
  };
}

/** Each parsed iostat log's per-device summary, by output name. */
function iostatSummaries(parsed: readonly ParsedInput[]): Map<string, IostatSummary> {
  const summaries = new Map<string, IostatSummary>();
  for (const each of parsed) {
    const result = each.ok ? iostatResultOf(each.parsed) : undefined;
    if (result !== undefined) summaries.set(each.name, iostatSummary(result));
  }
  return summaries;
}

/**
 * A section drawn from device series alone (iostat's) needs two reports to draw a line: a log of
 * one report (iostat run once) would be an empty plot, and shows as a table instead (outputView).
 */
function hasSomethingToDraw(section: ToolSection): boolean {
  const devices = section.devices ?? [];
  const onlyDevices =
    section.metrics.length === 0 &&
    !section.latency?.length &&
    !section.histograms?.length &&
    !section.sweeps?.length &&
    !section.intervals?.length &&
    section.grid === undefined;
  return !onlyDevices || devices.some((series) => series.t.length >= 2);
}

function outputView(input: ParsedInput, iostat: IostatSummary | undefined): TryOutput {
  if (!input.ok) return input;
  const { parsed } = input;
  // For an output of several formats (fio `normal,json`): the formats of the runs read.
  const readFormats = TOOL_DESCRIPTORS[parsed.tool].try.readFormats?.(parsed);
  return {
    name: input.name,
    sizeBytes: input.sizeBytes,
    ok: true,
    tool: parsed.tool,
    format: parsed.format,
    ...(readFormats === undefined ? {} : { readFormats }),
    toolVersion: parsed.toolVersion,
    warnings: parsed.warnings,
    // A log of one report: its figures per device, where the running table would be empty.
    tables: iostat !== undefined && iostat.reports <= 1 ? [oneReportTable(input.name, iostat)] : input.tables,
  };
}
