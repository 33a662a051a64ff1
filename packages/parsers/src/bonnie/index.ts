export { BONNIE_FORMATS, type BonnieFormat } from './context.ts';
export { _bonnieFingerprints } from './fingerprint.ts';
export {
  type BonnieIoTest,
  BonnieIoTestSchema,
  type BonnieOpTest,
  BonnieOpTestSchema,
  type BonnieResult,
  BonnieResultSchema,
  type BonnieRun,
  BonnieRunSchema,
  type BonnieTestStatus,
  type BonnieTests,
  BonnieTestsSchema,
} from './schema.ts';
export { bonnieParser, detectBonnie, type ParseBonnieOptions, parseBonnie, safeParseBonnie } from './tool.ts';
