import type { z } from 'zod';
import { _errorAt, _safely, type ParseError, type SafeParseResult } from './errors.ts';
import type { FingerprintContext, WorkloadFingerprint } from './fingerprint.ts';
import { _checkLineLengths } from './line-limit.ts';
import type { TextBatch } from './lines.ts';
import type { Measurement } from './measurement.ts';
import {
  _withLazyMeasurements,
  DETECT_HEAD_CHARS,
  type Detection,
  type ParseWarning,
  type ToolOutput,
  type ToolParser,
} from './parser.ts';
import { readText, type TextSource } from './text.ts';
import type { ToolName } from './tools.ts';

/** What a tool's parse makes of a whole input; defineTool adds the rest of the output. */
export interface ToolReading<TResult> {
  result: TResult;
  /** The tool version the output names (`fio-3.33`, `1.97`), or null. */
  toolVersion: string | null;
  warnings: ParseWarning[];
}

/** The options of a tool's own parse function (`parseFio(text, options)`). */
export interface ToolParseOptions<TFormat extends string> {
  /** Skip detection: read only this format. */
  format?: TFormat | undefined;
  /** File name for error messages. */
  name?: string | undefined;
}

/** No options beyond `format` and `name`. */
type NoOptions = Record<never, never>;

/**
 * A tool's definition but for its result schema: all that its registry parser is made of
 * (_toolParser). A tool folder keeps this part in a module of its own (`iostat/definition.ts`)
 * where the CLI loads the parser alone: the result schema is zod's, and loading zod was about
 * half of the CLI's start (70 ms of CPU of 150).
 */
export interface ToolParserDefinition<
  TName extends ToolName,
  TFormat extends string,
  TResult,
  TOptions extends object,
> {
  /** The name in results, measurements, errors and `--tool`: the command name (`bonnie` for bonnie++). */
  name: TName;
  /** How people write the tool's name (`bonnie++`); the name when not given. */
  title?: string;
  /** The formats `parse` reads, in the order detection tries them. */
  formats: readonly TFormat[];
  /**
   * The format read when none is given and detection recognises none in the head. Without one,
   * such an input is an UNKNOWN_FORMAT error.
   */
  defaultFormat?: NoInfer<TFormat>;
  /**
   * Without a default format: what detection looks for, for the UNKNOWN_FORMAT error of an input
   * it does not recognise, "not iostat output: no MARKS found" (`avg-cpu header, Device header or
   * {"sysstat": ...} JSON`).
   */
  marks?: string;
  /** Recognises an output of the tool from the head of an input (normalized, DETECT_HEAD_CHARS long). */
  detect(head: string): Detection | null;
  /**
   * Reads a whole output: `source` holds more than white space and `format` is one of `formats`.
   * `options` are those of the tool's own parse function, beyond `format` and `name` (none when
   * the registry parses). Throws a ParseError for input it cannot read.
   */
  parse(source: TextSource, format: TFormat, options?: TOptions): ToolReading<TResult>;
  /** The tool whose version a run.yaml's `tools` states for its outputs, when not its own (`fio`). */
  versionTool?: string;
  /**
   * The tool's own parse options given the version of the tool that printed an output, known
   * from elsewhere (the registry's `toolVersion`, from a run.yaml): for tools whose outputs do
   * not print it and whose reading depends on it (fio's logs).
   */
  optionsForVersion?(toolVersion: string): TOptions;
  /** The tidy view of a result, built when an output's `measurements` are first read. */
  measurements(result: TResult): Measurement[];
  /**
   * The metrics that sum up a run of the tool: `benchfolio summarize` shows these in a pull
   * request's summary. A tool without them is left out of the summary's numbers.
   */
  headlineMetrics?: RegExp;
  /**
   * A streaming parse for long time series (ToolParser.parseTextStream): the registry uses it
   * for `parseStream` and `benchfolio parse --ndjson`.
   */
  stream?(
    batches: AsyncIterable<TextBatch>,
    format: TFormat,
    name: string | undefined,
    options?: TOptions,
  ): AsyncIterable<ToolOutput<TName, TResult>>;
  /** With `stream`: the `--ndjson` text of a streamed output (ToolParser.ndjson). */
  ndjson?(output: ToolOutput<TName, TResult>, file: string, tidy: boolean): string | Uint8Array;
  /** With `ndjson`: its output for a whole stream, straight from the text (ToolParser.ndjsonStream). */
  ndjsonStream?(
    batches: AsyncIterable<TextBatch>,
    format: TFormat,
    file: string,
    options?: TOptions,
  ): AsyncIterable<Uint8Array> | null;
}

/**
 * A tool, declared once: everything the registry, the per-tool functions (`parseFio`, ...), the
 * CLI and the docs need to know about it.
 */
export interface ToolDefinition<
  TName extends ToolName,
  TFormat extends string,
  TSchema extends z.ZodType,
  TOptions extends object,
> extends ToolParserDefinition<TName, TFormat, z.output<TSchema>, TOptions> {
  /** The zod schema of the result: the one source of its type. */
  resultSchema: TSchema;
  /**
   * The workload fingerprints of a result, one per workload (`fingerprintOutput`, `benchfolio
   * fingerprint`): what ran, as the output says it, and what `context` adds. `() => []` for a
   * tool whose outputs name no workload (fio's logs). Here and not in the ToolParserDefinition:
   * the registry's parser has no use for it, and the CLI's `parse --tool iostat` loads none of it.
   */
  fingerprints(result: z.output<TSchema>, context: FingerprintContext): WorkloadFingerprint[];
}

/** A defined tool: its definition's data, its registry parser, and its own typed functions. */
export interface Tool<
  TName extends ToolName,
  TFormat extends string,
  TSchema extends z.ZodType,
  TOptions extends object = NoOptions,
> {
  readonly name: TName;
  readonly title: string;
  readonly formats: readonly TFormat[];
  readonly defaultFormat: TFormat | undefined;
  readonly resultSchema: TSchema;
  readonly headlineMetrics: RegExp | undefined;
  /** The parser as the registry sees it. */
  readonly parser: ToolParser<z.output<TSchema>, TName>;
  /** Parses an output of this tool; detects the format when not given. Throws a ParseError. */
  parse(text: string, options?: ToolParseOptions<TFormat> & TOptions): ToolOutput<TName, z.output<TSchema>>;
  /** Like `parse`, but returns `{ success: false, error }` instead of throwing a ParseError. */
  safeParse(
    text: string,
    options?: ToolParseOptions<TFormat> & TOptions,
  ): SafeParseResult<ToolOutput<TName, z.output<TSchema>>>;
  /** Detects an output of this tool and its format from the head of a text; null when it is none. */
  detect(text: string): Detection | null;
  /** The workload fingerprints of a result of this tool (fingerprintOutput dispatches here). */
  fingerprints(result: z.output<TSchema>, context?: FingerprintContext): WorkloadFingerprint[];
}

/**
 * Declares a tool. The per-tool functions it returns behave as the registry does with the tool
 * given: the input is read with readText, an input of white space only is EMPTY_INPUT, the
 * format is the one given, else the one detected, else `defaultFormat`, and a format the tool
 * does not have is UNSUPPORTED.
 *
 * Give the exported definition its type, `export const fioTool: Tool<'fio', FioParseFormat,
 * typeof FioResultSchema> = defineTool({ ... })`: ToolName comes from TOOLS, which holds the
 * definitions, so TypeScript cannot infer their types from this call (TS7022).
 */
export function defineTool<
  const TName extends ToolName,
  const TFormat extends string,
  TSchema extends z.ZodType,
  TOptions extends object = NoOptions,
>(definition: ToolDefinition<TName, TFormat, TSchema, TOptions>): Tool<TName, TFormat, TSchema, TOptions> {
  type Result = z.output<TSchema>;
  const { name, formats, defaultFormat, detect } = definition;
  const title = definition.title ?? name;

  const parse = (text: string, options?: ToolParseOptions<TFormat> & TOptions): ToolOutput<TName, Result> => {
    const source = readText(text, { name: options?.name });
    if (!/\S/.test(source.text)) throw emptyInput(source, name, options?.format ?? null);
    _checkLineLengths(source, name, options?.format ?? null);
    const format = options?.format ?? detect(source.text.slice(0, DETECT_HEAD_CHARS))?.format;
    if (format === undefined) {
      if (defaultFormat !== undefined) return read(definition, source, defaultFormat, options);
      throw _errorAt(source, firstContentOffset(source.text), {
        code: 'UNKNOWN_FORMAT',
        tool: name,
        format: null,
        message:
          definition.marks === undefined
            ? `not a recognised ${title} output; formats: ${formats.join(', ')}`
            : `not ${title} output: no ${definition.marks} found`,
      });
    }
    const known = formatOf(formats, format);
    if (known === undefined) throw unsupported(definition, source, format);
    return read(definition, source, known, options);
  };

  return {
    name,
    title,
    formats,
    defaultFormat,
    resultSchema: definition.resultSchema,
    headlineMetrics: definition.headlineMetrics,
    parser: _toolParser(definition),
    parse,
    safeParse: (text, options) => _safely(() => parse(text, options)),
    detect: (text) => detect(readText(text.slice(0, DETECT_HEAD_CHARS)).text),
    fingerprints: (result, context = {}) => definition.fingerprints(result, context),
  };
}

/**
 * The registry parser of a tool's definition: defineTool's `parser`, and what the CLI makes of a
 * definition without its schema (`benchfolio parse --tool iostat` loads no zod).
 */
export function _toolParser<TName extends ToolName, TFormat extends string, TResult, TOptions extends object>(
  definition: ToolParserDefinition<TName, TFormat, TResult, TOptions>,
): ToolParser<TResult, TName> {
  const { name, formats, stream, ndjson, ndjsonStream } = definition;

  /** The tool's own options for an output printed by `toolVersion`, known from elsewhere. */
  const optionsFor = (toolVersion: string | undefined): TOptions | undefined =>
    toolVersion === undefined ? undefined : definition.optionsForVersion?.(toolVersion);

  const parser: ToolParser<TResult, TName> = {
    tool: name,
    formats,
    versionTool: definition.versionTool ?? name,
    detect: definition.detect,
    parse(source, format, toolVersion) {
      const known = formatOf(formats, format);
      if (known === undefined) throw unsupported(definition, source, format);
      if (!/\S/.test(source.text)) throw emptyInput(source, name, format);
      return read(definition, source, known, optionsFor(toolVersion));
    },
  };
  if (stream !== undefined) {
    parser.parseTextStream = (batches, format, fileName, toolVersion) => {
      const known = formatOf(formats, format);
      if (known === undefined) throw unsupported(definition, readText('', { name: fileName }), format);
      return stream(batches, known, fileName, optionsFor(toolVersion));
    };
  }
  if (ndjson !== undefined) parser.ndjson = ndjson;
  if (ndjsonStream !== undefined) {
    parser.ndjsonStream = (batches, format, file, toolVersion) => {
      const known = formatOf(formats, format);
      return known === undefined ? null : ndjsonStream(batches, known, file, optionsFor(toolVersion));
    };
  }
  return parser;
}

/** A definition's output of a whole source in a format of its own, its measurements built on first read. */
function read<TName extends ToolName, TFormat extends string, TResult, TOptions extends object>(
  definition: ToolParserDefinition<TName, TFormat, TResult, TOptions>,
  source: TextSource,
  format: TFormat,
  options?: TOptions,
): ToolOutput<TName, TResult> {
  // Every whole parse comes here: the registry's and the tool's own functions check before
  // detection (for the error to be this one), a ToolParser's callers may not have.
  _checkLineLengths(source, definition.name, format);
  const { result, toolVersion, warnings } = definition.parse(source, format, options);
  return _withLazyMeasurements({ tool: definition.name, format, toolVersion, result, warnings }, () =>
    definition.measurements(result),
  );
}

/** The format among a tool's formats, or undefined when it has no such format. */
function formatOf<TFormat extends string>(formats: readonly TFormat[], format: string): TFormat | undefined {
  return formats.find((candidate) => candidate === format);
}

/** The UNSUPPORTED error of a format the tool does not have. */
function unsupported(
  definition: { name: ToolName; title?: string; formats: readonly string[] },
  source: TextSource,
  format: string,
): ParseError {
  const { name, formats } = definition;
  return _errorAt(source, 0, {
    code: 'UNSUPPORTED',
    tool: name,
    format,
    message: `${definition.title ?? name} has no "${format}" format; it has: ${formats.join(', ')}`,
  });
}

function emptyInput(source: TextSource, tool: ToolName, format: string | null): ParseError {
  return _errorAt(source, 0, { code: 'EMPTY_INPUT', tool, format, message: 'the input is empty' });
}

function firstContentOffset(text: string): number {
  const match = /\S/.exec(text);
  return match === null ? 0 : match.index;
}
