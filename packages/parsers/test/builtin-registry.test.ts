import { describe, expect, it } from 'vitest';
import { detect, parse } from '../src/index.ts';
import { TOOL_NAMES, TOOLS } from '../src/tools.ts';
import { corpusFiles } from './corpus.ts';

// The parsers side by side: each corpus output is claimed by its own tool's parser, the
// most confident, and parses through the package's top-level `parse` without a tool given.

const corpus = TOOL_NAMES.flatMap((tool) => corpusFiles(tool).map((file) => ({ ...file, tool })));

describe('the package registry over every corpus output', () => {
  it.each(corpus.map((file) => [file.name, file] as const))('%s is detected as its tool', (_name, file) => {
    expect(detect(file.text)?.tool).toBe(file.tool);
  });

  it.each(corpus.map((file) => [file.name, file] as const))(
    "%s parses without a tool given, into a result its tool's schema accepts",
    (_name, file) => {
      const output = parse(file.text, { name: file.name });
      expect(output.tool).toBe(file.tool);
      const schema = TOOLS.find((tool) => tool.name === file.tool)?.resultSchema;
      expect(schema?.safeParse(output.result).error).toBeUndefined();
    },
  );
});
