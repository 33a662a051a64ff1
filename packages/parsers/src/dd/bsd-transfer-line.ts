import { rateFactor } from '../units.ts';
import { _MAX_COUNT, type _ParsedTransfer, type _TransferFailure } from './transfer-line.ts';

/**
 * The transfer statements of the BSD dd (FreeBSD bin/dd/misc.c, which macOS ships):
 *
 *   summary()   `%ju bytes transferred in %.6f secs (%.0f bytes/sec)`     after the records lines
 *   progress()  `  %ju bytes (%s, %s) transferred %.3fs, %s/s`             status=progress (FreeBSD 12
 *               and later), rewritten on one line with a carriage return; the sizes and the rate
 *               from humanize_number / format_scaled: SI ("1049 MB", "1.0 GB") and IEC ("1000 MiB")
 *
 * GNU coreutils before 5.3 printed the summary's sentence with "seconds" (`10485760 bytes
 * transferred in 0.028418 seconds (368981986 bytes/sec)`, quoted on linux-kernel in 2004): read
 * alike. The summary's rate is whole bytes per second; BSD dd never prints an infinite rate (it
 * counts at least the clock's resolution as elapsed).
 */

const PROGRESS =
  /(\d+) bytes \((\d+(?:\.\d+)? ?[kMGTPE]?B), (\d+(?:\.\d+)? ?(?:[KMGTPE]i)?B)\) transferred (\d+\.\d+)s, ((\d+(?:\.\d+)?) ?([kMGTPE]?B)\/s)/y;
/** How a BSD statement starts, so that one cut short is an error, not a line dd does not print. */
const START = /\d+[^\s\d]* bytes (?:transferred\b|\([^()]*\) transferred\b)/y;

/**
 * The summary's pieces in order: each a sticky pattern, and what it holds. A statement that
 * stops matching is TRUNCATED where the line ends, BAD_NUMBER where a number runs into other
 * text (`0.000063x secs`), UNEXPECTED_LINE otherwise.
 */
const SUMMARY_PIECES: ReadonlyArray<{ pattern: RegExp; what: string; isNumber?: boolean }> = [
  { pattern: /\d+/y, what: 'the number of bytes', isNumber: true },
  { pattern: / bytes transferred in /y, what: '" bytes transferred in "' },
  { pattern: /\d+(?:\.\d+)?/y, what: 'the elapsed seconds', isNumber: true },
  { pattern: / (?:secs|seconds) \(/y, what: '" secs ("' },
  { pattern: /\d+/y, what: 'the rate in bytes per second', isNumber: true },
  { pattern: / bytes\/sec\)/y, what: '" bytes/sec)"' },
];

function readSummary(text: string, start: number): { pieces: string[]; end: number } | _TransferFailure {
  const pieces: string[] = [];
  let index = start;
  const lineEnd = text.trimEnd().length;
  for (const [order, piece] of SUMMARY_PIECES.entries()) {
    piece.pattern.lastIndex = index;
    const match = piece.pattern.exec(text);
    if (match === null) {
      const isJunkAfterNumber = SUMMARY_PIECES[order - 1]?.isNumber === true && /\S/.test(text[index] ?? '');
      const code = index >= lineEnd ? 'TRUNCATED' : isJunkAfterNumber ? 'BAD_NUMBER' : 'UNEXPECTED_LINE';
      return {
        index,
        code,
        message: `expected ${piece.what} of a BSD dd summary, "N bytes transferred in S secs (R bytes/sec)"`,
      };
    }
    pieces.push(match[0]);
    index += match[0].length;
  }
  return { pieces, end: index };
}

/** A BAD_NUMBER failure when a count is past what dd counts or a number past what a double holds. */
function tooLargeAt(start: number, bytes: number, seconds: number, rate: number): _TransferFailure | null {
  if (bytes <= _MAX_COUNT && Number.isFinite(seconds * 1e9) && Number.isFinite(rate)) return null;
  return { index: start, code: 'BAD_NUMBER', message: 'a number of this statement is more than dd can count' };
}

/** The BSD statement at `start` of `text`, a failure where one starts and stops matching, or null. */
export function _readBsdTransfer(text: string, start: number): _ParsedTransfer | _TransferFailure | null {
  START.lastIndex = start;
  const begun = START.exec(text);
  if (begun === null) return null;
  if (begun[0].endsWith(' bytes transferred')) {
    const summary = readSummary(text, start);
    if ('code' in summary) return summary;
    const [bytes = '', , seconds = '', unitPiece = '', rate = ''] = summary.pieces;
    const bytesCopied = Number(bytes);
    const elapsedSeconds = Number(seconds);
    const tooLarge = tooLargeAt(start, bytesCopied, elapsedSeconds, Number(rate));
    if (tooLarge !== null) return tooLarge;
    return {
      transfer: {
        bytesCopied,
        elapsedNs: Math.round(elapsedSeconds * 1e9),
        elapsedText: seconds,
        timeUnit: unitPiece.startsWith(' secs') ? 'secs' : 'seconds',
        bytesPerSec: elapsedSeconds > 0 ? bytesCopied / elapsedSeconds : null,
        printedBytesPerSec: Number(rate),
        printedRate: `${rate} bytes/sec`,
        isRateInfinite: false,
        sizeSi: null,
        sizeIec: null,
        style: 'bsd',
      },
      language: 'en',
      end: summary.end,
    };
  }
  PROGRESS.lastIndex = start;
  const progress = PROGRESS.exec(text);
  if (progress !== null) {
    const [
      whole,
      bytes = '',
      sizeSi = '',
      sizeIec = '',
      seconds = '',
      printedRate = '',
      rateNumber = '',
      rateUnit = '',
    ] = progress;
    const bytesCopied = Number(bytes);
    const elapsedSeconds = Number(seconds);
    const factor = rateFactor(`${rateUnit}/s`, { kbBase: 1000 }) as number;
    const tooLarge = tooLargeAt(start, bytesCopied, elapsedSeconds, Number(rateNumber) * factor);
    if (tooLarge !== null) return tooLarge;
    return {
      transfer: {
        bytesCopied,
        elapsedNs: Math.round(elapsedSeconds * 1e9),
        elapsedText: seconds,
        timeUnit: 's',
        bytesPerSec: elapsedSeconds > 0 ? bytesCopied / elapsedSeconds : null,
        printedBytesPerSec: Number(rateNumber) * factor,
        printedRate,
        isRateInfinite: false,
        sizeSi,
        sizeIec,
        style: 'bsd',
      },
      language: 'en',
      end: start + whole.length,
    };
  }
  return {
    index: start + begun[0].length,
    code: text.trimEnd().length <= start + begun[0].length + 1 ? 'TRUNCATED' : 'UNEXPECTED_LINE',
    message: 'expected the rest of a BSD dd status=progress statement, "N bytes (SI, IEC) transferred S.SSSs, R/s"',
  };
}
