import { parseArgs } from 'node:util';
import { DEFAULT_SEED } from './build-input.ts';
import { BYTES_PER_MB } from './sizes.ts';

export const USAGE = `usage: npm run bench -- [--size-mb N] [--case NAME]... [--iterations N] [--seed N] [--json]

  --size-mb N      input size in MB (10^6 bytes) for every case; default: each case's own (64)
  --case NAME      measure only this case (repeatable); the baseline is always measured
  --iterations N   timed iterations per measurement at least, after warm-up; default 3
  --seed N         seed of the varied numbers in the input; default ${DEFAULT_SEED}
  --json           print the results as JSON instead of a table

Each case runs in a Node process of its own with 4 MB semi-spaces (as bin/benchfolio.js runs),
loading the built dist/. Peak RSS is shown at the full size, at a quarter of it, and at start
(modules loaded, nothing read): a bounded stream peaks about as high at both sizes. Targets a
case states (bench/cases/<tool>.ts, \`targets\`) are printed after the table as met or MISSED.`;

export const DEFAULT_ITERATIONS = 3;

export interface BenchArgs {
  /** Overrides every case's target size when set. */
  sizeBytes: number | undefined;
  caseNames: string[];
  iterations: number;
  seed: number;
  isJson: boolean;
  isHelp: boolean;
}

/** Reads the command line; throws an Error whose message is meant for the user. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      'size-mb': { type: 'string' },
      case: { type: 'string', multiple: true },
      iterations: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const sizeMb = values['size-mb'] === undefined ? undefined : positiveNumber('--size-mb', values['size-mb']);
  return {
    sizeBytes: sizeMb === undefined ? undefined : Math.round(sizeMb * BYTES_PER_MB),
    caseNames: values.case ?? [],
    iterations:
      values.iterations === undefined ? DEFAULT_ITERATIONS : positiveInteger('--iterations', values.iterations),
    seed: values.seed === undefined ? DEFAULT_SEED : nonNegativeInteger('--seed', values.seed),
    isJson: values.json,
    isHelp: values.help,
  };
}

function positiveNumber(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) {
    throw new Error(`${flag} takes a number above 0, not "${text}"`);
  }
  return value;
}

function positiveInteger(flag: string, text: string): number {
  const value = positiveNumber(flag, text);
  if (!Number.isInteger(value)) throw new Error(`${flag} takes a whole number, not "${text}"`);
  return value;
}

function nonNegativeInteger(flag: string, text: string): number {
  return text === '0' ? 0 : positiveInteger(flag, text);
}
