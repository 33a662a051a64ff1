import { _errorAt, _safely, type SafeParseResult } from './errors.ts';
import { _checkLineLengths } from './line-limit.ts';
import { readTextBatches, type TextBatch } from './lines.ts';
import { DETECT_HEAD_CHARS, type Detection, type ParseOutput, type ToolOutput, type ToolParser } from './parser.ts';
import { readText, type TextSource } from './text.ts';
import type { ToolName } from './tools.ts';

export interface ParseOptions {
  /** Skip detection of the tool. */
  tool?: ToolName | undefined;
  /** Skip detection of the format (needs `tool`, or a format only one tool has). */
  format?: string | undefined;
  /** File name for error messages. */
  name?: string | undefined;
  /**
   * The version of the tool that printed the output, when known from elsewhere (a run.yaml's
   * `tools`): read where the output does not say and its reading depends on it (fio 2.x logs
   * hold usec, fio 3.x's ns). Ignored by tools whose outputs print their version.
   */
  toolVersion?: string | undefined;
}

/**
 * Parsing through a list of tool parsers. `TOutput` is what its parses return: for the package's
 * own registry ParseOutput, the union discriminated on `tool`.
 */
export interface Registry<TOutput extends ToolOutput = ParseOutput> {
  readonly parsers: readonly ToolParser<unknown, ToolName, TOutput>[];
  /** The most confident detection, or null. Reads only the head of the text. */
  detect(text: string): Detection | null;
  /** Every parser's detection, most confident first. */
  detectAll(text: string): Detection[];
  /** Parses a whole output; throws a ParseError. */
  parse(text: string, options?: ParseOptions): TOutput;
  /** Like parse, but returns the ParseError instead of throwing it. */
  safeParse(text: string, options?: ParseOptions): SafeParseResult<TOutput>;
  /**
   * Parses a stream of text chunks. Parsers of long time series (iostat) yield one piece at a
   * time and never hold the whole input; the others collect the text and yield one output.
   */
  parseStream(chunks: AsyncIterable<string> | ReadableStream<string>, options?: ParseOptions): AsyncGenerator<TOutput>;
  /**
   * parseStream for `benchfolio parse --ndjson` (without `--tidy`) of the file `file`: where the
   * parser chosen writes that output itself, straight from the text (ToolParser.ndjsonStream),
   * its UTF-8 bytes come instead of the outputs (a view valid until the next is asked for).
   */
  ndjsonStream(
    chunks: AsyncIterable<string> | ReadableStream<string>,
    options: ParseOptions & { file: string },
  ): AsyncGenerator<TOutput | Uint8Array>;
}

type Parsers<TOutput extends ToolOutput> = readonly ToolParser<unknown, ToolName, TOutput>[];

/**
 * A registry over a list of tool parsers; its outputs are those of the parsers. The package's own
 * is built from the tool definitions (builtin.ts).
 */
export function createRegistry<TOutput extends ToolOutput>(parsers: Parsers<TOutput>): Registry<TOutput> {
  const parse = (text: string, options: ParseOptions = {}): TOutput => parseWith(parsers, text, options);
  return {
    parsers,
    detect: (text) => detectAllWith(parsers, text)[0] ?? null,
    detectAll: (text) => detectAllWith(parsers, text),
    parse,
    safeParse: (text, options) => _safely(() => parse(text, options)),
    parseStream: (chunks, options = {}) =>
      new PassThrough(() => openStream(parsers, chunks, options) as Promise<AsyncIterator<TOutput>>),
    ndjsonStream: (chunks, options) => new PassThrough(() => openStream(parsers, chunks, options, options.file)),
  };
}

/** Every parser's detection of the text's head, most confident first. */
function detectAllWith(parsers: Parsers<ToolOutput>, text: string): Detection[] {
  const head = readText(text.slice(0, DETECT_HEAD_CHARS)).text;
  return parsers
    .map((parser) => parser.detect(head))
    .filter((detection): detection is Detection => detection !== null)
    .sort((a, b) => b.confidence - a.confidence);
}

/** The parser and format for a text: the options' tool and format, or the best detection. */
function choose<TOutput extends ToolOutput>(
  parsers: Parsers<TOutput>,
  source: TextSource,
  options: ParseOptions,
): { parser: Parsers<TOutput>[number]; format: string } {
  type Parser = Parsers<TOutput>[number];
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
    .filter((c): c is { parser: Parser; detection: Detection } => c.detection !== null)
    .sort((a, b) => b.detection.confidence - a.detection.confidence)[0];
  if (best === undefined) {
    throw _errorAt(source, firstContentOffset(source.text), {
      ...context,
      code: 'UNKNOWN_FORMAT',
      message: `not a recognised benchmark output; tried: ${listFormats(candidates)}`,
    });
  }
  return { parser: best.parser, format: best.detection.format };
}

function parseWith<TOutput extends ToolOutput>(
  parsers: Parsers<TOutput>,
  text: string,
  options: ParseOptions,
): TOutput {
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
  // Before detection: a line too long is that, whatever tool's output it is in.
  _checkLineLengths(source, options.tool ?? null, options.format ?? null);
  const { parser, format } = choose(parsers, source, options);
  return parser.parse(source, format, options.toolVersion);
}

/**
 * The first batches of whole lines, enough of them for detection (DETECT_HEAD_CHARS), and
 * whether they are all there is. Lines come a chunk at a time, so that a streaming parser
 * awaits once per chunk.
 */
async function readHead(batches: AsyncIterator<TextBatch>): Promise<{ headBatches: TextBatch[]; isDone: boolean }> {
  const headBatches: TextBatch[] = [];
  let headLength = 0;
  while (headLength < DETECT_HEAD_CHARS) {
    const next = await batches.next();
    if (next.done === true) return { headBatches, isDone: true };
    headBatches.push(next.value);
    headLength += next.value.text.length + 1;
  }
  return { headBatches, isDone: false };
}

/**
 * Reads the head, chooses the parser, and opens the iterator of its outputs. Its outputs go to
 * the caller through a PassThrough, not a generator: a generator layer costs a few promise
 * turns per output, and a long log streams hundreds of thousands of them.
 */
async function openStream<TOutput extends ToolOutput>(
  parsers: Parsers<TOutput>,
  chunks: AsyncIterable<string> | ReadableStream<string>,
  options: ParseOptions,
  ndjsonFile?: string,
): Promise<AsyncIterator<TOutput | Uint8Array> | Iterator<TOutput>> {
  const batches = readTextBatches(chunks, { name: options.name })[Symbol.asyncIterator]();
  // Detection needs the head: read it, then replay it.
  const { headBatches, isDone } = await readHead(batches);
  const head = headBatches.map((batch) => batch.text).join('\n');
  if (isDone) return [parseWith(parsers, head + lineEndAfter(headBatches), options)][Symbol.iterator]();
  const { parser, format } = choose(
    parsers,
    readText(head.slice(0, DETECT_HEAD_CHARS), { name: options.name }),
    options,
  );
  async function* replay(): AsyncGenerator<TextBatch> {
    try {
      yield* headBatches.splice(0);
      for (let next = await batches.next(); next.done !== true; next = await batches.next()) yield next.value;
    } finally {
      // A caller that stops early closes the input (a file stream) through here.
      await batches.return(undefined);
    }
  }
  // With a file, the `--ndjson` bytes, when the parser writes them itself (ToolParser.ndjsonStream).
  const { toolVersion } = options;
  const direct =
    ndjsonFile === undefined ? null : (parser.ndjsonStream?.(replay(), format, ndjsonFile, toolVersion) ?? null);
  if (direct !== null) return direct[Symbol.asyncIterator]();
  if (parser.parseTextStream !== undefined) {
    return parser.parseTextStream(replay(), format, options.name, toolVersion)[Symbol.asyncIterator]();
  }
  const texts: TextBatch[] = [];
  for await (const batch of replay()) texts.push(batch);
  const whole = readText(texts.map((batch) => batch.text).join('\n') + lineEndAfter(texts), { name: options.name });
  return [parser.parse(whole, format, toolVersion)][Symbol.iterator]();
}

function listTools(parsers: readonly Pick<ToolParser, 'tool'>[]): string {
  return parsers.length === 0 ? '(none registered)' : parsers.map((p) => p.tool).join(', ');
}

function listFormats(parsers: readonly Pick<ToolParser, 'tool' | 'formats'>[]): string {
  if (parsers.length === 0) return '(no parsers registered)';
  return parsers.map((p) => `${p.tool} (${p.formats.join(', ')})`).join(', ');
}

function firstContentOffset(text: string): number {
  const match = /\S/.exec(text);
  return match === null ? 0 : match.index;
}

/**
 * An async generator over an iterator opened on the first `next()`: each later `next()` is the
 * iterator's own, so its values reach the caller with no promise turns added. The opened iterator
 * may be synchronous (a whole parse's one output).
 */
class PassThrough<T> implements AsyncGenerator<T> {
  private inner: AsyncIterator<T> | Iterator<T> | undefined;
  private opening: Promise<AsyncIterator<T> | Iterator<T>> | undefined;
  private isClosed = false;
  private readonly open: () => Promise<AsyncIterator<T> | Iterator<T>>;

  constructor(open: () => Promise<AsyncIterator<T> | Iterator<T>>) {
    this.open = open;
  }

  next(): Promise<IteratorResult<T>> {
    const inner = this.inner;
    if (inner !== undefined) return Promise.resolve(inner.next());
    if (this.isClosed) return Promise.resolve({ done: true, value: undefined });
    return this.start().then(
      (opened) => opened.next(),
      (error: unknown) => {
        this.isClosed = true;
        throw error;
      },
    );
  }

  async return(value?: unknown): Promise<IteratorResult<T>> {
    this.isClosed = true;
    const inner = this.inner ?? (this.opening === undefined ? undefined : await this.opening.catch(() => undefined));
    this.inner = undefined;
    await inner?.return?.();
    return { done: true, value };
  }

  async throw(error: unknown): Promise<IteratorResult<T>> {
    await this.return();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.return();
  }

  private start(): Promise<AsyncIterator<T> | Iterator<T>> {
    this.opening ??= this.open().then((opened) => {
      if (!this.isClosed) this.inner = opened;
      return opened;
    });
    return this.opening;
  }
}

/**
 * The line end the input had after the batches' last line (batches leave it out): none when the
 * input ended inside that line, so that a parser that knows its tool ends every line (fio's logs)
 * sees the cut as `parse` does.
 */
function lineEndAfter(batches: readonly TextBatch[]): string {
  const last = batches[batches.length - 1];
  return last === undefined || last.isUnterminated === true ? '' : '\n';
}
