import { z } from 'zod';
import { partialDate, plainLine, plainText, webUrl } from './text-fields.ts';

/**
 * Experiment folders are named `<yyyy>-<mm>-<slug>` after the month the runs were made, or
 * `<yyyy>-<slug>` when the source gives only the year; the loader checks the prefix against
 * `date`.
 */
export const EXPERIMENT_ID = /^(\d{4})(?:-(0[1-9]|1[0-2]))?-[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * The kinds of variable the site knows how to compare, each with the `system` field of run.yaml
 * it lives in (so validation can check that the runs differ there, and only there).
 */
export const VARIABLE_KINDS = {
  filesystem: 'filesystem.type',
  'mount-options': 'filesystem.mount_options',
  'mkfs-options': 'filesystem.mkfs',
  'raid-controller': 'raid.controller',
  'raid-level': 'raid.level',
  'disk-model': 'disks',
  'instance-type': 'instance_type',
  'io-scheduler': 'io_scheduler',
  'cpu-governor': 'cpu.governor',
  kernel: 'kernel',
  host: '',
  other: '',
} as const;

export type VariableKind = keyof typeof VARIABLE_KINDS;

const VariableSchema = z
  .object({
    kind: z
      .enum(Object.keys(VARIABLE_KINDS) as [VariableKind, ...VariableKind[]])
      .describe('What differs between the runs. `host` when whole machines are compared; `other` names its own.'),
    name: plainLine
      .optional()
      .describe('How the site names the variable ("Filesystem and its options"); required for `other`.'),
    unit: plainLine.optional().describe('Unit of the values, when they are quantities ("threads").'),
    fields: z
      .array(z.string().regex(/^[a-z][a-z_]*(?:\.[a-z][a-z_]*)*$/, 'a dotted path in system, such as filesystem.mkfs'))
      .optional()
      .describe(
        "The run.yaml system fields the variable spans, when more than its kind's own: [filesystem] for a filesystem with its options, [io_scheduler, filesystem.type] for two factors.",
      ),
  })
  .strict()
  .refine((variable) => variable.kind !== 'other' || variable.name !== undefined, {
    message: 'a variable of kind "other" needs a name',
    path: ['name'],
  });

/**
 * The public repository raw outputs were taken from, at one commit: each output names its file
 * there in run.yaml (`origin`). Only a repository whose licence permits redistribution.
 */
const RepositorySchema = z
  .object({
    url: webUrl.describe("The repository's address (https://github.com/<owner>/<name>)."),
    commit: z
      .string()
      .regex(/^[0-9a-f]{40}$/, 'a full commit id: 40 lowercase hexadecimal digits')
      .describe('The commit the files were taken at, in full.'),
    license: plainLine.describe("The repository's licence as it states it: an SPDX identifier such as MIT."),
  })
  .strict();

const SourceSchema = z
  .object({
    title: plainLine.describe('Title of the publication the numbers come from.'),
    url: webUrl.optional().describe('Where it was published, when the address is known.'),
    author: plainLine.optional(),
    published: partialDate.optional().describe('Publication date, as precise as known.'),
    note: plainText.optional().describe('How the data was taken from it (which tables, which blocks).'),
    repository: RepositorySchema.optional().describe(
      'For raw outputs taken from a public repository: where, at which commit, under which licence.',
    ),
  })
  .strict();

const ReproduceSchema = z
  .object({
    command: plainText.describe('The runner command that reproduces the method (scripts/benchfolio-run ...).'),
    note: plainText.optional(),
  })
  .strict();

const HeadlineSchema = z
  .object({
    tool: z
      .string()
      .regex(/^[a-z][a-z0-9]*$/, 'a tool as measurements name it, such as fio or bonnie')
      .describe('The tool whose measurement it is: `fio`, `bonnie`, `sysbench`.'),
    metric: z
      .string()
      .regex(/^[a-z0-9_%/]+(?:\.[a-z0-9_%/]+)*$/, 'a measurement name, such as write.iops or ran_stat')
      .describe('The measurement, as the tidy list names it: `write.iops`, `ran_stat`.'),
    why: plainText.optional().describe('Why it is the headline: where the source says it is its finding.'),
  })
  .strict();

/** `experiment.yaml`: the question, the variable under test, what was held constant, the source. */
export const ExperimentSchema = z
  .object({
    title: plainLine.describe('Headline of the comparison, as the site shows it.'),
    summary: plainText.describe('One or two sentences: what was compared and what came out.'),
    question: plainText.optional().describe('The question the experiment asks.'),
    variable: VariableSchema,
    constant: z
      .array(plainText)
      .default([])
      .describe('What was held the same across runs: hardware, tool options, procedure.'),
    method: plainText.optional().describe('How the runs were made, in prose (required while awaiting runs).'),
    date: partialDate.describe('When the runs were made: YYYY-MM-DD, or YYYY-MM / YYYY when only that is known.'),
    date_note: plainText.optional().describe('Why the date is imprecise or inferred, when it is.'),
    authors: z.array(plainLine).min(1).describe('Who ran the benchmark.'),
    source: SourceSchema.optional().describe('The publication the results come from; absent for runs made here.'),
    license: plainLine.describe('License of the results: an SPDX identifier such as CC-BY-4.0, or "unknown".'),
    status: z
      .enum(['published', 'awaiting-runs'])
      .default('published')
      .describe('`awaiting-runs`: the method is published but no numbers are yet; the site shows how to run it.'),
    reproduce: ReproduceSchema.optional(),
    tags: z.array(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase words joined by hyphens')).default([]),
    headline: z
      .array(HeadlineSchema)
      .min(1)
      .optional()
      .describe(
        "The measurements the page's verdict opens with, when the source's finding is clear; without it, each tool's default (its first headline metric).",
      ),
  })
  .strict()
  .superRefine((experiment, context) => {
    if (experiment.status === 'awaiting-runs') {
      if (experiment.method === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['method'],
          message: 'an experiment awaiting runs describes its method',
        });
      }
      if (experiment.reproduce === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['reproduce'],
          message: 'an experiment awaiting runs gives the runner command that reproduces it',
        });
      }
    }
  });

export type Experiment = z.output<typeof ExperimentSchema>;
export type ExperimentInput = z.input<typeof ExperimentSchema>;

/** The system fields (dotted paths) where the variable lives: its kind's own and those declared. */
export function variableFields(variable: Experiment['variable']): string[] {
  const own: string = VARIABLE_KINDS[variable.kind];
  return [...(own === '' ? [] : [own]), ...(variable.fields ?? [])];
}

/** The name the site shows for an experiment's variable. */
export function variableName(variable: Experiment['variable']): string {
  if (variable.name !== undefined) return variable.name;
  const kind = variable.kind.replace(/-/g, ' ');
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}
