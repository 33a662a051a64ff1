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

/** What assembling has read so far. */
export interface _Assembly {
  context: _DdContext;
  items: readonly _Item[];
  /** Where the input's text ends, trailing blank lines aside: where a cut output is reported. */
  endOffset: number;
  runs: DdRun[];
  /** Where each run's records lines start, for warnings about it. */
  recordsOffsets: Map<DdRun, number>;
  /** The index of the first run: the runs of the pieces read before (a stream's, stream.ts). */
  firstIndex: number;
  /** Whether a run of the pieces read before had its transfer line. */
  hadTransfer: boolean;
  /** Diagnostics before no run: the result's own errors. */
  unattached: DdDiagnostic[];
  version: string | null;
  pending: Pending;
  skipped: { offset: number; count: number } | null;
}

type RecordsItem = Extract<_Item, { kind: 'records' }>;

/** The index of the first item from `from` on that is not a blank line. */
function nextContent(assembly: _Assembly, from: number): number {
  let index = from;
  while (index < assembly.items.length && assembly.items[index]?.kind === 'blank') index++;
  return index;
}

function lineOf(assembly: _Assembly, offset: number): number {
  return assembly.context.source.locate(offset).line;
}

function note(assembly: _Assembly, offset: number): void {
  assembly.pending.firstOffset ??= offset;
}

function skip(assembly: _Assembly, offset: number): void {
  assembly.skipped ??= { offset, count: 0 };
  assembly.skipped.count++;
}

/** One warning for the lines skipped since the last line dd prints. */
function flushSkipped(assembly: _Assembly): void {
  const { skipped } = assembly;
  if (skipped === null) return;
  const what = skipped.count === 1 ? 'a line' : `${skipped.count} lines`;
  _warn(assembly.context, skipped.offset, 'SKIPPED_LINES', `${what} that dd does not print, skipped`);
  assembly.skipped = null;
}

/** Transfer lines that no records lines followed: quoted summaries, or a cut output. */
function flushOrphans(assembly: _Assembly, isEnd: boolean): void {
  const { context, pending, runs } = assembly;
  assembly.pending = newPending();
  if (pending.transfers.length === 0) {
    assembly.unattached.push(...pending.diagnostics);
    return;
  }
  if (isEnd && pending.transfers.some((item) => isProgressStatement(item.transfer))) {
    const what = pending.transfers.length === 1 ? 'a status=progress line' : 'status=progress lines';
    throw _ddError(
      context,
      assembly.endOffset,
      'TRUNCATED',
      `the output stops after ${what}, before dd's records lines`,
    );
  }
  _warn(
    context,
    (pending.transfers[0] as _TransferItem).offset,
    'NO_RECORDS_LINES',
    'transfer lines without records lines: each is read as a run of its own',
  );
  pending.transfers.forEach((item, order) => {
    runs.push({
      index: assembly.firstIndex + runs.length,
      line: lineOf(assembly, order === 0 ? (pending.firstOffset ?? item.offset) : item.offset),
      toolVersion: assembly.version,
      language: item.language,
      recordsIn: null,
      recordsOut: null,
      truncatedRecords: 0,
      transfer: item.transfer,
      progress: [],
      errors: order === 0 ? pending.diagnostics : [],
    });
  });
}

/**
 * The records-out line (or the second line of a pair in words dd's own tables do not hold) that
 * pairs with the records line at `index`, and its index; null when the line at `index` only
 * starts like a records line. Throws when a records-in line has no records-out line after it.
 */
function recordsPair(assembly: _Assembly, index: number): { second: RecordsItem; secondIndex: number } | null {
  const { context, items } = assembly;
  const first = items[index] as RecordsItem;
  if (first.role === 'out') {
    throw _ddError(context, first.offset, 'UNEXPECTED_LINE', `"${first.words}" without the records-in line before it`);
  }
  const secondIndex = nextContent(assembly, index + 1);
  const second = items[secondIndex];
  const isPair =
    second?.kind === 'records' &&
    (first.role === 'in'
      ? second.role === 'out' && second.language === first.language
      : second.role === null && second.words !== first.words && firstWord(second.words) === firstWord(first.words));
  if (isPair && second?.kind === 'records') return { second, secondIndex };
  // "1+1 makes 2": a line of some other text that happens to start like a records line.
  if (first.role === null) return null;
  if (second === undefined) {
    const message = `the output stops after "${first.words}", before the records-out line`;
    throw _ddError(context, assembly.endOffset, 'TRUNCATED', message);
  }
  throw _ddError(context, second.offset, 'MISSING_SECTION', `expected the records-out line after "${first.words}"`);
}

/**
 * What follows a report's records lines (from `index` on): its truncated records line and its
 * transfer statement, with any further statements on the transfer's line, and the index after.
 */
function reportTail(
  assembly: _Assembly,
  index: number,
): { truncatedRecords: number; transfer: _TransferItem | null; carried: _TransferItem[]; next: number } {
  const { items } = assembly;
  let next = nextContent(assembly, index);
  if (items[next]?.kind === 'swab') next = nextContent(assembly, next + 1);
  let truncatedRecords = 0;
  const truncated = items[next];
  if (truncated?.kind === 'truncated') {
    truncatedRecords = truncated.count;
    next = nextContent(assembly, next + 1);
  }
  const summary = items[next];
  let transfer: _TransferItem | null = null;
  let carried: _TransferItem[] = [];
  if (summary?.kind === 'transfers') {
    [transfer = null, ...carried] = summary.transfers;
    next++;
  } else if (assembly.pending.transfers.length > 0 && nextContent(assembly, next) >= items.length) {
    const message = 'the output stops before the transfer line that ends a status=progress report';
    throw _ddError(assembly.context, assembly.endOffset, 'TRUNCATED', message);
  }
  return { truncatedRecords, transfer, carried, next };
}

/** The report that starts with the records line at `index`; returns the index after it. */
function readReport(assembly: _Assembly, index: number): number {
  const first = assembly.items[index] as RecordsItem;
  const pair = recordsPair(assembly, index);
  if (pair === null) {
    skip(assembly, first.offset);
    return index + 1;
  }
  flushSkipped(assembly);
  const { second } = pair;
  const { truncatedRecords, transfer, carried, next } = reportTail(assembly, pair.secondIndex + 1);
  const { pending, runs } = assembly;
  const run: DdRun = {
    index: assembly.firstIndex + runs.length,
    line: lineOf(assembly, pending.firstOffset ?? first.offset),
    toolVersion: assembly.version,
    language: first.language ?? transfer?.language ?? null,
    recordsIn: { full: first.full, partial: first.partial },
    recordsOut: { full: second.full, partial: second.partial },
    truncatedRecords,
    transfer: transfer?.transfer ?? null,
    progress: pending.transfers.map((item) => item.transfer),
    errors: pending.diagnostics,
  };
  runs.push(run);
  assembly.recordsOffsets.set(run, first.offset);
  assembly.pending = newPending();
  // Not seen in real outputs: more statements on the report's line start the next run's lines.
  if (carried.length > 0) {
    assembly.pending.transfers = carried;
    assembly.pending.firstOffset = (carried[0] as _TransferItem).offset;
  }
  return next;
}

/** Reads the item at `index` (and for a report, the items after it); returns the index after. */
export function _readItem(assembly: _Assembly, index: number): number {
  const item = assembly.items[index] as _Item;
  switch (item.kind) {
    case 'blank':
      return index + 1;
    case 'version':
      flushSkipped(assembly);
      flushOrphans(assembly, false);
      assembly.version = item.version;
      return index + 1;
    case 'diagnostic':
      flushSkipped(assembly);
      note(assembly, item.offset);
      assembly.pending.diagnostics.push(item.diagnostic);
      return index + 1;
    case 'transfers':
      flushSkipped(assembly);
      note(assembly, item.offset);
      assembly.pending.transfers.push(...item.transfers);
      return index + 1;
    case 'records':
      return readReport(assembly, index);
    case 'truncated':
    case 'swab':
    case 'other':
      skip(assembly, item.offset);
      return index + 1;
  }
}

/** Warnings for the reports without a transfer line. */
function warnMissingTransfers(assembly: _Assembly): void {
  const { context, runs } = assembly;
  // The last report without its transfer line: dd prints the records lines, then (unless
  // status=noxfer) the transfer line, so a report ending the input without one is what a copy cut
  // after its records lines looks like, and what status=noxfer prints: the text cannot tell.
  const last = runs.at(-1);
  if (last !== undefined && last.transfer === null && last.recordsIn !== null) {
    _warn(
      context,
      assembly.endOffset,
      'TRUNCATED',
      "the output stops after dd's records lines, before the transfer line that follows them (status=noxfer prints none: if this run used it, accept the warning in run.yaml)",
    );
  }
  if (assembly.hadTransfer || runs.some((run) => run.transfer !== null)) {
    for (const run of runs) if (run !== last) _warnNoTransferLine(assembly, run);
  }
}

/** NO_TRANSFER_LINE for a run without its transfer line, when other runs have theirs. */
export function _warnNoTransferLine(assembly: _Assembly, run: DdRun): void {
  if (run.transfer !== null) return;
  _warn(
    assembly.context,
    assembly.recordsOffsets.get(run) ?? 0,
    'NO_TRANSFER_LINE',
    'this report has no transfer line while others have one: status=noxfer, or a cut copy',
  );
}

/** What a piece of a stream starts from: what the pieces before it leave (stream.ts). */
export interface _DdCarry {
  /** The runs read before. */
  runCount: number;
  /** The version line read last before, or null. */
  version: string | null;
  hadTransfer: boolean;
}

export const _NO_CARRY: _DdCarry = { runCount: 0, version: null, hadTransfer: false };

export function _newAssembly(context: _DdContext, items: readonly _Item[], carry: _DdCarry = _NO_CARRY): _Assembly {
  return {
    context,
    items,
    endOffset: context.source.text.trimEnd().length,
    runs: [],
    recordsOffsets: new Map(),
    firstIndex: carry.runCount,
    hadTransfer: carry.hadTransfer,
    unattached: [],
    version: carry.version,
    pending: newPending(),
    skipped: null,
  };
}

/**
 * Whether nothing read is left pending: no transfer line or message waiting for its records
 * lines, no skipped lines not yet warned about. After a report with its transfer line, the runs
 * read are final whatever follows (stream.ts cuts there).
 */
export function _isSettled(assembly: _Assembly): boolean {
  const { pending, skipped } = assembly;
  return (
    skipped === null &&
    pending.transfers.length === 0 &&
    pending.diagnostics.length === 0 &&
    pending.firstOffset === null
  );
}

/** The end of the input: what is pending, and the warnings about the runs' transfer lines. */
export function _finishAssembly(assembly: _Assembly): DdResult {
  flushSkipped(assembly);
  flushOrphans(assembly, true);
  warnMissingTransfers(assembly);
  return { runs: assembly.runs, errors: assembly.unattached };
}

export function _assembleRuns(context: _DdContext, items: readonly _Item[], carry: _DdCarry = _NO_CARRY): DdResult {
  const assembly = _newAssembly(context, items, carry);
  for (let index = 0; index < items.length; ) index = _readItem(assembly, index);
  return _finishAssembly(assembly);
}
