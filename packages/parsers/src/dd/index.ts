export { DD_FORMATS, type DdFormat } from './context.ts';
export { _detectDdHead } from './detect.ts';
export { _ddFingerprints } from './fingerprint.ts';
export { _ddMeasurements } from './measurements.ts';
export { MAX_DD_INPUT_CHARS } from './parse.ts';
export {
  DD_LANGUAGES,
  type DdDiagnostic,
  DdDiagnosticSchema,
  type DdLanguage,
  type DdRecords,
  DdRecordsSchema,
  type DdResult,
  DdResultSchema,
  type DdRun,
  DdRunSchema,
  type DdTransfer,
  DdTransferSchema,
} from './schema.ts';
export { ddParser, ddTool, detectDd, type ParseDdOptions, parseDd, safeParseDd } from './tool.ts';
