/** Sizes in the bench are decimal megabytes: 1 MB = 10^6 bytes, as in "MB/s". */
export const BYTES_PER_MB = 1_000_000;

/** Big enough that parse time dwarfs start-up and detection, small enough for a quick run. */
export const DEFAULT_TARGET_BYTES = 64 * BYTES_PER_MB;
