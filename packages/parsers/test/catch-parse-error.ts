import { ParseError } from '../src/errors.ts';

/** Runs a parse that must fail and returns its ParseError; any other outcome fails the test. */
export function catchParseError(run: () => unknown): ParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}
