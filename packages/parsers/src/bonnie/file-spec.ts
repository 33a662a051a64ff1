import { type _BonnieContext, _bonnieError } from './context.ts';
import type { FILE_KINDS } from './schema.ts';
import { _readInteger, _readSize } from './values.ts';

/** The parameters of the file tests (`-n files:max:min:dirs`), as the run carries them. */
export interface _FileSpec {
  numFiles: number | null;
  maxSizeBytes: number | null;
  minSizeBytes: number | null;
  numDirs: number | null;
  fileChunkSizeBytes: number | null;
  fileKind: (typeof FILE_KINDS)[number] | null;
}

export const _NO_FILE_SPEC: _FileSpec = {
  numFiles: null,
  maxSizeBytes: null,
  minSizeBytes: null,
  numDirs: null,
  fileChunkSizeBytes: null,
  fileKind: null,
};

/** A field with its offset in the normalized text. */
export interface _Field {
  text: string;
  offset: number;
}

/**
 * The file-test fields of a 1.9x/2.x CSV line: num_files, max_size (a byte count, or `link` /
 * `symlink` for -n with -1/-2), min_size, num_dirs, file_chunk_size; empty where not set.
 */
export function _readFileFields(
  context: _BonnieContext,
  numFiles: _Field,
  maxSize: _Field,
  minSize: _Field,
  numDirs: _Field | undefined,
  fileChunk: _Field | undefined,
): _FileSpec {
  const optionalInteger = (field: _Field | undefined) =>
    field === undefined || field.text === '' ? null : _readInteger(context, field.text, field.offset);
  const isLink = maxSize.text === 'link' || maxSize.text === 'symlink';
  const files = optionalInteger(numFiles);
  return {
    numFiles: files,
    maxSizeBytes: isLink ? null : optionalInteger(maxSize),
    minSizeBytes: optionalInteger(minSize),
    numDirs: optionalInteger(numDirs),
    fileChunkSizeBytes:
      fileChunk === undefined || fileChunk.text === '' ? null : _readSize(context, fileChunk.text, fileChunk.offset),
    fileKind: files === null ? null : isLink ? (maxSize.text as 'link' | 'symlink') : 'regular',
  };
}

/**
 * The file-test parameters written as one token, as in the table's first column and the 1.03
 * CSV: `16`, `16:100000:16/64`, `16:link`, `4:2000:100`; bon_csv2txt also writes `/dirs:chunk`.
 * (bon_time.cpp DoReport: "%d", ":%d:%d", ":link", ":symlink", "/%d".)
 */
export function _readFileSpecToken(context: _BonnieContext, text: string, offset: number): _FileSpec {
  const slash = text.indexOf('/');
  const head = slash === -1 ? text : text.slice(0, slash);
  const parts = head.split(':');
  const partOffset = (index: number) => offset + parts.slice(0, index).reduce((sum, part) => sum + part.length + 1, 0);
  if (parts.length > 3) {
    throw _bonnieError(context, partOffset(3), 'UNEXPECTED_LINE', `expected files[:max[:min]][/dirs], found "${text}"`);
  }
  const [files = '', max, min] = parts;
  const numFiles = _readInteger(context, files, offset);
  const isLink = max === 'link' || max === 'symlink';
  const spec: _FileSpec = {
    numFiles,
    maxSizeBytes: max === undefined || max === '' || isLink ? null : _readInteger(context, max, partOffset(1)),
    minSizeBytes: min === undefined || min === '' ? null : _readInteger(context, min, partOffset(2)),
    numDirs: null,
    fileChunkSizeBytes: null,
    fileKind: isLink ? (max as 'link' | 'symlink') : 'regular',
  };
  if (slash !== -1) {
    const [dirs = '', chunk] = text.slice(slash + 1).split(':', 3);
    spec.numDirs = _readInteger(context, dirs, offset + slash + 1);
    if (chunk !== undefined && chunk !== '') {
      spec.fileChunkSizeBytes = _readSize(context, chunk, offset + slash + 2 + dirs.length);
    }
  }
  return spec;
}
