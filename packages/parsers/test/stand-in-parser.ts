import { _errorAt } from '../src/errors.ts';
import type { ToolParser } from '../src/parser.ts';

/**
 * A stand-in for a tool parser, to pin down what the registry and the CLI do with parsers
 * (dispatch, errors, streaming). It reads "key=number" lines under a header line and gives one
 * measurement per line; the real parsers live in the tool folders and are tested on real
 * outputs.
 */
export function standInParser(
  tool: 'fio' | 'sysbench',
  header: string,
  confidence = 0.9,
): ToolParser<Record<string, number>> {
  return {
    tool,
    formats: ['kv'],
    detect: (head) => (head.startsWith(header) ? { tool, format: 'kv', version: null, confidence } : null),
    parse(source, format) {
      const result: Record<string, number> = {};
      let offset = source.text.indexOf('\n') + 1;
      for (const line of source.text.slice(offset).split('\n')) {
        if (line !== '') {
          const match = /^(\w+)=(\d+)$/.exec(line);
          if (match === null) {
            throw _errorAt(source, offset, { code: 'UNEXPECTED_LINE', tool, format, message: 'expected key=number' });
          }
          result[match[1] as string] = Number(match[2]);
        }
        offset += line.length + 1;
      }
      const measurements = Object.entries(result).map(([metric, value]) => ({
        tool,
        metric,
        unit: 'count' as const,
        value,
        labels: {},
      }));
      return { tool, format, toolVersion: null, result, measurements, warnings: [] };
    },
  };
}
