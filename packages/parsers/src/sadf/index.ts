export { _detectSadfHead } from './detect.ts';
export { _sadfFingerprints } from './fingerprint.ts';
export { _sadfMeasurements } from './measurements.ts';
export {
  type SadfComment,
  SadfCommentSchema,
  type SadfCpu,
  SadfCpuSchema,
  type SadfDisk,
  SadfDiskSchema,
  type SadfHost,
  type SadfHostData,
  SadfHostDataSchema,
  SadfHostSchema,
  type SadfIo,
  SadfIoSchema,
  type SadfRestart,
  SadfRestartSchema,
  type SadfResult,
  SadfResultSchema,
  type SadfSample,
  SadfSampleSchema,
  type SadfTime,
  SadfTimeSchema,
} from './schema.ts';
export {
  detectSadf,
  type ParseSadfOptions,
  parseSadf,
  SADF_FORMATS,
  type SadfFormat,
  sadfParser,
  sadfTool,
  safeParseSadf,
} from './tool.ts';
