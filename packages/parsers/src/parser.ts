import type { z } from 'zod';
import type { TextBatch } from './lines.ts';
import type { Measurement } from './measurement.ts';
import type { TextSource } from './text.ts';
import type { BuiltinTool, ToolName } from './tools.ts';

/** How much of the input detection looks at: enough for preambles, never the whole log. */
export const DETECT_HEAD_CHARS = 64 * 1024;

/** What a parser recognised in the head of an input. */
export interface Detection {
  tool: ToolName;
  /** The output format: `normal`, `json`, `terse`, `csv`, `table`, `text`, ... */
  format: string;
  /** The tool version the output names (`fio-3.33`, `1.97`), or null when it names none. */
  version: string | null;
  /** 0 to 1: how sure the parser is. The most confident parser wins. */
  confidence: number;
}

/** Something odd in the input that did not stop the parse. */
export interface ParseWarning {
  code: string;
  message: string;
  line: number;
  column: number;
}

/**
 * What a parse returns: the tool, the format read, the version the output names, the tool's typed
 * result and its tidy measurements. Tool folders and third-party parsers name their outputs
 * `ToolOutput<'fio', FioResult>`; callers of the package use ParseOutput.
 */
export interface ToolOutput<TTool extends ToolName = ToolName, TResult = unknown> {
  tool: TTool;
  format: string;
  toolVersion: string | null;
  /** The typed result of the tool's parser (its zod schema describes it). */
  result: TResult;
  /** The tidy view of the result (DESIGN.md "Measurements"). */
  measurements: Measurement[];
  warnings: ParseWarning[];
}

/** The typed result of one of the package's tools: `ResultOf<'fio'>` is FioResult. */
export type ResultOf<T extends ToolName> = z.output<Extract<BuiltinTool, { name: T }>['resultSchema']>;

/**
 * What a parse of the package's tools returns: a union discriminated on `tool`, one member per
 * tool, so that `if (output.tool === 'fio') output.result.runs` needs no cast. `ParseOutput<'fio'>`
 * is fio's member alone, `ParseOutput<'fio' | 'sysbench'>` the union of two.
 */
export type ParseOutput<T extends ToolName = ToolName> = { [K in T]: ToolOutput<K, ResultOf<K>> }[T];

/**
 * A tool's parser as the registry sees it. Each tool definition (defineTool) makes one; a parser
 * written by hand for createRegistry implements it too. `detect` reads only the head of the
 * input, `parse` the whole normalized text. `TOutput` is what it returns: by default
 * `ToolOutput<TTool, TResult>`; a registry over several parsers sees the union of their outputs.
 */
export interface ToolParser<
  TResult = unknown,
  TTool extends ToolName = ToolName,
  TOutput extends ToolOutput<TTool, TResult> = ToolOutput<TTool, TResult>,
> {
  tool: TTool;
  /** The formats `parse` accepts, in the order detection tries them. */
  formats: readonly string[];
  /** The tool whose version a run.yaml's `tools` states for these outputs: `fio` for `fio-log`. */
  versionTool?: string;
  detect(head: string): Detection | null;
  /**
   * Throws a ParseError for input it cannot read. `toolVersion`: the version of the tool that
   * printed it, known from elsewhere (a run.yaml), for outputs that do not print it and whose
   * reading depends on it (fio 2.x logs are in usec, fio 3.x's in ns).
   */
  parse(source: TextSource, format: string, toolVersion?: string): TOutput;
  /**
   * Optional streaming parse for long time series: yields consecutive pieces (for iostat, one per
   * report), whose measurements together are those `parse` would return. The input comes as
   * text batches, one or two per chunk read (lines.ts TextBatch: a chunk's whole lines as one
   * text, joined by `\n`): the parser reads a batch synchronously, by offset or from the text's
   * bytes, finding the line ends itself (`batch.text.split('\n')` gives the lines), and awaits
   * once per chunk, not once per line. The registry hands the returned iterator's pieces
   * straight to its caller (no generator of its own around it): an iterator whose `next()`
   * resolves at once while a chunk still holds pieces costs its caller one await per piece and
   * nothing more.
   */
  parseTextStream?(batches: AsyncIterable<TextBatch>, format: string, name: string | undefined): AsyncIterable<TOutput>;
  /**
   * Optional, with parseTextStream: the `benchfolio parse --ndjson` text of one of its outputs, one
   * line ending in `\n`: the same as `JSON.stringify({ file, tool, format, toolVersion, result,
   * warnings })` (no measurements), or with `tidy` one line of `JSON.stringify(measurement)` per
   * measurement. For parsers whose streamed outputs are so many that serializing them costs
   * more than parsing; the CLI uses JSON.stringify for the others (cli/ndjson-writer.ts ndjsonText).
   * The text may come as its UTF-8 bytes instead of a string (iostat's typed pieces do: they go
   * to standard output without being decoded and encoded again); the array may be a view of a
   * buffer the parser reuses, valid only until its next call, so the caller copies it at once.
   */
  ndjson?(output: TOutput, file: string, tidy: boolean): string | Uint8Array;
  /**
   * Optional, with ndjson: the whole `--ndjson` output (not `--tidy`) of a stream of `format`,
   * written straight from its text, without the typed outputs: byte for byte what ndjson()
   * gives for each output of parseTextStream, and the same ParseError after the same bytes. An
   * array may be a view of a buffer the parser reuses, valid until the next is asked for. Null for a format it does not write this way (the caller then
   * takes parseTextStream and ndjson). iostat's text logs: iostat/ndjson-stream.ts.
   */
  ndjsonStream?(batches: AsyncIterable<TextBatch>, format: string, file: string): AsyncIterable<Uint8Array> | null;
}

/**
 * A ParseOutput whose `measurements` are built on first read, then kept. The typed result is
 * the parse; the tidy view of a large output (a million measurements for a long fio log) costs
 * as much again, and callers that only want the result should not pay for it. The property is
 * enumerable, so JSON.stringify, spreading and structuredClone see the list as usual.
 */
export function _withLazyMeasurements<TTool extends ToolName, TResult>(
  output: Omit<ToolOutput<TTool, TResult>, 'measurements'>,
  build: () => Measurement[],
): ToolOutput<TTool, TResult> {
  const { tool, format, toolVersion, result, warnings } = output;
  let measurements: Measurement[] | undefined;
  // A literal keeps the keys in the order of ToolOutput, so JSON output reads the same.
  return {
    tool,
    format,
    toolVersion,
    result,
    get measurements() {
      measurements ??= build();
      return measurements;
    },
    warnings,
  };
}
