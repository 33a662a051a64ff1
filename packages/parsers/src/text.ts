import { decodeHTML } from 'entities/decode';

/**
 * A tool output as the parsers read it: one string with `\n` line ends, no BOM, and HTML
 * entities decoded when the input is an escaped copy from a web page. Every offset into
 * `text` can be mapped back to the line and column of the input as the user has it.
 */
export interface TextSource {
  /** The normalized text. It has exactly as many lines as the original input. */
  readonly text: string;
  /** File name used in error messages, when known. */
  readonly name: string | undefined;
  /** True when the input was HTML-escaped (`&gt;`, `&#8217;`) and has been decoded. */
  readonly wasHtmlEscaped: boolean;
  /** 1-based line and column in the original input of an offset into `text`. */
  locate(offset: number): { line: number; column: number };
  /** A line of the original input (1-based), without its line end. */
  originalLine(line: number): string;
}

export interface ReadTextOptions {
  /** File name to show in error messages. */
  name?: string | undefined;
}

const BOM = '\uFEFF';
// Line ends as people have them: Unix, Windows, and the bare CR that fio's progress output
// and old Mac copies leave behind. A CR LF pair is one line end.
const LINE_END = /\r\n|\r|\n/;
const LINE_END_GLOBAL = /\r\n|\r|\n/g;
// The entities that give away an escaped copy. A tool never prints these itself, so seeing one
// means a blog or forum escaped the text; `&amp;` alone could be a literal job name and is
// decoded only together with one of the others.
const HTML_ESCAPE_MARKERS = /&(?:lt|gt|quot|nbsp|#\d{2,6}|#x[\da-f]{2,5});/i;
const ENTITY = /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/gi;

/** Reads an input string into a TextSource. */
export function readText(input: string, options: ReadTextOptions = {}): TextSource {
  const hasBom = input.startsWith(BOM);
  const raw = hasBom ? input.slice(1) : input;
  // Every marker starts with "&": the native search rules out most inputs at a fraction of the
  // regex's cost (2 ms against 16 ms on 64 MB).
  const wasHtmlEscaped = raw.includes('&') && HTML_ESCAPE_MARKERS.test(raw);
  // Where the text has nothing to undo, it is used as is: the common case costs one scan.
  const needsLineEnds = raw.includes('\r');
  if (!wasHtmlEscaped) {
    const text = needsLineEnds ? raw.replace(LINE_END_GLOBAL, '\n') : raw;
    return makeSource(input, text, options.name, false, hasBom ? 1 : 0, undefined);
  }
  const columnMaps = new Map<number, Int32Array>();
  const lines = raw.split(LINE_END).map((line, index) => {
    const decoded = decodeLine(line);
    if (decoded === undefined) return line;
    columnMaps.set(index, decoded.originalColumns);
    return decoded.text;
  });
  return makeSource(input, lines.join('\n'), options.name, true, hasBom ? 1 : 0, columnMaps);
}

/** Decodes the entities of one line; undefined when it has none. */
function decodeLine(line: string): { text: string; originalColumns: Int32Array } | undefined {
  let text = '';
  const columns: number[] = [];
  let last = 0;
  for (const match of line.matchAll(ENTITY)) {
    const decoded = decodeHTML(match[0]);
    // An entity for a line end would change the line count; keep those as they are.
    if (decoded === match[0] || /[\r\n]/.test(decoded)) continue;
    for (let i = last; i < match.index; i++) columns.push(i);
    text += line.slice(last, match.index);
    // U+00A0 (&nbsp;) aligns columns in copies of tables: it is a plain space here.
    const plain = decoded.replace(/\u00a0/g, ' ');
    for (let i = 0; i < plain.length; i++) columns.push(match.index);
    text += plain;
    last = match.index + match[0].length;
  }
  if (last === 0) return undefined;
  for (let i = last; i <= line.length; i++) columns.push(i);
  text += line.slice(last);
  return { text, originalColumns: Int32Array.from(columns) };
}

function makeSource(
  input: string,
  text: string,
  name: string | undefined,
  wasHtmlEscaped: boolean,
  bomLength: number,
  columnMaps: Map<number, Int32Array> | undefined,
): TextSource {
  let originalLines: string[] | undefined;
  // Line starts are only needed when an error or warning is reported: found on the first call,
  // then each offset is a binary search.
  let lineStarts: number[] | undefined;
  const findLineStarts = (): number[] => {
    const starts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  };
  return {
    text,
    name,
    wasHtmlEscaped,
    locate(offset) {
      const clamped = Math.max(0, Math.min(offset, text.length));
      lineStarts ??= findLineStarts();
      let low = 0;
      let high = lineStarts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((lineStarts[middle] as number) <= clamped) low = middle;
        else high = middle - 1;
      }
      const normalizedColumn = clamped - (lineStarts[low] as number);
      const map = columnMaps?.get(low);
      // Columns count from the first visible character: editors do not show a BOM.
      const column = map?.[normalizedColumn] ?? normalizedColumn;
      return { line: low + 1, column: column + 1 };
    },
    originalLine(line) {
      originalLines ??= input.slice(bomLength).split(LINE_END);
      return originalLines[line - 1] ?? '';
    },
  };
}

/**
 * The source of a piece of a longer input read a piece at a time (a stream), its lines numbered
 * as in the whole input: `linesBefore` lines come before it.
 */
export function _shiftedSource(source: TextSource, linesBefore: number): TextSource {
  if (linesBefore === 0) return source;
  return {
    text: source.text,
    name: source.name,
    wasHtmlEscaped: source.wasHtmlEscaped,
    locate(offset) {
      const { line, column } = source.locate(offset);
      return { line: line + linesBefore, column };
    },
    originalLine: (line) => source.originalLine(line - linesBefore),
  };
}

/** How many `\n` the text holds. */
export function _countLineEnds(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
