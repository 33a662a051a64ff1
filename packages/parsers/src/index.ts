import { builtinRegistry } from './builtin.ts';

export {
  type BonnieResult,
  BonnieResultSchema,
  type BonnieRun,
  detectBonnie,
  type ParseBonnieOptions,
  parseBonnie,
  safeParseBonnie,
} from './bonnie/index.ts';
export { BUILTIN_PARSERS } from './builtin.ts';
export {
  type DdResult,
  DdResultSchema,
  type DdRun,
  detectDd,
  MAX_DD_INPUT_CHARS,
  type ParseDdOptions,
  parseDd,
  safeParseDd,
} from './dd/index.ts';
export { DEVICE_ROLES, type DeviceRole, deviceRole } from './device-role.ts';
export {
  CUT_WARNING,
  isParseError,
  PARSE_ERROR_CODES,
  ParseError,
  type ParseErrorCode,
  type ParseErrorInit,
  type SafeParseResult,
} from './errors.ts';
export {
  type AccessPattern,
  compareFingerprints,
  FINGERPRINT_SOURCES,
  type FieldComparison,
  type FieldDifference,
  type FingerprintContext,
  type FingerprintField,
  type FingerprintSource,
  type FingerprintValue,
  KIND_BANDS,
  type KindMatch,
  type Operation,
  type RankedCandidate,
  rankFingerprints,
  type Similarity,
  WORKLOAD_CATEGORIES,
  type WorkloadCategory,
  type WorkloadFingerprint,
  type WorkloadKind,
} from './fingerprint.ts';
export { fingerprintOutput } from './fingerprint-output.ts';
export {
  detectFio,
  FIO_FORMATS,
  FIO_PARSE_FORMATS,
  type FioFormat,
  type FioJob,
  type FioParseFormat,
  type FioResult,
  FioResultSchema,
  type FioRun,
  FioRunSchema,
  type FioStatusReport,
  fioParser,
  type ParseFioOptions,
  parseFio,
  safeParseFio,
} from './fio/index.ts';
export {
  type CdfPoint,
  FIO_DEFAULT_PERCENTILES,
  interpolatedPercentiles,
  latencyCdfFromBins,
  latencyPercentilesFromBins,
} from './fio/latency-bins.ts';
export {
  detectFioLog,
  FIO_LOG_FORMATS,
  type FioHistogramLog,
  type FioLogFormat,
  type FioLogResult,
  FioLogResultSchema,
  type FioSampleLog,
  type ParseFioLogOptions,
  parseFioLog,
  readLogFileName,
  safeParseFioLog,
} from './fio/log/index.ts';
export {
  detectIostat,
  type IostatColumn,
  IostatColumnSchema,
  type IostatCpu,
  type IostatDevice,
  type IostatDeviceSummary,
  type IostatHost,
  type IostatParseOptions,
  type IostatReport,
  IostatReportSchema,
  type IostatReportStream,
  type IostatResult,
  IostatResultSchema,
  type IostatStreamOptions,
  IostatSummaryBuilder,
  parseIostat,
  parseIostatStream,
  safeParseIostat,
} from './iostat/index.ts';
export { MAX_LINE_CHARS } from './line-limit.ts';
export { readLines, type TextBatch } from './lines.ts';
export {
  type Measurement,
  MeasurementSchema,
  type MeasurementUnit,
  measurementJsonSchema,
  ToolNameSchema,
  UnitSchema,
} from './measurement.ts';
export {
  DETECT_HEAD_CHARS,
  type Detection,
  type ParseOutput,
  type ParseWarning,
  type ResultOf,
  type ToolOutput,
  type ToolParser,
} from './parser.ts';
export { createRegistry, type ParseOptions, type Registry } from './registry.ts';
export {
  detectSadf,
  type ParseSadfOptions,
  parseSadf,
  type SadfCpu,
  type SadfDisk,
  type SadfHostData,
  type SadfResult,
  SadfResultSchema,
  type SadfSample,
  safeParseSadf,
} from './sadf/index.ts';
export {
  detectSysbench,
  type ParseSysbenchOptions,
  parseSysbench,
  type SysbenchResult,
  SysbenchResultSchema,
  type SysbenchRun,
  safeParseSysbench,
} from './sysbench/index.ts';
export { type ReadTextOptions, readText, type TextSource } from './text.ts';
export type { Tool, ToolParseOptions } from './tool.ts';
export { type BuiltinTool, TOOL_NAMES, TOOLS, type ToolName } from './tools.ts';
export {
  durationFactor,
  isNotMeasured,
  type KbBase,
  parseDualRate,
  parseDuration,
  parseMeasured,
  parseNumber,
  parsePercent,
  parseRate,
  parseSize,
  parseSuffixedNumber,
  rateFactor,
  type SizeOptions,
  sizeFactor,
  UNITS,
  type Unit,
} from './units.ts';

/** Detects tool, format and version from the head of an output; null when nothing matches. */
export const detect = builtinRegistry.detect;
/** Every parser's detection of an output, most confident first. */
export const detectAll = builtinRegistry.detectAll;
/** Parses any supported output into `{ tool, format, toolVersion, result, measurements }`. */
export const parse = builtinRegistry.parse;
/** Like `parse`, but returns `{ success: false, error }` instead of throwing a ParseError. */
export const safeParse = builtinRegistry.safeParse;
/** Parses a stream of text chunks (web ReadableStream or async iterable of strings). */
export const parseStream = builtinRegistry.parseStream;
