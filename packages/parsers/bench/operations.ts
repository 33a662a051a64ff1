import { spawn, spawnSync } from 'node:child_process';
import { closeSync, createReadStream, openSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ToolName } from '../src/tools.ts';
import { readOutputOffsets } from './build-input.ts';
import type { BenchBaseline, BenchMode } from './cases.ts';

/**
 * What a measurement times: one pass over the input file, reading included, so that a baseline
 * and a case that reads the file its own way (in chunks, or in a child process) are compared on
 * the same work. Each operation returns a count, which the caller keeps observable so no pass
 * can be optimised away.
 */
export type Operation = (inputPath: string) => Promise<OperationResult>;

export interface OperationResult {
  count: number;
  /** Peak RSS of a child process the operation ran, when it ran one (bytes). */
  childPeakRssBytes?: number | undefined;
}

/** The baseline's reads: 1 MiB, its fastest (the parse cases read as the library does, DEFAULT_CHUNK_BYTES). */
export const CHUNK_BYTES = 1024 * 1024;

// The "one cheap regex per line" of the baseline: about what a parser's line dispatch costs.
const CHEAP_LINE_TEST = /^\s*[A-Za-z]/;

/** Reads the file in 1 MiB chunks, splits it into lines and tests each line with one regex. */
export async function readSplitRegex(inputPath: string): Promise<OperationResult> {
  let matched = 0;
  let pending = '';
  for await (const chunk of createReadStream(inputPath, { encoding: 'utf8', highWaterMark: CHUNK_BYTES })) {
    const lines = (pending + (chunk as string)).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (CHEAP_LINE_TEST.test(line)) matched++;
  }
  if (CHEAP_LINE_TEST.test(pending)) matched++;
  return { count: matched };
}

/**
 * Reads the file and runs a bare `JSON.parse` on each document in it: the least any JSON
 * parser does. The documents' offsets come from the input's index, written when it was built.
 */
export function jsonParseDocuments(documentOffsets: readonly number[]): Operation {
  return async (inputPath) => {
    const text = await readFile(inputPath, 'utf8');
    let keys = 0;
    for (let i = 0; i < documentOffsets.length; i++) {
      const document = text.slice(documentOffsets[i], documentOffsets[i + 1] ?? text.length);
      keys += Object.keys(JSON.parse(document) as object).length;
    }
    return { count: keys };
  };
}

/**
 * The package as its users load it: the built dist/ (`npm run bench` builds it first), not the
 * TypeScript sources, whose loading (Node's type stripping) alone took the process from 43 to
 * 104 MB of RSS, against 72 MB for dist/. Imported only for a parser case, so that a baseline's
 * RSS holds no parser modules.
 */
const LIBRARY_URL = new URL('../dist/index.js', import.meta.url).href;
type Library = typeof import('../src/index.ts');
const loadLibrary = () => import(LIBRARY_URL) as Promise<Library>;
// The file reader alone, not the whole `./node` entry (the content model, YAML): what the
// measured process loads is the parse and the reader.
const FILE_READER_URL = new URL('../dist/node/read-file.js', import.meta.url).href;
type FileReader = typeof import('../src/node/read-file.ts');
const loadFileReader = () => import(FILE_READER_URL) as Promise<FileReader>;

/** `parse(text, { tool })` on the file read whole. */
export async function parseWhole(tool: ToolName): Promise<Operation> {
  const { parse } = await loadLibrary();
  return async (inputPath) => {
    const text = await readFile(inputPath, 'utf8');
    return { count: parse(text, { tool }).measurements.length };
  };
}

/**
 * `parse(text, { tool })` to the typed result only: the measurements, which the parsers build on
 * first read, are left unbuilt. What a caller that wants the result pays.
 */
export async function parseResultOnly(tool: ToolName): Promise<Operation> {
  const { parse } = await loadLibrary();
  return async (inputPath) => {
    const text = await readFile(inputPath, 'utf8');
    const output = parse(text, { tool });
    return { count: output.warnings.length + (output.result === undefined ? 0 : 1) };
  };
}

/**
 * `parseStream` over the file as the library reads one (`readTextChunks` of
 * `@benchfolio/parsers/node`, in its DEFAULT_CHUNK_BYTES reads), every piece consumed as it comes:
 * with its measurements read (`stream`), or only its typed result (`stream-result`).
 */
export async function parseStreamed(tool: ToolName, isResultOnly: boolean, format?: string): Promise<Operation> {
  const { parseStream } = await loadLibrary();
  const { readTextChunks } = await loadFileReader();
  return async (inputPath) => {
    let count = 0;
    for await (const piece of parseStream(readTextChunks(inputPath), { tool, format })) {
      count += isResultOnly ? (piece.result === undefined ? 0 : 1) : piece.measurements.length;
    }
    return { count };
  };
}

// The command as users run it: the committed bin over the built dist/ (`npm run bench` builds it
// first), with the Node flags of its shebang line.
const CLI_BIN = fileURLToPath(new URL('../bin/benchfolio.js', import.meta.url));
const RSS_POLL_MS = 20;

/**
 * `benchfolio parse --ndjson --tool T FILE` in a child process, its output thrown away: the bin
 * runs itself (through its shebang, with this Node first on the PATH).
 */
export function cliNdjson(tool: ToolName, format?: string): Operation {
  const formatArgs = format === undefined ? [] : ['--format', format];
  return (inputPath) => runChild(CLI_BIN, ['parse', '--ndjson', '--tool', tool, ...formatArgs, inputPath], undefined);
}

/**
 * Another program reading the input on standard input, its output thrown away: how a peer tool
 * (jc) is measured on the same bytes. The program and arguments come from the case.
 */
export function externalCommand(command: readonly string[]): Operation {
  const [program, ...args] = command;
  if (program === undefined) throw new Error('an external case needs a command');
  return (inputPath) => runChild(program, args, inputPath);
}

/**
 * Runs a child to its end. Its peak RSS comes from GNU time (`/usr/bin/time -f %M`), which
 * starts it from a small process: a child forked from this one would start with this one's
 * peak (Linux keeps ru_maxrss across fork and exec). Without GNU time, the child's high-water
 * mark is polled from /proc (it only grows, so the last reading is close to the peak).
 */
function runChild(program: string, args: readonly string[], stdinPath: string | undefined): Promise<OperationResult> {
  return new Promise((resolve, reject) => {
    const stdin = stdinPath === undefined ? 'ignore' : openSync(stdinPath, 'r');
    const timed = HAS_GNU_TIME ? [GNU_TIME, '-f', `${MAX_RSS_MARK}%M`, program, ...args] : [program, ...args];
    const child = spawn(timed[0] as string, timed.slice(1), { stdio: [stdin, 'ignore', 'pipe'] });
    if (typeof stdin === 'number') closeSync(stdin);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (data: string) => {
      stderr += data;
    });
    let polledBytes = 0;
    const poll = HAS_GNU_TIME
      ? undefined
      : setInterval(() => {
          polledBytes = Math.max(polledBytes, readHighWaterMarkBytes(child.pid));
        }, RSS_POLL_MS);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      const timedKib = new RegExp(`^${MAX_RSS_MARK}(\\d+)$`, 'm').exec(stderr)?.[1];
      const peakRssBytes = timedKib === undefined ? polledBytes : Number(timedKib) * 1024;
      if (code === 0) resolve({ count: 1, childPeakRssBytes: peakRssBytes });
      else reject(new Error(`${program} exited with ${code}: ${stderr.slice(0, 500)}`));
    });
  });
}

const GNU_TIME = '/usr/bin/time';
const MAX_RSS_MARK = 'benchfolio-bench-max-rss-kib=';
const HAS_GNU_TIME = spawnSync(GNU_TIME, ['-f', '%M', 'true'], { stdio: 'ignore' }).status === 0;

function readHighWaterMarkBytes(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
    return match === null ? 0 : Number(match[1]) * 1024;
  } catch {
    // The child has exited between two polls, or /proc is not there (not Linux).
    return 0;
  }
}

/**
 * This process's peak RSS since it started (VmHWM; 0 where /proc is not there). Not getrusage's
 * maxRSS: a process forked from a larger one starts with the larger one's peak there.
 */
export function ownPeakRssBytes(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return match === null ? 0 : Number(match[1]) * 1024;
  } catch {
    return 0;
  }
}

export interface OperationSpec {
  tool?: ToolName | undefined;
  baseline?: BenchBaseline | undefined;
  mode?: BenchMode | undefined;
  /** The format to read (BenchCase.format); default: detected. */
  format?: string | undefined;
  /** The input's index of output offsets (build-input.ts), for the `json-parse` baseline. */
  offsetsPath?: string | undefined;
  /** For `external` cases: the program and its arguments, reading the input on stdin. */
  command?: readonly string[] | undefined;
}

/** The operation of a job: its baseline when it names no tool, else its case's mode. */
export async function operationFor(spec: OperationSpec): Promise<Operation> {
  if (spec.tool === undefined) {
    if (spec.baseline === 'json-parse') {
      if (spec.offsetsPath === undefined) throw new Error('the json-parse baseline needs the input offsets');
      return jsonParseDocuments(readOutputOffsets(spec.offsetsPath));
    }
    return readSplitRegex;
  }
  switch (spec.mode ?? 'parse') {
    case 'parse':
      return parseWhole(spec.tool);
    case 'parse-result':
      return parseResultOnly(spec.tool);
    case 'stream':
      return parseStreamed(spec.tool, false, spec.format);
    case 'stream-result':
      return parseStreamed(spec.tool, true, spec.format);
    case 'cli-ndjson':
      return cliNdjson(spec.tool, spec.format);
    case 'external':
      return externalCommand(spec.command ?? []);
  }
}
