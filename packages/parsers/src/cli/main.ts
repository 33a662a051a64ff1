import { runCli } from './run.ts';

// A reader that stops early (`benchfolio parse --ndjson log | head`) closes the pipe: the rest of
// the output has nowhere to go, which is the reader's choice, not a failure. The command stops
// quietly, with the status it had so far, instead of an unhandled EPIPE error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
