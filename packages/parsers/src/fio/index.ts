export { _fioFingerprints } from './fingerprint.ts';
export { fioMeasurements } from './measurements.ts';
export { FIO_PARSE_FORMATS, type FioParseFormat } from './parse-fio.ts';
export {
  type DirectionStats,
  type DiskStats,
  FIO_FORMATS,
  type FioFormat,
  type FioGroup,
  type FioJob,
  type FioResult,
  FioResultSchema,
  type FioRun,
  FioRunSchema,
  type FioStatusReport,
  type LatencyStats,
  type PriorityLatency,
  REPORT_DIRECTIONS,
  type ReportDirection,
  type SteadyState,
} from './schema.ts';
export { detectFio, fioParser, type ParseFioOptions, parseFio, safeParseFio } from './tool.ts';
