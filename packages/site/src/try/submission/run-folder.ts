// The run folder a reader submits, made from the submission form's values: run.yaml (and, for
// a new experiment, experiment.yaml) checked with the same schemas and the same YAML reader as
// `npm run validate`, and the zip to unpack under content/results/. Pure: no DOM, no Node.

import {
  type ContentIssue,
  checkYaml,
  EXPERIMENT_ID,
  ExperimentSchema,
  OutputSchema,
  RunSchema,
  runFolderNameProblem,
  SystemSchema,
} from '@benchfolio/parsers/content';
import { zipSync } from 'fflate';
import { parse as parseYaml, stringify } from 'yaml';
import type { CutOutput } from './prefill.ts';

/**
 * The form's values by control name. run.yaml fields by their path (`label`, `system.kernel`,
 * `system.disks.0.model`, `tools.fio`, `outputs.0.file`), experiment.yaml fields under
 * `experiment.` (`experiment.title`, `experiment.variable.kind`). Lists (`commands`,
 * `experiment.authors`, `experiment.constant`, `experiment.tags`) hold one item per line.
 */
export type SubmissionFields = Readonly<Record<string, string>>;

export interface RunFolderValues {
  experimentId: string;
  /** True when the run starts a new experiment: the zip then holds its experiment.yaml too. */
  isNewExperiment: boolean;
  runId: string;
  fields: SubmissionFields;
}

/** A problem in the run folder: where validate would report it, and the form field it is about. */
export interface SubmissionIssue extends ContentIssue {
  /** The control it is about (`label`, `system.disks.0.model`, `experiment.title`, `run-id`, `experiment-id`), or '' for the whole file. */
  field: string;
}

export interface RunFolderCheck {
  runYaml: string;
  /** experiment.yaml of a new experiment; null when the run joins an existing one. */
  experimentYaml: string | null;
  issues: SubmissionIssue[];
}

/** Raw outputs above this are refused by validate (packages/parsers/src/node/content-files.ts). */
export const MAX_OUTPUT_BYTES = 50 * 1000 * 1000;

/** Where the folder goes in the repository, as validate names files. */
export const RESULTS_ROOT = 'content/results';

/** What the page knows of each output beside its name, by `outputs.N.file`'s index. */
export interface OutputFacts {
  /** Its size in bytes, when known. */
  sizeBytes?: number;
  /** Its parser's TRUNCATED warning, when it is cut short. */
  cut?: CutOutput | null;
}

/**
 * Builds run.yaml (and experiment.yaml) from the form's values and checks them: the schemas'
 * issues exactly as validate reports them (line and column in the file), the folder names, the
 * outputs' sizes when known, and each cut output's reason (`outputs.N.truncated.accepted`), which
 * validate requires.
 */
export function checkRunFolder(values: RunFolderValues, outputs: readonly OutputFacts[] = []): RunFolderCheck {
  const issues: SubmissionIssue[] = [];
  const { experimentId, runId, fields } = values;
  const experimentDir = `${RESULTS_ROOT}/${experimentId || '<experiment-id>'}`;
  const runDir = `${experimentDir}/runs/${runId || '<run-id>'}`;

  const runYaml = runYamlText(fields);
  issues.push(...schemaIssues(runYaml, `${runDir}/run.yaml`, RunSchema, ''));

  let experimentYaml: string | null = null;
  if (values.isNewExperiment) {
    experimentYaml = experimentYamlText(fields);
    issues.push(...schemaIssues(experimentYaml, `${experimentDir}/experiment.yaml`, ExperimentSchema, 'experiment.'));
  }
  issues.push(...folderIssues(values, experimentDir, runDir));

  outputs.forEach(({ sizeBytes = 0, cut }, index) => {
    const file = fields[`outputs.${index}.file`] ?? '';
    if (cut != null && (fields[`outputs.${index}.truncated.accepted`] ?? '').trim() === '') {
      issues.push({
        file: `${runDir}/${file}`,
        line: cut.line,
        column: cut.column,
        field: `outputs.${index}.truncated.accepted`,
        code: 'TRUNCATED',
        message: `${cut.message}: validate refuses a cut output unless run.yaml says why it is published all the same; give the reason, or publish the whole output`,
      });
    }
    if (sizeBytes <= MAX_OUTPUT_BYTES) return;
    issues.push({
      file: `${runDir}/${file}`,
      line: 1,
      column: 1,
      field: `outputs.${index}.file`,
      message: `${(sizeBytes / 1e6).toFixed(1)} MB is over the 50 MB limit for a raw output; keep a shorter log`,
    });
  });
  return { runYaml, experimentYaml, issues };
}

/** `<experiment-id>--<run-id>.zip`. */
export function zipFileName(values: Pick<RunFolderValues, 'experimentId' | 'runId'>): string {
  return `${values.experimentId}--${values.runId}.zip`;
}

/**
 * The zip of the run folder: `<experiment-id>/runs/<run-id>/run.yaml` and the outputs byte for
 * byte (`outputBytes[i]` under `outputs.i.file`), with `<experiment-id>/experiment.yaml` for a
 * new experiment. Null bytes, and the issues, while the folder would not validate. `cuts` are the
 * outputs' TRUNCATED warnings, by index.
 */
export function runFolderZip(
  values: RunFolderValues,
  outputBytes: readonly Uint8Array[],
  cuts: ReadonlyArray<CutOutput | null> = [],
): { fileName: string; bytes: Uint8Array | null; issues: SubmissionIssue[] } {
  const check = checkRunFolder(
    values,
    outputBytes.map((bytes, index) => ({ sizeBytes: bytes.byteLength, cut: cuts[index] ?? null })),
  );
  const fileName = zipFileName(values);
  if (check.issues.length > 0) return { fileName, bytes: null, issues: check.issues };
  const encoder = new TextEncoder();
  const runDir = `${values.experimentId}/runs/${values.runId}`;
  const entries: Record<string, Uint8Array> = {};
  if (check.experimentYaml !== null)
    entries[`${values.experimentId}/experiment.yaml`] = encoder.encode(check.experimentYaml);
  entries[`${runDir}/run.yaml`] = encoder.encode(check.runYaml);
  outputBytes.forEach((bytes, index) => {
    entries[`${runDir}/${values.fields[`outputs.${index}.file`]}`] = bytes;
  });
  return { fileName, bytes: zipSync(entries, { level: 6 }), issues: [] };
}

/** run.yaml's text: the runner's key order, empty fields left out. */
export function runYamlText(fields: SubmissionFields): string {
  const run = ordered(
    nest(fields, (path) => !path.startsWith('experiment.')),
    RUN_ORDER,
  );
  return `# Prepared on the benchfolio /try page from your outputs, which are as the tools printed them.\n${yamlText(run)}`;
}

/** experiment.yaml's text from the `experiment.` fields, in the schema's key order. */
export function experimentYamlText(fields: SubmissionFields): string {
  const prefixed = Object.fromEntries(
    Object.entries(fields)
      .filter(([path]) => path.startsWith('experiment.'))
      .map(([path, value]) => [path.slice('experiment.'.length), value]),
  );
  const experiment = ordered(
    nest(prefixed, () => true, EXPERIMENT_LISTS),
    EXPERIMENT_ORDER,
  );
  return yamlText(experiment);
}

function yamlText(value: unknown): string {
  // Quoted like the runner's run.yaml: '2026-11-21' and 'no' stay text for any YAML reader.
  return stringify(value, { defaultStringType: 'QUOTE_SINGLE', defaultKeyType: 'PLAIN', lineWidth: 0 });
}

/**
 * The schema's issues for a YAML text, exactly as validate reports them (checkYaml), each with
 * the form field it is about: the zod issue's path, read by parsing the same text the same way.
 */
function schemaIssues(
  text: string,
  file: string,
  schema: typeof RunSchema | typeof ExperimentSchema,
  fieldPrefix: string,
): SubmissionIssue[] {
  const checked = checkYaml(text, file, schema);
  if (checked.issues.length === 0) return [];
  const parsed = schema.safeParse(parseYaml(text));
  const paths = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.map(String).join('.'));
  return checked.issues.map((issue, index) => {
    const path = paths[index] ?? '';
    return { ...issue, field: path === '' ? '' : `${fieldPrefix}${path}` };
  });
}

/** The folder names the loader checks: the experiment's date prefix and the run folder's name. */
function folderIssues(values: RunFolderValues, experimentDir: string, runDir: string): SubmissionIssue[] {
  const issues: SubmissionIssue[] = [];
  const { experimentId, runId } = values;
  const date = values.isNewExperiment ? (values.fields['experiment.date'] ?? '').trim() : '';
  const prefix = /^\d{4}(?:-\d{2})?/.exec(date)?.[0];
  const hasPrefix = prefix === undefined || experimentId.startsWith(`${prefix}-`);
  if (!EXPERIMENT_ID.test(experimentId) || !hasPrefix) {
    issues.push({
      file: values.isNewExperiment ? `${experimentDir}/experiment.yaml` : experimentDir,
      line: 1,
      column: 1,
      field: 'experiment-id',
      message: `${
        prefix === undefined
          ? 'the experiment folder is named <yyyy>-<mm>-<slug> after the month of the runs (lowercase words joined by hyphens)'
          : `the folder is named after the date: ${prefix}-<slug> (lowercase words joined by hyphens)`
      }${found(experimentId)}`,
    });
  }
  // validate's rule for the name alone (the pattern, and the endings the site's files take); the
  // published runs' names are not known here.
  const runProblem = runFolderNameProblem(runId, []);
  if (runProblem !== undefined) {
    issues.push({
      file: runDir,
      line: 1,
      column: 1,
      field: 'run-id',
      code: runProblem.code,
      message: `${runProblem.message}${found(runId)}`,
    });
  }
  return issues;
}

/** The loader's `found "…"`, or that nothing was given. */
function found(id: string): string {
  return id === '' ? ': give one' : `, found "${id}"`;
}

// Which fields hold numbers, booleans and lists; the rest are text. A number field holding
// something else is kept as text, so the schema names the problem ("expected number").
const NUMBER_FIELD =
  /^(?:order|repeat|system\.cpu\.(?:count|cores|threads)|system\.memory\.bytes|system\.disks\.\d+\.(?:count|size_bytes|rpm|queue_depth)|outputs\.\d+\.repeat)$/;
const BOOLEAN_FIELD = /^system\.disks\.\d+\.rotational$/;
const RUN_LISTS = new Set(['commands']);
const EXPERIMENT_LISTS = new Set(['constant', 'authors', 'tags', 'variable.fields']);

/** Dotted paths to nested objects; number segments make arrays. Empty values are left out. */
function nest(fields: SubmissionFields, keep: (path: string) => boolean, lists = RUN_LISTS): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, raw] of Object.entries(fields)) {
    if (!keep(path)) continue;
    const value = fieldValue(path, raw, lists);
    if (value === undefined) continue;
    const keys = path.split('.');
    let node: Record<string, unknown> | unknown[] = root;
    keys.forEach((key, depth) => {
      const slot = /^\d+$/.test(key) ? Number(key) : key;
      const container = node as Record<string | number, unknown>;
      if (depth === keys.length - 1) {
        container[slot] = value;
        return;
      }
      const isNextIndex = /^\d+$/.test(keys[depth + 1] as string);
      container[slot] ??= isNextIndex ? [] : {};
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return dense(root) as Record<string, unknown>;
}

function fieldValue(path: string, raw: string, lists: ReadonlySet<string>): unknown {
  if (lists.has(path)) {
    const items = raw
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    return items.length === 0 ? undefined : items;
  }
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if (text === '') return undefined;
  if (NUMBER_FIELD.test(path) && /^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  if (BOOLEAN_FIELD.test(path) && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** Arrays without holes (a removed disk leaves none behind). */
function dense(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(dense);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, dense(item)]));
  }
  return value;
}

/** The key order of a YAML file: each key's children, `null` for values kept as they are. */
interface KeyOrder {
  [key: string]: KeyOrder | null;
}

const leaves = (keys: readonly string[]): KeyOrder => Object.fromEntries(keys.map((key) => [key, null]));

// The schemas' own order, which is the order the runner writes run.yaml in.
const SYSTEM_ORDER: KeyOrder = {
  ...leaves(Object.keys(SystemSchema.shape)),
  cpu: leaves(['model', 'count', 'cores', 'threads', 'governor']),
  memory: leaves(['bytes', 'description']),
  disks: leaves([
    'model',
    'count',
    'size_bytes',
    'rotational',
    'rpm',
    'interface',
    'device',
    'scheduler',
    'queue_depth',
    'note',
  ]),
  raid: leaves(['level', 'controller', 'cache', 'stripe', 'note']),
  filesystem: leaves(['type', 'mkfs', 'mount_options', 'mountpoint', 'note']),
};

export const RUN_ORDER: KeyOrder = {
  ...leaves(Object.keys(RunSchema.shape)),
  system: SYSTEM_ORDER,
  outputs: leaves(Object.keys(OutputSchema.shape)),
};

export const EXPERIMENT_ORDER: KeyOrder = {
  ...leaves(Object.keys(ExperimentSchema.shape)),
  variable: leaves(['kind', 'name', 'unit', 'fields']),
  source: leaves(['title', 'url', 'author', 'published', 'note']),
  reproduce: leaves(['command', 'note']),
};

/** The object with its keys in `order` (unknown keys after, for the schema to name). */
function ordered(value: unknown, order: KeyOrder | null): unknown {
  if (order === null || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => ordered(item, order));
  const record = value as Record<string, unknown>;
  const keys = [
    ...Object.keys(order).filter((key) => key in record),
    ...Object.keys(record).filter((key) => !(key in order)),
  ];
  return Object.fromEntries(keys.map((key) => [key, ordered(record[key], order[key] ?? null)]));
}
