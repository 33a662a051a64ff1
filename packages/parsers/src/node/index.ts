export { experimentDigest, libraryCodeDigest, sourceTreeDigest } from './content-digest.ts';
export { type FolderEntry, MAX_OUTPUT_BYTES } from './content-files.ts';
export { type CsvCell, type CsvTextOptions, csvCell, csvText } from './csv-text.ts';
export { createDigestCache, type DigestCache } from './digest-cache.ts';
export type { LintFinding, OutputLintInput } from './lint/finding.ts';
export { formatFinding, lint, lintOutput } from './lint/lint.ts';
export { LINT_RULES, type LintFamily, type LintRule, type LintRuleId, type LintSeverity } from './lint/rules.ts';
export {
  type ContentReport,
  contentContext,
  type ExperimentReport,
  eachExperiment,
  experimentFolders,
  formatIssue,
  hasErrors,
  type LoadContentOptions,
  loadContent,
} from './load-content.ts';
export { type LoadedExperiment, loadExperiment } from './load-experiment.ts';
export { type ContentContext, type LoadedOutput, type LoadedRun, loadRun } from './load-run.ts';
export { createParseCache, type ParseCache, type ParseCacheOptions } from './parse-cache.ts';
export {
  DEFAULT_CHUNK_BYTES,
  type ReadFileOptions,
  type ReadProgress,
  readTextChunks,
  readTextFile,
} from './read-file.ts';
