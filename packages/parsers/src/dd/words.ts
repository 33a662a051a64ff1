import type { DdLanguage } from './schema.ts';

/**
 * The words dd prints, per language, as the coreutils translations have them (msgstr of the
 * msgids in src/dd.c; po/de.po and po/fr.po of coreutils 9.1, read from the installed .mo files
 * with msgunfmt):
 *
 *   "%jd+%jd records in\n%jd+%jd records out\n"  de "Datensätze ein/aus"  fr "enregistrements lus/écrits"
 *   "%jd truncated record(s)\n"                    de "ein abgeschnittener Datensatz" (no number),
 *                                                     "%jd abgeschnittene Datensätze"
 *                                                  fr "%jd enregistrement(s) tronqué(s)"
 *   "%jd byte(s) copied, %s, %s"                   de "Byte(s) kopiert"  fr "octet copié / octets copiés"
 *   "%jd bytes (%s[, %s]) copied, %s, %s"          de "Bytes (...) kopiert"  fr "octets (...) copiés"
 *   "Infinity" (the rate when no time passed)      de "Unendlich"  fr "Infinité"
 *
 * The punctuation (", ", the parentheses, "s" for seconds, "B/s") is the same in every language;
 * numbers use the locale's decimal separator ("2,34 s", "1,1 GB"). The French translations put a
 * no-break space (U+00A0) between the leading count and its word: "8+0\u00a0enregistrements lus",
 * "8388608\u00a0octets (8,4 MB, 8,0 MiB) copiés" (seen in the real output, and in po/fr.po).
 */

/** The space after a leading count: a plain space, or the no-break spaces of French typography. */
export const COUNT_SPACE = '[ \\u00a0\\u202f]';

/** The records lines: the words after `N+M `, for the line read in and the line written out. */
export const RECORDS_WORDS: ReadonlyArray<{ language: DdLanguage; in: string; out: string }> = [
  { language: 'en', in: 'records in', out: 'records out' },
  { language: 'de', in: 'Datensätze ein', out: 'Datensätze aus' },
  { language: 'fr', in: 'enregistrements lus', out: 'enregistrements écrits' },
];

/** The truncated-records line of each language (conv=block); the count is group 1 when printed. */
export const TRUNCATED_LINES: ReadonlyArray<{ language: DdLanguage; pattern: RegExp; count?: number }> = [
  // GNU "record(s)"; the BSD dd (FreeBSD bin/dd/misc.c summary) "block(s)", macOS "record(s)".
  { language: 'en', pattern: /^(\d+) truncated (?:records?|blocks?)$/ },
  { language: 'de', pattern: /^(\d+) abgeschnittene Datensätze$/ },
  { language: 'de', pattern: /^ein abgeschnittener Datensatz$/, count: 1 },
  { language: 'fr', pattern: /^(\d+)[ \u00a0\u202f]enregistrements? tronqués?$/ },
];

/** "bytes" and "copied" of each language, singular and plural. */
export const TRANSFER_WORDS: ReadonlyArray<{
  language: DdLanguage;
  bytes: readonly string[];
  copied: readonly string[];
}> = [
  { language: 'en', bytes: ['byte', 'bytes'], copied: ['copied'] },
  { language: 'de', bytes: ['Byte', 'Bytes'], copied: ['kopiert'] },
  { language: 'fr', bytes: ['octet', 'octets'], copied: ['copié', 'copiés'] },
];

/** The known words for "bytes": a line that starts `N <one of these> ` is meant as a transfer line. */
export const BYTE_WORDS: ReadonlySet<string> = new Set(TRANSFER_WORDS.flatMap((words) => words.bytes));

/** The language of a records line's words, or null for words of another language. */
export function _recordsLanguage(words: string): { language: DdLanguage; role: 'in' | 'out' } | null {
  for (const entry of RECORDS_WORDS) {
    if (words === entry.in) return { language: entry.language, role: 'in' };
    if (words === entry.out) return { language: entry.language, role: 'out' };
  }
  return null;
}

/** The language of a transfer line's "bytes" and "copied" words, or null. */
export function _transferLanguage(bytesWord: string, copiedWord: string): DdLanguage | null {
  const entry = TRANSFER_WORDS.find((words) => words.bytes.includes(bytesWord) && words.copied.includes(copiedWord));
  return entry === undefined ? null : entry.language;
}

/** `warning:` as dd's messages start in each language ("Warnung:", "avertissement :"). */
export const WARNING_PREFIX = /^(?:warning|Warnung|avertissement)\s?:/i;
