import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ParseError } from '../errors.ts';
import type { Measurement } from '../measurement.ts';
import type { DuckDbLoader } from '../node/dataset/duckdb-module.ts';
import { type ReadFileOptions, readTextChunks } from '../node/read-file.ts';
import { DETECT_HEAD_CHARS, type ToolOutput } from '../parser.ts';
import type { Registry } from '../registry.ts';
import type { ToolName } from '../tools.ts';
import { type CliIO, EXIT_INPUT_ERROR, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE } from './cli-io.ts';
import { cannotReadReason, InputFailure, internalErrorText, isSystemError, printable } from './failure.ts';
import { readFileChunks } from './file-chunks.ts';
import { writeJson } from './json-stream.ts';
import { BatchedWriter, ndjsonText } from './ndjson-writer.ts';
import { progressBar, shouldShowProgress } from './progress.ts';
import { readWholeText } from './read-whole.ts';

export { type CliIO, EXIT_INPUT_ERROR, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE } from './cli-io.ts';

class UsageError extends Error {}

interface Flags {
  tool: ToolName | undefined;
  format: string | undefined;
  /** `--tool-version`: the version of the tool that printed the files, where they do not say. */
  toolVersion: string | undefined;
  tidy: boolean;
  ndjson: boolean;
}

/** What tests may replace: how `export` and `query` load DuckDB (to see the message when it is missing). */
export interface CliSeams {
  loadDuckDb?: DuckDbLoader | undefined;
}

/**
 * Runs the CLI with arguments (without `node` and the script) and returns the exit status.
 * The registry is the package's own unless a test gives another.
 */
export async function runCli(
  argv: readonly string[],
  io: CliIO,
  registry?: Registry<ToolOutput>,
  seams: CliSeams = {},
): Promise<number> {
  try {
    const { values, positionals } = readArgs(argv);
    // The help lists the tools: it loads their definitions, so only when asked for.
    if (values.help) return write(io.stdout, (await import('./usage.ts')).USAGE);
    if (values.version) return write(io.stdout, `${packageVersion()}\n`);
    const [command, ...files] = positionals;
    const flags: Flags = {
      tool: await toolFlag(values.tool),
      format: values.format,
      toolVersion: values['tool-version'],
      tidy: values.tidy,
      ndjson: values.ndjson,
    };
    return await runCommand(command, files, { values, flags }, io, registry, seams);
  } catch (error) {
    return failureStatus(error, io);
  }
}

/** The arguments read by their options; a ParseArgs error for an option not among them. */
function readArgs(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      tool: { type: 'string' },
      format: { type: 'string' },
      'tool-version': { type: 'string' },
      tidy: { type: 'boolean', default: false },
      ndjson: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      csv: { type: 'boolean', default: false },
      parquet: { type: 'string' },
      data: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  });
}

/** Runs one command with its operands, loading its code only then. */
async function runCommand(
  command: string | undefined,
  files: string[],
  { values, flags }: { values: ReturnType<typeof readArgs>['values']; flags: Flags },
  io: CliIO,
  registry: Registry<ToolOutput> | undefined,
  seams: CliSeams,
): Promise<number> {
  switch (command) {
    case 'parse': {
      const parseFiles = requireFiles(files, 'parse');
      return await parseCommand(parseFiles, flags, io, registry ?? (await defaultRegistry(flags.tool)));
    }
    case 'detect': {
      const detectFiles = requireFiles(files, 'detect');
      return await detectCommand(detectFiles, io, registry ?? (await defaultRegistry(undefined)));
    }
    case 'fingerprint': {
      const fingerprintFiles = requireFiles(files, 'fingerprint');
      const { fingerprintCommand } = await import('./fingerprint-command.ts');
      const fingerprintFlags = { tool: flags.tool, format: flags.format, json: values.json };
      const fingerprintRegistry = (registry ?? (await defaultRegistry(flags.tool))) as Registry;
      return await fingerprintCommand(fingerprintFiles, fingerprintFlags, io, fingerprintRegistry, reportError);
    }
    case 'validate': {
      const { validateCommand } = await import('./content-commands.ts');
      return await validateCommand(files.length > 0 ? files : ['content/results'], io);
    }
    case 'lint': {
      const { lintCommand } = await import('./lint-command.ts');
      return await lintCommand(files.length > 0 ? files : ['content/results'], { json: values.json }, io);
    }
    case 'summarize': {
      const summarizeFiles = requireFiles(files, 'summarize');
      const { summarizeCommand } = await import('./content-commands.ts');
      return await summarizeCommand(summarizeFiles, io);
    }
    case 'export': {
      if (values.parquet === undefined) throw new UsageError('export needs --parquet DIR: the folder to write');
      if (files.length > 1) throw new UsageError('export reads one RESULTS_DIR');
      const { exportCommand, DEFAULT_RESULTS_DIR } = await import('./dataset-commands.ts');
      return await exportCommand(values.parquet, files[0] ?? DEFAULT_RESULTS_DIR, io, seams.loadDuckDb);
    }
    case 'query': {
      const [sql, ...rest] = files;
      if (sql === undefined || rest.length > 0) throw new UsageError('query needs one SQL statement, quoted');
      if (values.json && values.csv) throw new UsageError('query prints --json or --csv, not both');
      const { queryCommand } = await import('./dataset-commands.ts');
      const format = values.json ? 'json' : values.csv ? 'csv' : 'table';
      return await queryCommand(sql, { dataDir: values.data, format }, io, seams.loadDuckDb);
    }
    case undefined:
      throw new UsageError(
        'a command is needed: parse, detect, fingerprint, validate, lint, summarize, export or query',
      );
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/** Tells of a failure no command reported itself on standard error, and gives its exit status. */
function failureStatus(error: unknown, io: CliIO): number {
  if (error instanceof UsageError || isParseArgsError(error)) {
    io.stderr.write(`benchfolio: ${(error as Error).message}\nRun "benchfolio --help" for usage.\n`);
    return EXIT_USAGE;
  }
  // A file a command could not read, where no command said so itself (a folder's entry).
  if (isSystemError(error) && error.path !== undefined) {
    io.stderr.write(printable(`${error.path}: cannot read: ${cannotReadReason(error, error.path)}\n`));
    return EXIT_USAGE;
  }
  // Anything else is a fault of benchfolio's: one line, never a stack trace (failure.ts).
  io.stderr.write(printable(internalErrorText(error, 'benchfolio')));
  return EXIT_INTERNAL;
}

/**
 * The package's registry, loaded when a command needs it: loading every tool (and the zod
 * schemas of their results) and the content code takes about a tenth of a second, as long as
 * parsing a few MB of iostat log. With `--tool iostat` (or `fio-log`) only that tool's parser is
 * made, from its definition without the result schema, so that zod is not loaded at all (about
 * 70 ms of CPU, half of the start); a registry of that one parser chooses as the full one does
 * when the tool is given. Other tools load the full registry.
 */
async function defaultRegistry(tool: ToolName | undefined): Promise<Registry> {
  if (tool === 'iostat') {
    const [{ iostatDefinition }, { _toolParser }, { createRegistry }] = await Promise.all([
      import('../iostat/definition.ts'),
      import('../tool.ts'),
      import('../registry.ts'),
    ]);
    return createRegistry([_toolParser(iostatDefinition)]);
  }
  if (tool === 'fio-log') {
    const [{ fioLogDefinition }, { _toolParser }, { createRegistry }] = await Promise.all([
      import('../fio/log/definition.ts'),
      import('../tool.ts'),
      import('../registry.ts'),
    ]);
    return createRegistry([_toolParser(fioLogDefinition)]);
  }
  return (await import('../builtin.ts')).builtinRegistry;
}

async function parseCommand(files: string[], flags: Flags, io: CliIO, registry: Registry<ToolOutput>): Promise<number> {
  let status = EXIT_OK;
  const outputs: (ToolOutput & { file: string })[] = [];
  for (const file of files) {
    const options = { tool: flags.tool, format: flags.format, name: file, toolVersion: flags.toolVersion };
    const progress = progressFor(file, io);
    try {
      if (flags.ndjson) {
        const chunks = readFileChunks(file, { onProgress: progress.onProgress });
        const out = new BatchedWriter(io.stdout);
        try {
          // Without --tidy, a parser may write the lines itself, straight from the text (ToolParser.ndjsonStream).
          const pieces = flags.tidy
            ? registry.parseStream(chunks, options)
            : registry.ndjsonStream(chunks, { ...options, file });
          for await (const output of pieces) {
            if (output instanceof Uint8Array) {
              const writing = out.write(output);
              if (writing !== undefined) await writing;
              continue;
            }
            const parser = registry.parsers.find((candidate) => candidate.tool === output.tool);
            // Most pieces are only gathered: an await then only when a write is due.
            const writing = out.write(
              parser?.ndjson?.(output, file, flags.tidy) ?? ndjsonText(output, file, flags.tidy),
            );
            if (writing !== undefined) await writing;
          }
        } finally {
          // The pieces before an error are printed, as they would have been one by one.
          await out.flush();
        }
      } else {
        const text = await readWholeText(file, { onProgress: progress.onProgress });
        outputs.push({ file, ...registry.parse(text, options) });
      }
    } catch (error) {
      status = Math.max(status, reportError(error, file, io));
    } finally {
      progress.finish();
    }
  }
  // Where no file could be parsed, nothing goes to standard output: an empty list would read
  // as "parsed, and found nothing".
  if (!flags.ndjson && outputs.length > 0) {
    const shown = flags.tidy ? tidy(outputs) : files.length === 1 ? outputs[0] : outputs;
    await writeJson(io.stdout, shown);
  }
  return status;
}

/** The measurements of every output; with several files, each is labelled with its file. */
function tidy(outputs: (ToolOutput & { file: string })[]): Measurement[] {
  if (outputs.length <= 1) return outputs[0]?.measurements ?? [];
  return outputs.flatMap(({ file, measurements }) =>
    measurements.map((m) => ({ ...m, labels: { ...m.labels, file } })),
  );
}

async function detectCommand(files: string[], io: CliIO, registry: Registry<ToolOutput>): Promise<number> {
  let status = EXIT_OK;
  const found = [];
  for (const file of files) {
    try {
      const detection = registry.detect(await readHead(file));
      if (detection === null) {
        io.stderr.write(printable(`${file}:1:1: not a recognised benchmark output [UNKNOWN_FORMAT]\n`));
        status = Math.max(status, EXIT_INPUT_ERROR);
      } else {
        found.push({ file, ...detection });
      }
    } catch (error) {
      status = Math.max(status, reportError(error, file, io));
    }
  }
  if (found.length > 0) io.stdout.write(`${JSON.stringify(files.length === 1 ? found[0] : found, null, 2)}\n`);
  return status;
}

/** Reads no more of a file than detection looks at. */
async function readHead(file: string): Promise<string> {
  let head = '';
  for await (const chunk of readTextChunks(file)) {
    head += chunk;
    if (head.length >= DETECT_HEAD_CHARS) break;
  }
  return head;
}

/**
 * Tells of one input's failure on standard error and gives its exit status: a ParseError as
 * `FILE:LINE:COL: message [CODE]` and its line (1), a file that cannot be read as
 * `FILE: cannot read: why` (2), anything else as an internal error of that file (2).
 */
function reportError(error: unknown, file: string, io: CliIO): number {
  if (error instanceof ParseError) {
    io.stderr.write(printable(`${error.toString()} [${error.code}]\n${indent(error.snippet)}\n`));
    return EXIT_INPUT_ERROR;
  }
  if (error instanceof InputFailure) {
    io.stderr.write(printable(`${error.file}: ${error.message}\n`));
    return error.status;
  }
  if (isSystemError(error)) {
    io.stderr.write(printable(`${file}: cannot read: ${cannotReadReason(error, file)}\n`));
    return EXIT_USAGE;
  }
  io.stderr.write(printable(internalErrorText(error, file)));
  return EXIT_INTERNAL;
}

function progressFor(file: string, io: CliIO): { onProgress: ReadFileOptions['onProgress']; finish(): void } {
  let bar: ReturnType<typeof progressBar> | undefined;
  return {
    onProgress(progress) {
      if (bar === undefined && !shouldShowProgress(progress.totalBytes, io.stderr.isTTY)) return;
      bar ??= progressBar(file, io.stderr);
      bar.onProgress(progress);
    },
    finish: () => bar?.finish(),
  };
}

/** The `--tool` value, checked against the tool list (loaded only for a tool other than iostat). */
async function toolFlag(tool: string | undefined): Promise<ToolName | undefined> {
  if (tool === undefined || tool === 'iostat') return tool;
  const { TOOL_NAMES } = await import('../tools.ts');
  const known = TOOL_NAMES.find((name) => name === tool);
  if (known === undefined) throw new UsageError(`unknown tool "${tool}"; tools: ${TOOL_NAMES.join(', ')}`);
  return known;
}

function requireFiles(files: string[], command: string): string[] {
  if (files.length === 0) throw new UsageError(`${command} needs at least one FILE ("-" for standard input)`);
  return files;
}

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return String(manifest.version);
}

function write(stream: CliIO['stdout'], text: string): number {
  stream.write(text);
  return EXIT_OK;
}

function indent(text: string): string {
  return text.replace(/^/gm, '    ');
}

function isParseArgsError(error: unknown): boolean {
  return error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
}
