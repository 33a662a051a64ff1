export { type ColumnSpec, columnSpec } from './columns.ts';
export { detectIostatHead } from './detect.ts';
export { _iostatFingerprints } from './fingerprint.ts';
export type { IostatMachineOptions } from './machine.ts';
export { reportMeasurements } from './measurements.ts';
export {
  type IostatColumn,
  IostatColumnSchema,
  type IostatCpu,
  IostatCpuSchema,
  type IostatDevice,
  IostatDeviceSchema,
  type IostatDeviceSummary,
  IostatDeviceSummarySchema,
  type IostatHost,
  IostatHostSchema,
  type IostatReport,
  IostatReportSchema,
  type IostatResult,
  IostatResultSchema,
  type IostatStats,
  IostatStatsSchema,
} from './schema.ts';
export { type IostatReportStream, type IostatStreamOptions, parseIostatStream } from './stream.ts';
export { IostatSummaryBuilder, summarize } from './summary.ts';
export {
  detectIostat,
  IOSTAT_FORMATS,
  type IostatFormat,
  type IostatParseOptions,
  iostatParser,
  parseIostat,
  safeParseIostat,
} from './tool.ts';
export { deviceValue, deviceValues } from './values.ts';
