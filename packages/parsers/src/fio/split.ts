import type { TextSource } from '../text.ts';
import { _isCutTerseLineAt, _isTerseLineAt, type TerseLine } from './parse-terse.ts';

/**
 * Cuts one input into the pieces fio printed, in order: JSON documents, blocks of terse
 * lines and runs of normal text, plus fio's own error lines. What people paste around them
 * (shell prompts, `time` output, prose of a blog post, `[/wpspoiler]` tags) falls between the
 * pieces and is skipped.
 *
 * It reads each line once and classifies it by its first characters, so the cost is linear
 * in the input: no regex runs over more than one line, and a JSON document is found by its
 * closing brace at the start of a line (fio prints it there) before a full brace scan is tried.
 *
 * Normal text is told from prose by its unindented lines, which fio prints in few shapes:
 * job preamble `name: (g=0): rw=...`, `...`, `fio-3.33` / `fio 1.57`, `Starting N processes`,
 * `name: Laying out IO file(s)`, `Jobs: ...` progress, `name: (groupid=0, jobs=1): err= 0:`,
 * `Run status group N`, `Disk stats`, `fio: ...` messages, `note: ...`, and the client
 * preamble `hostname=..., be=0, ...`. Any other unindented line ends a normal run. A new run
 * starts when a preamble or job line follows a run's `Run status group` or `Disk stats`.
 */

/** `line` is the 1-based line of `start`, counted as the lines are read (no pass of its own). */
export type Segment =
  | { kind: 'json'; start: number; end: number; line: number }
  | { kind: 'terse'; start: number; end: number; line: number; lines: TerseLine[] }
  /** `hasResults`: it holds a job block or a Run status group, not only a preamble. */
  | { kind: 'normal'; start: number; end: number; line: number; hasResults: boolean }
  | { kind: 'error'; start: number; end: number; line: number };

/**
 * What a line is, from its first characters. `indented` lines belong to a normal block when
 * one is open; `preamble` covers job lines, `...`, the version, Starting, Laying out, progress
 * and the client preamble; `message` is another fio message (`fio: ...`, `note: ...`), kept
 * inside normal text; `other` is anything fio does not print unindented.
 */
type LineKind =
  | 'blank'
  | 'indented'
  | 'preamble'
  | 'job-header'
  | 'run-status'
  | 'disk-stats'
  | 'error-line'
  | 'message'
  | 'other';

/** `firstLine`: the line number of the text's first line (a piece of a stream starts later). */
export function splitSegments(source: Pick<TextSource, 'text'>, firstLine = 1): Segment[] {
  const { text } = source;
  const splitter = new Splitter(text, firstLine - 1);
  for (let lineStart = 0; lineStart < text.length; ) lineStart = splitter.readLine(lineStart);
  return splitter.finish();
}

type OpenNormal = { start: number; end: number; line: number; hasResults: boolean; isDone: boolean };
type OpenTerse = { start: number; end: number; line: number; lines: TerseLine[] };

/** The segments of a text, read a line at a time, with the normal or terse block still open. */
class Splitter {
  private readonly segments: Segment[] = [];
  private normal: OpenNormal | null = null;
  private terse: OpenTerse | null = null;
  /** The line of the line being read (1-based). */
  private line = 0;
  private readonly text: string;
  private readonly markers: MarkerScanner;

  constructor(text: string, linesBefore: number) {
    this.text = text;
    this.line = linesBefore;
    this.markers = new MarkerScanner(text);
  }

  /** Reads the line that starts at `lineStart`; returns where the next line to read starts. */
  readLine(lineStart: number): number {
    const { text } = this;
    this.line++;
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const next = lineEnd + 1;
    if (this.extendsNormal(lineStart, lineEnd)) return next;
    const first = skipLeadingTag(text, firstNonSpace(text, lineStart, lineEnd), lineEnd);
    if (first < lineEnd && text.charCodeAt(first) === 123 /* { */) return this.readJson(first);
    // A blog copy opens the output with `<pre>` on its first line: the piece starts after it.
    const start = first > lineStart && text.charCodeAt(first - 1) === 62 /* > */ ? first : lineStart;
    if (this.readTerseLine(start, lineEnd)) return next;
    const kind = classify(text, start, lineEnd, first - start, this.markers);
    if (this.terse !== null) {
      if (this.readTerseDescription(start, lineEnd, kind)) return next;
      if (kind !== 'blank') this.closeTerse();
    }
    this.readOther(kind, start, lineEnd);
    return next;
  }

  /** The segments in the order of the text, the open ones closed. */
  finish(): Segment[] {
    this.closeNormal();
    this.closeTerse();
    // Error lines were pushed as they came, possibly before the normal block around them closed.
    return this.segments.sort((a, b) => a.start - b.start);
  }

  /**
   * Most lines of a long input: an indented line inside a normal block, which it extends
   * (classify would say 'indented'), unless it opens a JSON document or an HTML tag, or it is a
   * `fio: pid=` line. Told here from its first visible character; false when it is not one.
   */
  private extendsNormal(lineStart: number, lineEnd: number): boolean {
    const { text, normal } = this;
    const firstCode = text.charCodeAt(lineStart);
    if (normal === null || this.terse !== null || (firstCode !== 32 && firstCode !== 9)) return false;
    const visible = firstNonSpace(text, lineStart, lineEnd);
    if (visible === lineEnd) return true;
    const code = text.charCodeAt(visible);
    if (code === 123 /* { */ || code === 60 /* < */) return false;
    if (code === 102 /* f */ && startsWithIn(text, 'fio: pid=', visible, lineEnd)) {
      this.segments.push({ kind: 'error', start: lineStart, end: lineEnd, line: this.line });
    }
    normal.end = lineEnd;
    return true;
  }

  /** The JSON document that opens at `first`; returns the start of the line after its end. */
  private readJson(first: number): number {
    const { text } = this;
    this.closeNormal();
    this.closeTerse();
    const end = findJsonEnd(text, first);
    this.segments.push({ kind: 'json', start: first, end, line: this.line });
    // Resume on the line after the document's closing brace.
    const after = text.indexOf('\n', end);
    this.line += countLineEnds(text, first, after === -1 ? text.length : after);
    return after === -1 ? text.length : after + 1;
  }

  /** A terse line (or one cut at the end of the input): false when the line is not one. */
  private readTerseLine(lineStart: number, lineEnd: number): boolean {
    const { text } = this;
    // Lines are read in place: slicing each one made a string per line of a long input.
    if (
      !_isTerseLineAt(text, lineStart, lineEnd) &&
      !(_isCutTerseLineAt(text, lineStart, lineEnd) && text.slice(lineEnd).trim() === '')
    ) {
      return false;
    }
    this.closeNormal();
    this.terse ??= { start: lineStart, end: lineEnd, line: this.line, lines: [] };
    this.terse.lines.push({ start: lineStart, end: lineEnd });
    this.terse.end = lineEnd;
    return true;
  }

  /**
   * fio's v2 prints a job's description on the line after it (`;text`, or bare in the HOWTO):
   * false when the line is not one.
   */
  private readTerseDescription(lineStart: number, lineEnd: number, kind: LineKind): boolean {
    const { text, terse } = this;
    const last = terse?.lines[terse.lines.length - 1];
    if (terse === null || last === undefined) return false;
    if (text.startsWith('2;', lineStart) || !text.startsWith('2;', last.start)) return false;
    const isSemicolon = text.charCodeAt(lineStart) === 59; /* ; */
    if (last.description !== undefined || !(isSemicolon || kind === 'other')) return false;
    const line = text.slice(lineStart, lineEnd);
    last.description = isSemicolon ? line.slice(1) : line.trim();
    terse.end = lineEnd;
    return true;
  }

  /** A line that is neither JSON nor terse: normal text, an error line, or what ends them. */
  private readOther(kind: LineKind, lineStart: number, lineEnd: number): void {
    const { line } = this;
    switch (kind) {
      case 'blank':
        break;
      case 'error-line':
        this.segments.push({ kind: 'error', start: lineStart, end: lineEnd, line });
        if (this.normal !== null) this.normal.end = lineEnd;
        break;
      case 'indented':
      case 'message':
        if (this.normal !== null) this.normal.end = lineEnd;
        break;
      case 'preamble':
      case 'job-header': {
        if (this.normal?.isDone) this.closeNormal();
        const normal = this.openNormal(lineStart, lineEnd);
        normal.end = lineEnd;
        if (kind === 'job-header') normal.hasResults = true;
        break;
      }
      case 'run-status':
      case 'disk-stats': {
        const normal = this.openNormal(lineStart, lineEnd);
        normal.end = lineEnd;
        normal.isDone = true;
        if (kind === 'run-status') normal.hasResults = true;
        break;
      }
      case 'other':
        this.closeNormal();
        break;
    }
  }

  /** The open normal block, or one opened at this line. */
  private openNormal(lineStart: number, lineEnd: number): OpenNormal {
    this.normal ??= { start: lineStart, end: lineEnd, line: this.line, hasResults: false, isDone: false };
    return this.normal;
  }

  private closeNormal(): void {
    if (this.normal !== null) {
      const { start, end, line, hasResults } = this.normal;
      this.segments.push({ kind: 'normal', start, end, line, hasResults });
    }
    this.normal = null;
  }

  private closeTerse(): void {
    if (this.terse !== null) this.segments.push({ kind: 'terse', ...this.terse });
    this.terse = null;
  }
}

/** The line ends in [start, end) of `text`. */
function countLineEnds(text: string, start: number, end: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', start); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

function firstNonSpace(text: string, start: number, end: number): number {
  let i = start;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (code !== 32 && code !== 9) break;
    i++;
  }
  return i;
}

/** Past an HTML tag at the start of a line (`<pre>`, `<code class="x">`), else `start`. */
function skipLeadingTag(text: string, start: number, end: number): number {
  if (text.charCodeAt(start) !== 60 /* < */) return start;
  const close = text.indexOf('>', start);
  if (close === -1 || close >= end || close - start > 40 || !/^<[a-zA-Z][^<>]*>$/.test(text.slice(start, close + 1))) {
    return start;
  }
  return firstNonSpace(text, close + 1, end);
}

const PREAMBLE_PREFIXES = ['Starting ', 'Jobs: ', '...', 'hostname='];

/** The line [start, end) of `text`, with `indent` spaces or tabs before its first character. */
function classify(text: string, start: number, end: number, indent: number, markers: MarkerScanner): LineKind {
  if (start + indent >= end) return 'blank';
  if (indent > 0) {
    // A `fio:` message can be indented in client/server output.
    return startsWithIn(text, 'fio: pid=', start + indent, end) ? 'error-line' : 'indented';
  }
  const first = text.charCodeAt(start);
  if (first === 102 /* f */ && startsWithIn(text, 'fio: ', start, end)) {
    return startsWithIn(text, 'fio: pid=', start, end) ? 'error-line' : 'message';
  }
  if (first === 110 /* n */ && startsWithIn(text, 'note: ', start, end)) return 'message';
  if (first === 82 /* R */ && startsWithIn(text, 'Run status group', start, end)) return 'run-status';
  if (first === 68 /* D */ && startsWithIn(text, 'Disk stats', start, end)) return 'disk-stats';
  const marks = markers.markersIn(start, end);
  if ((marks & GROUPID) !== 0) return 'job-header';
  // fio 1.x/2.0 HOWTO: `Client1 (g=0): err= 0:`.
  if ((marks & SHORT_GROUP) !== 0 && (marks & ERR) !== 0) return 'job-header';
  if ((marks & (PREAMBLE_GROUP | LAYING_OUT)) !== 0) return 'preamble';
  if (first === 102 /* f */ && isVersionAt(text, start, end)) return 'preamble';
  for (const prefix of PREAMBLE_PREFIXES) if (startsWithIn(text, prefix, start, end)) return 'preamble';
  return 'other';
}

/** `fio-3.33`, `fio 1.57` at `start` (the regex `^fio[- ]\d`). */
function isVersionAt(text: string, start: number, end: number): boolean {
  if (start + 4 >= end || !text.startsWith('fio', start)) return false;
  const separator = text.charCodeAt(start + 3);
  const digit = text.charCodeAt(start + 4);
  return (separator === 45 || separator === 32) && digit >= 48 && digit <= 57;
}

function startsWithIn(text: string, literal: string, start: number, end: number): boolean {
  return start + literal.length <= end && text.startsWith(literal, start);
}

const GROUPID = 1; // ": (groupid="
const SHORT_GROUP = 2; // " (g="
const ERR = 4; // "): err="
const PREAMBLE_GROUP = 8; // ": (g="
const LAYING_OUT = 16; // ": Laying out IO file"

/**
 * Which of the markers of an unindented fio line the line [start, end) holds, as bits. Every
 * marker holds a ":" or a "(" (" (g=" at its "("; "): err=" at its ":"), so only those are
 * visited, found with the native search. The scanner keeps the next of each, so the searches
 * of all lines together read the text once: a line without either does not send a search
 * over the rest of the input again and again.
 */
class MarkerScanner {
  private nextColon = -1;
  private nextParen = -1;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  markersIn(start: number, end: number): number {
    const { text } = this;
    let marks = 0;
    // Each search result is kept, also the one past the line: the next line starts its own
    // search only when a colon was passed over in between (in lines not read here).
    if (this.nextColon < start) this.nextColon = this.find(':', start);
    for (let i = this.nextColon; i < end; i = this.nextColon = this.find(':', i + 1)) {
      if (startsWithIn(text, ': (g', i, end)) {
        if (startsWithIn(text, ': (groupid=', i, end)) marks |= GROUPID;
        else if (startsWithIn(text, ': (g=', i, end)) marks |= PREAMBLE_GROUP;
      } else if (startsWithIn(text, ': Laying out IO file', i, end)) marks |= LAYING_OUT;
      if (i > start && text.charCodeAt(i - 1) === 41 /* ) */ && startsWithIn(text, ': err=', i, end)) marks |= ERR;
    }
    if (this.nextParen < start) this.nextParen = this.find('(', start);
    for (let i = this.nextParen; i < end; i = this.nextParen = this.find('(', i + 1)) {
      if (i > start && text.charCodeAt(i - 1) === 32 /* space */ && startsWithIn(text, '(g=', i, end))
        marks |= SHORT_GROUP;
    }
    return marks;
  }

  /** The next `char` at or after `from`; infinity when there is none. */
  private find(char: string, from: number): number {
    const at = this.text.indexOf(char, from);
    return at === -1 ? Number.POSITIVE_INFINITY : at;
  }
}

/**
 * Where the JSON document starting at `start` ends (one past its closing brace). fio prints
 * the closing brace of the document at the start of a line and no other brace there, so the
 * first such line ends it, unless another document opens before it (a copy whose closing
 * brace is indented, a document cut short); those are scanned brace by brace, strings skipped.
 * A document cut short runs to the end of the text.
 */
export function findJsonEnd(text: string, start: number): number {
  const candidate = text.indexOf('\n}', start);
  if (candidate !== -1 && startsObjectAtLineStart(text, start) && !opensAnotherDocument(text, start, candidate)) {
    return candidate + 2;
  }
  let depth = 0;
  let isInString = false;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isInString) {
      if (code === 92 /* \ */) i++;
      else if (code === 34 /* " */) isInString = false;
      continue;
    }
    if (code === 34) isInString = true;
    else if (code === 123) depth++;
    else if (code === 125) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

/** True when a `{` opens at a line start between the document's start and the candidate end. */
function opensAnotherDocument(text: string, start: number, candidate: number): boolean {
  const nextOpen = text.indexOf('\n{', start + 1);
  return nextOpen !== -1 && nextOpen < candidate;
}

/** fio's own layout: `{` alone at the start of its line. */
function startsObjectAtLineStart(text: string, start: number): boolean {
  return (
    (start === 0 || text.charCodeAt(start - 1) === 10) &&
    (text.charCodeAt(start + 1) === 10 || start + 1 === text.length)
  );
}
