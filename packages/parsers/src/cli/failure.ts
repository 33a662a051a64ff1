// How the CLI tells of a failure that is not a ParseError: a file it cannot read, and anything
// unexpected. Each is one line, `FILE: message` or `benchfolio: message [INTERNAL]`: a user
// never sees a stack trace unless they ask for it (BENCHFOLIO_DEBUG=1).

/** The environment variable that adds the stack to an internal error's line. */
export const DEBUG_ENV = 'BENCHFOLIO_DEBUG';

/** A failure of one input already worded for the user: `FILE: message`. */
export class InputFailure extends Error {
  readonly file: string;
  readonly status: number;

  constructor(file: string, message: string, status: number) {
    super(message);
    this.file = file;
    this.status = status;
  }
}

/** An error from the operating system (a file that is missing, a folder, unreadable). */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error && 'syscall' in error;
}

/** Why a file could not be read, in words: `no such file`, `it is a folder`, `permission denied`. */
export function cannotReadReason(error: NodeJS.ErrnoException, file: string): string {
  switch (error.code) {
    case 'ENOENT':
      // Node reads arguments and folder entries as UTF-8: a name in another encoding comes with
      // U+FFFD in it, and no file has that name.
      return file.includes('\uFFFD')
        ? 'no such file: its name is not valid UTF-8, and benchfolio opens UTF-8 file names only'
        : 'no such file';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENXIO':
      return 'it is a socket or a device with nothing behind it, not a file';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    default:
      return oneLine(error.message);
  }
}

/**
 * The line that tells of an unexpected error: what it says, where (a file or `benchfolio`), and
 * the INTERNAL hint that it is a fault of benchfolio's to report; with BENCHFOLIO_DEBUG=1 the
 * stack follows.
 */
export function internalErrorText(error: unknown, where: string, env: NodeJS.ProcessEnv = process.env): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const line = `${where}: internal error: ${oneLine(message)} (a fault of benchfolio's: please report it; ${DEBUG_ENV}=1 shows where) [INTERNAL]\n`;
  const stack = error instanceof Error ? error.stack : undefined;
  return env[DEBUG_ENV] === '1' && stack !== undefined ? `${line}${stack}\n` : line;
}

/**
 * Text from an input made safe for a terminal: control characters (a binary file's bytes, an
 * escape sequence in a file name or a snippet) shown as U+FFFD, line ends and tabs kept.
 */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '\uFFFD');
}

/** A message on one line, cut to a length a terminal shows. */
function oneLine(text: string): string {
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ');
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}
