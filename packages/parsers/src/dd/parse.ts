import type { TextSource } from '../text.ts';
import type { ToolReading } from '../tool.ts';
import { _assembleRuns } from './assemble.ts';
import { _classifyLines } from './classify.ts';
import { _ddError, _newContext } from './context.ts';
import type { DdResult } from './schema.ts';

/**
 * A whole dd output read by readText: every statistics report in it, whatever surrounds them
 * (shell prompts, the output of other commands, `time`'s lines; those are skipped with a
 * warning). Throws a ParseError.
 */
export function _parseDdSource(source: TextSource): ToolReading<DdResult> {
  const context = _newContext(source);
  const firstContent = /\S/.exec(source.text);
  if (firstContent === null) throw _ddError(context, 0, 'EMPTY_INPUT', 'the input is empty');
  const result = _assembleRuns(context, _classifyLines(context));
  if (result.runs.length === 0 && result.errors.length === 0) {
    throw _ddError(
      context,
      firstContent.index,
      'MISSING_SECTION',
      'no dd statistics were found: no "records in/out" lines and no "bytes ... copied" line',
    );
  }
  const toolVersion = result.runs.find((run) => run.toolVersion !== null)?.toolVersion ?? null;
  return { result, toolVersion, warnings: context.warnings };
}
