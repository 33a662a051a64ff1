/**
 * The codes of content problems that validate reports beside the parsers' own (a raw output's
 * ParseError or warning keeps its PARSE_ERROR_CODES code). Printed as `FILE:LINE:COL: message
 * [CODE]`. Like the parsers' codes they are never renamed or reused; new ones are only added.
 * Problems older than these codes (a schema's, a measurements.csv row's) carry none.
 */
export const CONTENT_ISSUE_CODES = [
  /** A raw output whose extension is not one a server serves as text (RAW_OUTPUT_EXTENSIONS). */
  'FILE_TYPE',
  /** A name the site build makes itself (reserved-names.ts): its page would overwrite or collide with it. */
  'RESERVED_NAME',
  /** A file or folder name that is not valid UTF-8, holds control characters, or breaks the naming rule. */
  'BAD_NAME',
  /** A file over its size limit (CONTENT_LIMITS), refused before it is read. */
  'TOO_LARGE',
  /** A YAML file whose aliases expand beyond the limit (an alias bomb). */
  'YAML_ALIASES',
  /** A YAML file nested deeper than the limit. */
  'YAML_DEPTH',
  /** index.md nested deeper than the limit (quotes in quotes, lists in lists, emphasis in emphasis). */
  'MARKDOWN_DEPTH',
  /** A link or image in index.md to a scheme other than http:, https: and mailto: (javascript:, data:, ...). */
  'UNSAFE_LINK',
  /** Raw HTML in index.md: the site renders Markdown only. */
  'RAW_HTML',
  /** An entry that is not a regular file or folder: a FIFO, a device, a socket, a symbolic link. */
  'NOT_A_FILE',
  /** A file the system would not let validate read (permissions, a folder gone while read, ...). */
  'UNREADABLE',
  /** An imported output whose bytes are not those its origin's SHA-256 records: edited after the import. */
  'ORIGIN_CHANGED',
  /** An output with an origin in an experiment that names no source.repository to resolve it in. */
  'ORIGIN_UNRESOLVED',
] as const;

export type ContentIssueCode = (typeof CONTENT_ISSUE_CODES)[number];
