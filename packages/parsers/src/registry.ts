import { _errorAt, ParseError, type ToolName } from './errors.ts';
import { readLineBatches } from './lines.ts';
import { DETECT_HEAD_CHARS, type Detection, type ParseOutput, type ToolParser } from './parser.ts';
import { readText, type TextSource } from './text.ts';

export interface ParseOptions {
  /** Skip detection of the tool. */
  tool?: ToolName | undefined;
  /** Skip detection of the format (needs `tool`, or a format only one tool has). */
  format?: string | undefined;
  /** File name for error messages. */
  name?: string | undefined;
}

export type SafeParseResult<T> = { success: true; data: T } | { success: false; error: ParseError };

export interface Registry {
  readonly parsers: readonly ToolParser[];
  /** The most confident detection, or null. Reads only the head of the text. */
  detect(text: string): Detection | null;
  /** Every parser's detection, most confident first. */
  detectAll(text: string): Detection[];
  /** Parses a whole output; throws a ParseError. */
  parse(text: string, options?: ParseOptions): ParseOutput;
  /** Like parse, but returns the ParseError instead of throwing it. */
  safeParse(text: string, options?: ParseOptions): SafeParseResult<ParseOutput>;
  /**
   * Parses a stream of text chunks. Parsers of long time series (iostat) yield one piece at a
   * time and never hold the whole input; the others collect the text and yield one output.
   */
  parseStream(
    chunks: AsyncIterable<string> | ReadableStream<string>,
    options?: ParseOptions,
  ): AsyncGenerator<ParseOutput>;
}

/** A registry over a list of tool parsers. The package's own is built from every tool folder. */
export function createRegistry(parsers: readonly ToolParser[]): Registry {
  const detectAll = (text: string): Detection[] => {
    const head = readText(text.slice(0, DETECT_HEAD_CHARS)).text;
    return parsers
      .map((parser) => parser.detect(head))
      .filter((detection): detection is Detection => detection !== null)
      .sort((a, b) => b.confidence - a.confidence);
  };

  const choose = (source: TextSource, options: ParseOptions): { parser: ToolParser; format: string } => {
    const head = source.text.slice(0, DETECT_HEAD_CHARS);
    const candidates = options.tool === undefined ? parsers : parsers.filter((p) => p.tool === options.tool);
    const context = { tool: options.tool ?? null, format: options.format ?? null };
    if (options.tool !== undefined && candidates.length === 0) {
      throw _errorAt(source, 0, {
        ...context,
        code: 'UNSUPPORTED',
        message: `there is no parser for the tool "${options.tool}"; parsers exist for: ${listTools(parsers)}`,
      });
    }
    if (options.format !== undefined) {
      const withFormat = candidates.filter((p) => p.formats.includes(options.format as string));
      const [only] = withFormat;
      if (only !== undefined && (withFormat.length === 1 || options.tool !== undefined)) {
        return { parser: only, format: options.format };
      }
      throw _errorAt(source, 0, {
        ...context,
        code: 'UNSUPPORTED',
        message:
          withFormat.length === 0
            ? `no parser reads the format "${options.format}"; formats known: ${listFormats(candidates)}`
            : `the format "${options.format}" is read by several tools; give the tool too`,
      });
    }
    const best = candidates
      .map((parser) => ({ parser, detection: parser.detect(head) }))
      .filter((c): c is { parser: ToolParser; detection: Detection } => c.detection !== null)
      .sort((a, b) => b.detection.confidence - a.detection.confidence)[0];
    if (best === undefined) {
      throw _errorAt(source, firstContentOffset(source.text), {
        ...context,
        code: 'UNKNOWN_FORMAT',
        message: `not a recognised benchmark output; tried: ${listFormats(candidates)}`,
      });
    }
    return { parser: best.parser, format: best.detection.format };
  };

  const parse = (text: string, options: ParseOptions = {}): ParseOutput => {
    const source = readText(text, { name: options.name });
    // A regex test stops at the first visible character; trim() would copy a large input.
    if (!/\S/.test(source.text)) {
      throw _errorAt(source, 0, {
        tool: options.tool ?? null,
        format: options.format ?? null,
        code: 'EMPTY_INPUT',
        message: 'the input is empty',
      });
    }
    const { parser, format } = choose(source, options);
    return parser.parse(source, format);
  };

  async function* parseStream(
    chunks: AsyncIterable<string> | ReadableStream<string>,
    options: ParseOptions = {},
  ): AsyncGenerator<ParseOutput> {
    const batches = readLineBatches(chunks)[Symbol.asyncIterator]();
    // Detection needs the head: read batches of lines until there is enough of it, then replay
    // them. Lines come a chunk at a time, so that a streaming parser awaits once per chunk.
    const headBatches: string[][] = [];
    let headLength = 0;
    let isDone = false;
    while (headLength < DETECT_HEAD_CHARS) {
      const next = await batches.next();
      if (next.done === true) {
        isDone = true;
        break;
      }
      headBatches.push(next.value);
      for (const line of next.value) headLength += line.length + 1;
    }
    const head = headBatches.flat().join('\n');
    if (isDone) {
      yield parse(head, options);
      return;
    }
    const { parser, format } = choose(readText(head.slice(0, DETECT_HEAD_CHARS), { name: options.name }), options);
    async function* replay(): AsyncGenerator<string[]> {
      yield* headBatches.splice(0);
      for (let next = await batches.next(); next.done !== true; next = await batches.next()) yield next.value;
    }
    if (parser.parseStream !== undefined) {
      yield* parser.parseStream(replay(), format, options.name);
      return;
    }
    const all: string[] = [];
    for await (const lines of replay()) for (const line of lines) all.push(line);
    yield parser.parse(readText(all.join('\n'), { name: options.name }), format);
  }

  return {
    parsers,
    detect: (text) => detectAll(text)[0] ?? null,
    detectAll,
    parse,
    safeParse(text, options) {
      try {
        return { success: true, data: parse(text, options) };
      } catch (error) {
        if (error instanceof ParseError) return { success: false, error };
        throw error;
      }
    },
    parseStream,
  };
}

function listTools(parsers: readonly ToolParser[]): string {
  return parsers.length === 0 ? '(none registered)' : parsers.map((p) => p.tool).join(', ');
}

function listFormats(parsers: readonly ToolParser[]): string {
  if (parsers.length === 0) return '(no parsers registered)';
  return parsers.map((p) => `${p.tool} (${p.formats.join(', ')})`).join(', ');
}

function firstContentOffset(text: string): number {
  const match = /\S/.exec(text);
  return match === null ? 0 : match.index;
}
