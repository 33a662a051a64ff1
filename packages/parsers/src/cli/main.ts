import { type CliIO, EXIT_INTERNAL } from './cli-io.ts';
import { internalErrorText } from './failure.ts';
import { runCli } from './run.ts';

// A reader that stops early (`benchfolio parse --ndjson log | head`) closes the pipe: the rest of
// the output has nowhere to go, which is the reader's choice, not a failure. The command stops
// quietly, with the status it had so far, instead of an unhandled EPIPE error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  // A full disk, a closed descriptor: said in one line, as any other failure.
  process.stderr.write(`benchfolio: cannot write standard output: ${error.message}\n`);
  process.exit(EXIT_INTERNAL);
});

// Standard error closed early (`2>&1 | head -n 1`): what is left to tell has nowhere to go.
process.stderr.on('error', () => {});

// The top-level guard: runCli tells of its own errors, and anything that escapes it (a module
// that fails to load, an error thrown outside a command's await) ends as one line with the
// INTERNAL hint and exit 2, never as Node's stack trace (BENCHFOLIO_DEBUG=1 adds it).
const failInternally = (error: unknown) => {
  process.stderr.write(internalErrorText(error, 'benchfolio'));
  process.exit(EXIT_INTERNAL);
};
process.on('uncaughtException', failInternally);
process.on('unhandledRejection', failInternally);

try {
  process.exitCode = await runCli(process.argv.slice(2), { stdout: standardOutput(), stderr: process.stderr });
} catch (error) {
  failInternally(error);
}

/**
 * process.stdout, saying whether its writes are synchronous: Node writes standard output to a
 * file, /dev/null included, with fs.writeSync (its SyncWriteStream), so that each write is done
 * when write() returns; a pipe or a terminal may queue a write instead.
 */
function standardOutput(): CliIO['stdout'] {
  const stdout = process.stdout;
  return {
    write: (data) => stdout.write(data),
    once: (event, listener) => stdout.once(event, listener),
    get writableLength() {
      return stdout.writableLength;
    },
    isWriteSynchronous: stdout.constructor.name === 'SyncWriteStream',
  };
}
