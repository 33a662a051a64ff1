import type { CliIO } from './cli-io.ts';
import { runCli } from './run.ts';

// A reader that stops early (`benchfolio parse --ndjson log | head`) closes the pipe: the rest of
// the output has nowhere to go, which is the reader's choice, not a failure. The command stops
// quietly, with the status it had so far, instead of an unhandled EPIPE error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await runCli(process.argv.slice(2), { stdout: standardOutput(), stderr: process.stderr });

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
