export { FIO_LOG_KINDS, type FioLogFileName, type FioLogKind, readLogFileName } from './file-name.ts';
export type { LogLayoutOptions } from './layout.ts';
export { fioLogMeasurements } from './measurements.ts';
export { FIO_LOG_FORMATS, type FioLogFormat, type FioLogOptions } from './reader.ts';
export {
  type FioHistogramLog,
  FioHistogramLogSchema,
  type FioLogResult,
  FioLogResultSchema,
  type FioSampleLog,
  FioSampleLogSchema,
} from './schema.ts';
export { streamFioLogOutputs } from './stream.ts';
export {
  detectFioLog,
  fioLogParser,
  fioLogTool,
  type ParseFioLogOptions,
  parseFioLog,
  safeParseFioLog,
} from './tool.ts';
