// Everything the /try page shows of the reader's outputs, made in one place: in the page for
// small inputs, in a web worker for large ones (see parse-worker.ts). The result is plain JSON.

import { TOOL_DESCRIPTORS } from '../tools/index.ts';
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
  return {
    outputs: parsed.map(outputView),
    sections: yourSections(yours),
    fingerprints: parsed.flatMap((each) =>
      each.ok ? each.fingerprints.map((fingerprint) => ({ file: each.name, fingerprint })) : [],
    ),
    prefill: submissionPrefill(yours.map((output) => ({ file: output.name, parsed: output.parsed }))),
  };
}

function outputView(input: ParsedInput): TryOutput {
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
    tables: input.tables,
  };
}
