// One output the reader gave, parsed in the browser: detected from its head, then read whole
// (a benchmark's output is small) or streamed report by report (an iostat log can be 100 MB).

import {
  DETECT_HEAD_CHARS,
  detect,
  fingerprintOutput,
  isParseError,
  type ParseOutput,
  safeParse,
  type WorkloadFingerprint,
} from '@benchfolio/parsers';
import { TOOL_DESCRIPTORS } from '../tools/index.ts';
import type { ResultTable } from '../view/result-tables.ts';
import { resultTables } from '../view/result-tables.ts';
import { tryErrorOf } from './error-view.ts';
import type { TryError, TryInput } from './try-view.ts';

export type ParsedInput =
  | {
      name: string;
      sizeBytes: number;
      ok: true;
      parsed: ParseOutput;
      tables: ResultTable[];
      /** What it ran (fingerprintOutput): how /try finds the published runs worth comparing with. */
      fingerprints: WorkloadFingerprint[];
    }
  | { name: string; sizeBytes: number; ok: false; error: TryError };

/** Called as the input is read: bytes so far. */
export type ProgressListener = (readBytes: number) => void;

const encoder = new TextEncoder();

/** The input's size in bytes, as a file of it would have. */
export function inputBytes(input: TryInput): number {
  return 'text' in input ? encoder.encode(input.text).length : input.file.size;
}

/** Parses one input; a ParseError comes back as a failed input, anything else is thrown. */
export async function parseInput(input: TryInput, onProgress: ProgressListener = () => {}): Promise<ParsedInput> {
  const sizeBytes = inputBytes(input);
  const head =
    'text' in input ? input.text.slice(0, DETECT_HEAD_CHARS) : await input.file.slice(0, DETECT_HEAD_CHARS).text();
  const detection = detect(head);
  const textOf = async () => ('text' in input ? input.text : await input.file.text());
  // A tool that reads its outputs as they stream (iostat's logs) is given the chunks.
  const parseStream = detection === null ? undefined : TOOL_DESCRIPTORS[detection.tool].try.parseStream;
  try {
    if (detection !== null && parseStream !== undefined) {
      const chunks = textChunks(input, onProgress);
      const { parsed, tables } = await parseStream(chunks, { name: input.name, format: detection.format });
      return { name: input.name, sizeBytes, ok: true, parsed, tables, fingerprints: fingerprintOutput(parsed) };
    }
    const text = await textOf();
    onProgress(sizeBytes);
    const result = safeParse(text, { name: input.name });
    if (!result.success) return { name: input.name, sizeBytes, ok: false, error: tryErrorOf(result.error, text) };
    return {
      name: input.name,
      sizeBytes,
      ok: true,
      parsed: result.data,
      tables: resultTables(input.name, result.data),
      // The text says what the result may not (fio's `Laying out IO file` lines: the file size).
      fingerprints: fingerprintOutput(result.data, { text }),
    };
  } catch (error) {
    if (!isParseError(error)) throw error;
    return { name: input.name, sizeBytes, ok: false, error: tryErrorOf(error, await textOf()) };
  }
}

/** The input as text chunks, counting the bytes read. */
function textChunks(input: TryInput, onProgress: ProgressListener): ReadableStream<string> | AsyncIterable<string> {
  if ('text' in input) {
    return (async function* () {
      yield input.text;
      onProgress(inputBytes(input));
    })();
  }
  let readBytes = 0;
  const counter = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
    transform(chunk, controller) {
      readBytes += chunk.byteLength;
      onProgress(readBytes);
      controller.enqueue(chunk);
    },
  });
  return input.file.stream().pipeThrough(counter).pipeThrough(new TextDecoderStream());
}
