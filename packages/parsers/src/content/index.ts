export { EXPERIMENT_ID, type Experiment, ExperimentSchema } from './schema.ts';
export { type ContentIssue, checkYaml } from './yaml-document.ts';
