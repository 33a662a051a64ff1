import { _duplicateJsonKeys, _keepsEveryJsonMember } from './json-check.ts';
import type { ParseWarning } from './parser.ts';
import type { TextSource } from './text.ts';

/**
 * DUPLICATE_KEY warnings for the keys the objects of a JSON document, source.text[0, end) read
 * into `document` by JSON.parse, repeat: JSON.parse keeps the last value silently, and that is
 * the value read, so the warning names the repeated key's line and column. A document whose
 * colons count its members (json-check.ts) is not walked.
 */
export function _duplicateKeyWarnings(source: TextSource, document: unknown, end: number): ParseWarning[] {
  const text = source.text;
  if (_keepsEveryJsonMember(text, 0, end, document)) return [];
  return _duplicateJsonKeys(text, 0, end).map((duplicate) => ({
    code: 'DUPLICATE_KEY',
    message: `the key "${duplicate.key}" appears twice in one object; its last value is read, as JSON.parse does`,
    ...source.locate(duplicate.offset),
  }));
}
