// Fitting chart text without measuring it. Charts are laid out detached (at build time in jsdom,
// which has no layout), so text width is estimated from its characters: close enough to reserve
// margins and to decide where labels wrap or turn, never used for anything that must be exact.

/**
 * Advance of a character in em, by kind, for a proportional sans-serif face: the widest of its
 * kind in DejaVu Sans (Debian's default, one of the wider faces) rounded up (m 0.974, O 0.787,
 * digits 0.636, lowercase 0.635, ± 0.838), so a label estimated to fit also fits in narrower
 * system fonts. The page tests hold every chart label inside its chart in Chromium.
 */
function charWidthEm(char: string): number {
  if ("iIjl.,:;|!'’` ".includes(char)) return 0.34;
  if ('tfr()-'.includes(char)) return 0.42;
  if ('mwMW@%'.includes(char)) return 1;
  if ('+=<>±×−'.includes(char)) return 0.84;
  if (char >= 'A' && char <= 'Z') return 0.79;
  return 0.64;
}

/** The estimated width in px of `text` set at `fontSizePx`. */
export function estimateTextWidth(text: string, fontSizePx: number): number {
  let em = 0;
  for (const char of text) em += charWidthEm(char);
  return em * fontSizePx;
}

/**
 * `text` broken into lines no wider than `maxWidthPx` (estimated), at most `maxLines` of them.
 * Lines break between words; a word too wide for a line of its own breaks after its hyphens,
 * underscores, slashes and dots, so fio job names such as "sequential-write-buffered" break at
 * their parts while an option named in a sentence ("group_reporting") moves to the next line
 * whole; a piece still too wide is cut by character, and text left over past the last line ends
 * it with an ellipsis (the full text stays in the chart's table and titles).
 */
export function wrapLabel(text: string, maxWidthPx: number, fontSizePx: number, maxLines = 3): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const lines: string[] = [];
  let line = '';
  const fits = (candidate: string) => estimateTextWidth(candidate.trimEnd(), fontSizePx) <= maxWidthPx;
  const pushLine = () => {
    if (line !== '') lines.push(line.trimEnd());
    line = '';
  };
  for (const word of words) {
    if (fits(line + word)) {
      line += word;
      continue;
    }
    pushLine();
    if (fits(word)) {
      line = word;
      continue;
    }
    for (const piece of word.match(/[^\-_/.]*[-_/.\s]*/g)?.filter((part) => part !== '') ?? []) {
      if (fits(line + piece)) {
        line += piece;
        continue;
      }
      pushLine();
      // A piece wider than a whole line: cut it by character.
      for (const char of piece) {
        if (line !== '' && !fits(line + char)) pushLine();
        line += char;
      }
    }
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? '';
  while (last.length > 1 && !fits(`${last}…`)) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}
