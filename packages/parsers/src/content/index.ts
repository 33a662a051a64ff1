export { CONTENT_LIMITS, sizeText } from './content-limits.ts';
export { type CsvField, splitCsvLine } from './csv-line.ts';
export {
  EXPERIMENT_ID,
  type Experiment,
  type ExperimentInput,
  ExperimentSchema,
  VARIABLE_KINDS,
  type VariableKind,
  variableFields,
  variableName,
} from './experiment-schema.ts';
export { outputFingerprintContext } from './fingerprint-context.ts';
export { CONTENT_ISSUE_CODES, type ContentIssueCode } from './issue-codes.ts';
export { isSafeLinkTarget, linkScheme } from './link-target.ts';
export type { LoadedExperiment, LoadedOutput, LoadedRun } from './loaded.ts';
export { checkMarkdown } from './markdown-check.ts';
export { MEASUREMENTS_CSV_COLUMNS, type PublishedMeasurement, readMeasurementsCsv } from './measurements-csv.ts';
export { outputFileNameIssue, outputFileNameProblem, RAW_OUTPUT_EXTENSIONS } from './output-file-name.ts';
export { PUBLISHED_UNITS } from './published-units.ts';
export {
  EXPERIMENT_GENERATED_FILES,
  experimentZipName,
  REFUSED_RUN_ENDINGS,
  RUN_FOLDER_NAME,
  RUN_GENERATED_FILES,
  runFolderNameProblem,
  runGeneratedSiblings,
} from './reserved-names.ts';
export {
  type Output,
  OutputSchema,
  type Run,
  type RunInput,
  RunSchema,
  type System,
  SystemSchema,
} from './run-schema.ts';
export { type Stability, StabilitySchema, seriesStats } from './stability-schema.ts';
export { flattenSystem, type SystemDifference, systemDifferences } from './system-diff.ts';
export { partialDate, plainLine, plainText, SLUG, webUrl } from './text-fields.ts';
export { type CheckedYaml, type ContentIssue, checkYaml } from './yaml-document.ts';
