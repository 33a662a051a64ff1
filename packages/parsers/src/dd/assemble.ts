import type { _Item, _TransferItem } from './classify.ts';
import { type _DdContext, _ddError, _warn } from './context.ts';
import type { DdDiagnostic, DdResult, DdRun, DdTransfer } from './schema.ts';

/**
 * The second step of a parse: the items of classify.ts become runs. One run is one statistics
 * report of dd (print_stats in coreutils src/dd.c):
 *
 *   [dd: messages] [status=progress statements]   the lines before the report
 *   N+M records in                                 always, in this order
 *   N+M records out
 *   [K truncated records]                          only when K > 0 (conv=block)
 *   [transfer statement]                           unless status=noxfer (and before coreutils 5.3)
 *
 * status=none prints nothing at all. Blank lines between the lines of a report are allowed (blog
 * copies double-space them; the carriage returns of status=progress make blank lines too).
 *
 * What is read as what, where the text alone cannot tell:
 * - A transfer line right after the records lines (and their truncated line) is the report's;
 *   transfer lines before the records lines are its progress. So a status=noxfer run followed
 *   by a status=progress run would lend the second run's first progress line to the first.
 * - Transfer lines followed by no records lines are quoted summaries (a log that kept only the
 *   last line, `dd ... 2>&1 | tail -1`): each becomes a run with null records, and a warning
 *   says so. When such lines end the input and all have whole seconds, they are the progress
 *   lines of a dd whose report is missing: the output is cut, and the parse fails (TRUNCATED).
 * - A report whose transfer line is missing at the very end of the input, after progress lines,
 *   is cut too (status=progress always ends with a transfer line): TRUNCATED. Without progress
 *   lines it reads as status=noxfer, with a warning when other runs have their transfer line.
 * - The interim reports dd prints on SIGUSR1, or after a read error with conv=noerror, look
 *   exactly like final ones: each is a run.
 */

interface Pending {
  transfers: _TransferItem[];
  diagnostics: DdDiagnostic[];
  firstOffset: number | null;
}

const newPending = (): Pending => ({ transfers: [], diagnostics: [], firstOffset: null });

/** The first word of a records line's words: "records" of "records in". */
const firstWord = (words: string) => words.split(' ')[0];

/**
 * A status=progress statement, by its shape: GNU dd 8.28 and later print whole seconds there
 * (`%.0f s`, never in a final transfer line, whose seconds are %g), the BSD dd prints sizes in
 * parentheses and `%.3fs` (its summary has neither).
 */
function isProgressStatement(transfer: DdTransfer): boolean {
  if (transfer.style === 'bsd') return transfer.sizeSi !== null;
  return /^\d+$/.test(transfer.elapsedText);
}

export function _assembleRuns(context: _DdContext, items: readonly _Item[]): DdResult {
  const text = context.source.text;
  const endOffset = text.trimEnd().length;
  const runs: DdRun[] = [];
  // Where each run's records lines start, for warnings about it.
  const recordsOffsets = new Map<DdRun, number>();
  const unattached: DdDiagnostic[] = [];
  let version: string | null = null;
  let pending = newPending();
  let skipped: { offset: number; count: number } | null = null;

  const nextContent = (from: number): number => {
    let index = from;
    while (index < items.length && items[index]?.kind === 'blank') index++;
    return index;
  };
  const lineOf = (offset: number) => context.source.locate(offset).line;
  const note = (offset: number) => {
    pending.firstOffset ??= offset;
  };
  const flushSkipped = () => {
    if (skipped === null) return;
    const what = skipped.count === 1 ? 'a line' : `${skipped.count} lines`;
    _warn(context, skipped.offset, 'SKIPPED_LINES', `${what} that dd does not print, skipped`);
    skipped = null;
  };
  const skip = (offset: number) => {
    skipped ??= { offset, count: 0 };
    skipped.count++;
  };

  /** Transfer lines that no records lines followed: quoted summaries, or a cut output. */
  const flushOrphans = (isEnd: boolean) => {
    if (pending.transfers.length === 0) {
      unattached.push(...pending.diagnostics);
      pending = newPending();
      return;
    }
    if (isEnd && pending.transfers.some((item) => isProgressStatement(item.transfer))) {
      const what = pending.transfers.length === 1 ? 'a status=progress line' : 'status=progress lines';
      throw _ddError(context, endOffset, 'TRUNCATED', `the output stops after ${what}, before dd's records lines`);
    }
    _warn(
      context,
      (pending.transfers[0] as _TransferItem).offset,
      'NO_RECORDS_LINES',
      'transfer lines without records lines: each is read as a run of its own',
    );
    pending.transfers.forEach((item, order) => {
      runs.push({
        index: runs.length,
        line: lineOf(order === 0 ? (pending.firstOffset ?? item.offset) : item.offset),
        toolVersion: version,
        language: item.language,
        recordsIn: null,
        recordsOut: null,
        truncatedRecords: 0,
        transfer: item.transfer,
        progress: [],
        errors: order === 0 ? pending.diagnostics : [],
      });
    });
    pending = newPending();
  };

  /** The report that starts with the records line at `index`; returns the index after it. */
  const readReport = (index: number): number => {
    const first = items[index] as Extract<_Item, { kind: 'records' }>;
    if (first.role === 'out') {
      throw _ddError(
        context,
        first.offset,
        'UNEXPECTED_LINE',
        `"${first.words}" without the records-in line before it`,
      );
    }
    const secondIndex = nextContent(index + 1);
    const second = items[secondIndex];
    const isPair =
      second?.kind === 'records' &&
      (first.role === 'in'
        ? second.role === 'out' && second.language === first.language
        : second.role === null && second.words !== first.words && firstWord(second.words) === firstWord(first.words));
    if (!isPair || second?.kind !== 'records') {
      if (first.role === null) {
        // "1+1 makes 2": a line of some other text that happens to start like a records line.
        skip(first.offset);
        return index + 1;
      }
      if (second === undefined) {
        throw _ddError(
          context,
          endOffset,
          'TRUNCATED',
          `the output stops after "${first.words}", before the records-out line`,
        );
      }
      throw _ddError(context, second.offset, 'MISSING_SECTION', `expected the records-out line after "${first.words}"`);
    }
    flushSkipped();
    let next = nextContent(secondIndex + 1);
    if (items[next]?.kind === 'swab') next = nextContent(next + 1);
    let truncatedRecords = 0;
    const truncated = items[next];
    if (truncated?.kind === 'truncated') {
      truncatedRecords = truncated.count;
      next = nextContent(next + 1);
    }
    const summary = items[next];
    let transfer: _TransferItem | null = null;
    let carried: _TransferItem[] = [];
    if (summary?.kind === 'transfers') {
      [transfer = null, ...carried] = summary.transfers;
      next++;
    } else if (pending.transfers.length > 0 && nextContent(next) >= items.length) {
      throw _ddError(
        context,
        endOffset,
        'TRUNCATED',
        'the output stops before the transfer line that ends a status=progress report',
      );
    }
    const run: DdRun = {
      index: runs.length,
      line: lineOf(pending.firstOffset ?? first.offset),
      toolVersion: version,
      language: first.language ?? transfer?.language ?? null,
      recordsIn: { full: first.full, partial: first.partial },
      recordsOut: { full: second.full, partial: second.partial },
      truncatedRecords,
      transfer: transfer?.transfer ?? null,
      progress: pending.transfers.map((item) => item.transfer),
      errors: pending.diagnostics,
    };
    runs.push(run);
    recordsOffsets.set(run, first.offset);
    pending = newPending();
    // Not seen in real outputs: more statements on the report's line start the next run's lines.
    if (carried.length > 0) {
      pending.transfers = carried;
      pending.firstOffset = (carried[0] as _TransferItem).offset;
    }
    return next;
  };

  for (let index = 0; index < items.length; ) {
    const item = items[index] as _Item;
    switch (item.kind) {
      case 'blank':
        index++;
        break;
      case 'version':
        flushSkipped();
        flushOrphans(false);
        version = item.version;
        index++;
        break;
      case 'diagnostic':
        flushSkipped();
        note(item.offset);
        pending.diagnostics.push(item.diagnostic);
        index++;
        break;
      case 'transfers':
        flushSkipped();
        note(item.offset);
        pending.transfers.push(...item.transfers);
        index++;
        break;
      case 'records':
        index = readReport(index);
        break;
      case 'truncated':
      case 'swab':
      case 'other':
        skip(item.offset);
        index++;
        break;
    }
  }
  flushSkipped();
  flushOrphans(true);

  // The last report without its transfer line: dd prints the records lines, then (unless
  // status=noxfer) the transfer line, so a report ending the input without one is what a copy cut
  // after its records lines looks like, and what status=noxfer prints: the text cannot tell.
  const last = runs.at(-1);
  if (last !== undefined && last.transfer === null && last.recordsIn !== null) {
    _warn(
      context,
      endOffset,
      'TRUNCATED',
      "the output stops after dd's records lines, before the transfer line that follows them (status=noxfer prints none: if this run used it, accept the warning in run.yaml)",
    );
  }
  if (runs.some((run) => run.transfer !== null)) {
    for (const run of runs) {
      if (run.transfer === null && run !== last) {
        _warn(
          context,
          recordsOffsets.get(run) ?? 0,
          'NO_TRANSFER_LINE',
          'this report has no transfer line while others have one: status=noxfer, or a cut copy',
        );
      }
    }
  }
  return { runs, errors: unattached };
}
