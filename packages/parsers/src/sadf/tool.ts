import { defineTool, type Tool, type ToolParseOptions } from '../tool.ts';
import { _detectSadfHead } from './detect.ts';
import { _sadfFingerprints } from './fingerprint.ts';
import { _sadfMeasurements } from './measurements.ts';
import { _parseSadfJson } from './parse-json.ts';
import { SadfResultSchema } from './schema.ts';

export const SADF_FORMATS = ['json'] as const;
export type SadfFormat = (typeof SADF_FORMATS)[number];

/**
 * sysstat's sadf -j (10.1 to 12.7): the JSON of a sar data file, read as a time series of disk,
 * CPU and io statistics beside iostat's. No default format: an input detection does not
 * recognise is not sadf's.
 */
export const sadfTool: Tool<'sadf', SadfFormat, typeof SadfResultSchema> = defineTool({
  name: 'sadf',
  title: 'sysstat sadf -j',
  formats: SADF_FORMATS,
  marks: '{"sysstat": ...} JSON with a "file-date" header',
  detect: _detectSadfHead,
  parse(source) {
    const { result, warnings } = _parseSadfJson(source);
    return { result, toolVersion: result.sysdataVersion, warnings };
  },
  measurements: _sadfMeasurements,
  fingerprints: _sadfFingerprints,
  resultSchema: SadfResultSchema,
});

/** `format`: only `json` exists; given for symmetry with the other tools. */
export type ParseSadfOptions = ToolParseOptions<SadfFormat>;

/** The tool's registry parser and functions under their names: `parseSadf(text, options)` throws a ParseError. */
export const { parser: sadfParser, parse: parseSadf, safeParse: safeParseSadf, detect: detectSadf } = sadfTool;
