import { describe, it } from 'vitest';
import { checkParserProperty } from '../test/properties.ts';
import { RAW_TOOLS, rawOutputs } from '../test/raw-outputs.ts';
import { fingerprintOutput } from './fingerprint-output.ts';
import { parse } from './index.ts';

/**
 * Fingerprinting never fails where parsing succeeded: on every real output of each tool, mutated
 * and truncated (test/mutations.ts), parse and fingerprint give fingerprints or a ParseError.
 */
describe('fingerprintOutput on mutated real outputs', () => {
  it.each(RAW_TOOLS)('%s: fingerprints or a ParseError, never a crash', (tool) => {
    const texts = rawOutputs(tool).map((output) => output.text);
    checkParserProperty(
      (input) => fingerprintOutput(parse(input), { text: input, command: 'dd bs=1M count=2' }),
      texts,
      {
        numRuns: 100,
      },
    );
  });
});
