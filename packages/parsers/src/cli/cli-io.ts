export interface CliIO {
  /**
   * `write` returns false when the text was queued (Node streams); `once('drain')` says when to
   * go on. A Uint8Array is UTF-8 text: `parse --ndjson` writes bytes when a parser's ndjson hook
   * gives them (iostat's does), so that they are not decoded to a string only to be encoded again.
   */
  stdout: {
    write(data: string | Uint8Array): unknown;
    once?(event: 'drain', listener: () => void): unknown;
    /** Bytes queued and not yet written out (Node writables): 0 means a written buffer is free again. */
    writableLength?: number;
    /**
     * True when every write is done by the time `write` returns (Node writes a file or
     * /dev/null so): bytes a hook lends (a view of a buffer it reuses) may then be written as
     * they are, without a copy.
     */
    isWriteSynchronous?: boolean;
  };
  stderr: { write(text: string): unknown; isTTY?: boolean | undefined };
}

/** Exit statuses: documented in the usage text and the README. */
export const EXIT_OK = 0;
export const EXIT_INPUT_ERROR = 1;
export const EXIT_USAGE = 2;
/** An unexpected error: a fault of benchfolio's, told in one line with [INTERNAL]. */
export const EXIT_INTERNAL = 2;
