import fc from 'fast-check';

/**
 * fast-check arbitraries that derive inputs from real tool outputs: the damage and the
 * disguises outputs suffer on their way to a parser (a killed run, a copy from a blog post, a
 * Windows editor, a shell session, several runs in one file). Each mutation takes one text (and
 * the other texts of the set, for those that combine outputs) and gives an arbitrary of the
 * mutated text; `mutatedOutput` composes one to three of them.
 */
export type Mutation = (text: string, others: readonly string[]) => fc.Arbitrary<string>;

/** Cuts the text at any offset before its end: always strictly shorter (or empty). */
export const truncateAtOffset: Mutation = (text) =>
  fc.nat({ max: Math.max(0, text.length - 1) }).map((offset) => text.slice(0, offset));

/** Cuts the text just after one of its line ends, as a run killed between two lines. */
export const truncateAtLineBoundary: Mutation = (text) => {
  // Offsets just after a line end, short of the end of the text, so the cut always shortens.
  const cuts = [0];
  for (let end = text.indexOf('\n'); end !== -1 && end + 1 < text.length; end = text.indexOf('\n', end + 1)) {
    cuts.push(end + 1);
  }
  return fc.constantFrom(...cuts).map((offset) => text.slice(0, offset));
};

export const deleteLine: Mutation = (text) => mapLineIndex(text, (lines, index) => lines.toSpliced(index, 1));

export const duplicateLine: Mutation = (text) =>
  mapLineIndex(text, (lines, index) => lines.toSpliced(index, 0, lines[index] ?? ''));

/** Swaps two distinct lines (a text of one line stays as is). */
export const swapLines: Mutation = (text) => {
  const lines = splitLines(text);
  if (lines.length < 2) return fc.constant(text);
  return fc.tuple(fc.nat({ max: lines.length - 1 }), fc.nat({ max: lines.length - 2 })).map(([first, other]) => {
    // `other` skips `first`, so the two indexes always differ.
    const second = other >= first ? other + 1 : other;
    const swapped = [...lines];
    swapped[first] = lines[second] ?? '';
    swapped[second] = lines[first] ?? '';
    return swapped.join('\n');
  });
};

/** What a number can turn into in a damaged copy, or where a tool prints a placeholder. */
const NON_NUMBERS = ['', 'abc', 'NaN', '-', '+++++', 'N/A', '1.2.3', '1e', '0x', '--', ',', '∞'];

/** Numbers no parser should turn into a silent Infinity or a lost precision without noticing. */
const HUGE_NUMBERS = [
  '1e309',
  '18446744073709551616', // 2^64
  '99999999999999999999999999999',
  `${'9'.repeat(309)}.5`, // beyond Number.MAX_VALUE: parses to Infinity
  '9'.repeat(400),
];

export const replaceNumberWithNonNumber: Mutation = (text) =>
  replaceNumber(
    text,
    fc.oneof(
      fc.constantFrom(...NON_NUMBERS),
      fc.string({ maxLength: 4 }).filter((junk) => !/^\d+(?:\.\d+)?$/.test(junk)),
    ),
  );

export const replaceNumberWithHugeNumber: Mutation = (text) => replaceNumber(text, fc.constantFrom(...HUGE_NUMBERS));

/** Inserts printable ASCII junk (1 to 20 characters) anywhere, end of text included. */
export const insertPrintableJunk: Mutation = (text) =>
  insertAt(text, fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 }));

/** Inserts any code points (controls, line ends, astral characters, U+FEFF) anywhere. */
export const insertUnicodeJunk: Mutation = (text) =>
  insertAt(text, fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }));

/** CRLF to LF when the text has a CRLF, otherwise LF to CRLF (a Windows editor's copy). */
export const flipLineEnds: Mutation = (text) =>
  fc.constant(text.includes('\r\n') ? text.replaceAll('\r\n', '\n') : text.replaceAll('\n', '\r\n'));

const PROMPT_LINES = [
  '$ fio --name=randread --rw=randread --bs=4k job.fio',
  'root@host:~# sysbench cpu --threads=4 run',
  '[user@server ~]$ iostat -x 1 3',
  '# bonnie++ -d /mnt/test -u root',
  'PS C:\\Users\\me> fio.exe job.fio',
  '>',
];

/** Prepends the shell prompt line a copy from a terminal session starts with. */
export const prefixPromptLine: Mutation = (text) =>
  fc.constantFrom(...PROMPT_LINES).map((prompt) => `${prompt}\n${text}`);

/** Escapes the text as a blog engine does (WordPress turns `'` into `&#8217;`). */
export const htmlEscape: Mutation = (text) => fc.constant(escapeHtml(text));

/** The text followed by another output of the set (or itself), as `cat a b` would. */
export const concatenateOutputs: Mutation = (text, others) =>
  fc.constantFrom(text, ...others).map((other) => joinOutputs([text, other]));

/** The text repeated 2 to 3 times, as a log of appended runs. */
export const repeatOutput: Mutation = (text) =>
  fc.integer({ min: 2, max: 3 }).map((times) => joinOutputs(Array.from({ length: times }, () => text)));

/** Every mutation by name, the names shown in a failing property's counterexample. */
export const MUTATIONS = {
  truncateAtOffset,
  truncateAtLineBoundary,
  deleteLine,
  duplicateLine,
  swapLines,
  replaceNumberWithNonNumber,
  replaceNumberWithHugeNumber,
  insertPrintableJunk,
  insertUnicodeJunk,
  flipLineEnds,
  prefixPromptLine,
  htmlEscape,
  concatenateOutputs,
  repeatOutput,
} as const satisfies Record<string, Mutation>;

export type MutationName = keyof typeof MUTATIONS;

const MUTATION_NAMES = Object.keys(MUTATIONS) as MutationName[];

/** A mutated output and how it was made. */
export interface MutatedSample {
  /** Index of the original in the texts given to `mutatedSample`. */
  sourceIndex: number;
  /** The mutations applied, in order (empty for an original kept as is). */
  mutations: MutationName[];
  text: string;
}

/**
 * A real output with one to three mutations applied in turn. The counterexample fast-check
 * prints names the source and the mutations and shows the text only in part, since the
 * outputs run to tens of kilobytes.
 */
export function mutatedSample(texts: readonly string[]): fc.Arbitrary<MutatedSample> {
  if (texts.length === 0) throw new Error('mutatedSample needs at least one text to mutate');
  return fc
    .record({
      sourceIndex: fc.nat({ max: texts.length - 1 }),
      mutations: fc.array(fc.constantFrom(...MUTATION_NAMES), { minLength: 1, maxLength: 3 }),
    })
    .chain(({ sourceIndex, mutations }) =>
      mutations
        .reduce<fc.Arbitrary<string>>(
          (mutated, name) => mutated.chain((text) => MUTATIONS[name](text, texts)),
          fc.constant(texts[sourceIndex] ?? ''),
        )
        .map((text) => describedSample({ sourceIndex, mutations, text })),
    );
}

/** A real output with one to three mutations applied: the text only. */
export function mutatedOutput(texts: readonly string[]): fc.Arbitrary<string> {
  return mutatedSample(texts).map((sample) => sample.text);
}

/** A sample whose printed form stays short (fast-check's `toStringMethod`). */
export function describedSample(sample: MutatedSample): MutatedSample {
  return {
    ...sample,
    [fc.toStringMethod]: () =>
      `{ source: #${sample.sourceIndex}, mutations: [${sample.mutations.join(', ')}], ` +
      `text: ${quoteExcerpt(sample.text)} }`,
  } as MutatedSample;
}

/** The text quoted, cut in the middle when long: enough to recognise it in a report. */
export function quoteExcerpt(text: string, maxChars = 600): string {
  if (text.length <= maxChars) return JSON.stringify(text);
  const half = Math.floor(maxChars / 2);
  const omitted = text.length - 2 * half;
  return `${JSON.stringify(text.slice(0, half))} … (${omitted} chars omitted) … ${JSON.stringify(text.slice(-half))}`;
}

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#8217;');
}

/**
 * The lines of a text split at `\n` (a `\r` stays part of its line). After a final line end
 * comes an empty last line, so that deleting, duplicating or moving a line is exact:
 * `splitLines(text).join('\n') === text`, and an empty text is one empty line.
 */
export function splitLines(text: string): string[] {
  return text.split('\n');
}

function endsWithLineEnd(text: string): boolean {
  return text.endsWith('\n');
}

/** Outputs one after the other, each starting on a line of its own. */
function joinOutputs(outputs: readonly string[]): string {
  return outputs.reduce((joined, output) =>
    joined === '' || endsWithLineEnd(joined) ? joined + output : `${joined}\n${output}`,
  );
}

function mapLineIndex(text: string, change: (lines: string[], index: number) => string[]): fc.Arbitrary<string> {
  const lines = splitLines(text);
  return fc.nat({ max: lines.length - 1 }).map((index) => change(lines, index).join('\n'));
}

/** A number as the tools print them: digits with an optional decimal part. */
const NUMBER = /\d+(?:\.\d+)?/g;

function replaceNumber(text: string, replacement: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const numbers = [...text.matchAll(NUMBER)];
  if (numbers.length === 0) return fc.constant(text);
  return fc.tuple(fc.nat({ max: numbers.length - 1 }), replacement).map(([which, value]) => {
    const number = numbers[which] as RegExpExecArray;
    return text.slice(0, number.index) + value + text.slice(number.index + number[0].length);
  });
}

function insertAt(text: string, junk: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(fc.nat({ max: text.length }), junk)
    .map(([offset, inserted]) => text.slice(0, offset) + inserted + text.slice(offset));
}
