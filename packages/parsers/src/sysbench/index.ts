export { detectSysbenchHead } from './detect.ts';
export { _sysbenchFingerprints } from './fingerprint.ts';
export { _sysbenchMeasurements } from './measurements.ts';
export {
  SYSBENCH_TESTS,
  type SysbenchFileio,
  type SysbenchInterval,
  type SysbenchLatency,
  type SysbenchMemory,
  type SysbenchParameters,
  type SysbenchResult,
  SysbenchResultSchema,
  type SysbenchRun,
  SysbenchRunSchema,
  type SysbenchSql,
  type SysbenchTest,
} from './schema.ts';
export {
  detectSysbench,
  type ParseSysbenchOptions,
  parseSysbench,
  SYSBENCH_FORMATS,
  type SysbenchFormat,
  safeParseSysbench,
  sysbenchParser,
} from './tool.ts';
