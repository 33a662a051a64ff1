import type { TextSource } from '../text.ts';
import type { ToolReading } from '../tool.ts';
import { _assembleRuns, type _DdCarry } from './assemble.ts';
import { _classifyLines } from './classify.ts';
import { _ddError, _newContext } from './context.ts';
import type { DdResult } from './schema.ts';

/**
 * The longest dd output read, in characters: 1 MiB (1,048,576). dd prints a report of about 100
 * characters per run (or per SIGUSR1) and, with status=progress, a line of about 60 a second: 1 MiB
 * is some 10,000 reports, or 4 to 5 hours of progress lines. Each becomes 3 to 8 measurements
 * that the site draws and publishes one by one: a 47 MB log took its build past 3 GB of memory
 * and crashed it, and a 4 MiB one (45,000 reports) still added 600 MB to the build of one
 * experiment (1.43 GB against 0.83 GB) and 45 MB of CSV and JSON to its page. A longer output is
 * refused as TOO_LARGE where it passes the limit.
 *
 * The limit is `parse`'s, which holds the whole result: `parseStream` and `benchfolio parse
 * --ndjson` (stream.ts) read a dd output of any length, since they hold a run at a time and hand
 * each out as it is read. A long status=progress log is what a long run makes (a line a second,
 * 5 MB a day), and a stream is how to read one; what the site draws stays bounded by this limit.
 */
export const MAX_DD_INPUT_CHARS = 1024 * 1024;

const TOO_LARGE = `the dd output is longer than ${MAX_DD_INPUT_CHARS.toLocaleString('en-US')} characters (1 MiB), the limit for a dd output (about 10,000 reports, or 4 hours of status=progress lines); keep a shorter log`;

/**
 * A whole dd output read by readText: every statistics report in it, whatever surrounds them
 * (shell prompts, the output of other commands, `time`'s lines; those are skipped with a
 * warning). Throws a ParseError.
 */
export function _parseDdSource(source: TextSource): ToolReading<DdResult> {
  if (source.text.length > MAX_DD_INPUT_CHARS && /\S/.test(source.text)) {
    throw _ddError(_newContext(source), MAX_DD_INPUT_CHARS, 'TOO_LARGE', TOO_LARGE);
  }
  return _readDdText(source, null);
}

/**
 * The runs of a dd text, with no limit on its length: the whole input (`carry` null), or the
 * last piece of a stream (stream.ts), read on from what the pieces before it leave. Only the
 * whole input can be empty or hold no report: a stream's last piece follows the reports read.
 */
export function _readDdText(source: TextSource, carry: _DdCarry | null): ToolReading<DdResult> {
  const context = _newContext(source);
  const firstContent = /\S/.exec(source.text);
  if (carry === null && firstContent === null) throw _ddError(context, 0, 'EMPTY_INPUT', 'the input is empty');
  const result = _assembleRuns(context, _classifyLines(context), carry ?? undefined);
  if (carry === null && result.runs.length === 0 && result.errors.length === 0) {
    throw _ddError(
      context,
      firstContent?.index ?? 0,
      'MISSING_SECTION',
      'no dd statistics were found: no "records in/out" lines and no "bytes ... copied" line',
    );
  }
  const toolVersion = result.runs.find((run) => run.toolVersion !== null)?.toolVersion ?? null;
  return { result, toolVersion, warnings: context.warnings };
}
