import type { FingerprintContext } from '../fingerprint.ts';
import type { Output, Run } from './run-schema.ts';

/**
 * What a run.yaml says beside one of its outputs that a fingerprint reads: the command that
 * printed the output (dd's operands) and the memory of the run's system (bonnie++'s file size
 * relative to it). Give the output's text as well, for what only the text says (fio's `Laying
 * out IO file` lines): `fingerprintOutput(parsed, { text, ...outputFingerprintContext(run, output) })`.
 */
export function outputFingerprintContext(run: Run, output: Output): FingerprintContext {
  const memoryBytes = run.system.memory?.bytes;
  return {
    ...(output.command === undefined ? {} : { command: output.command }),
    ...(memoryBytes === undefined ? {} : { memoryBytes }),
  };
}
