import { z } from 'zod';

/** Experiment folders are named `<yyyy-mm>-<slug>`: the month the experiment was run. */
export const EXPERIMENT_ID = /^(\d{4})-(0[1-9]|1[0-2])-[a-z0-9]+(?:-[a-z0-9]+)*$/;

// Text fields are rendered by the site: plain text only, no markup that a browser would run.
const plainText = z
  .string()
  .trim()
  .min(1)
  .refine((text) => !/<\s*\/?\s*[a-z!?]/i.test(text), 'must be plain text, without HTML tags');

/**
 * `experiment.yaml`: what an experiment asks and where it comes from. The content issue grows
 * this (what is held constant, runs, ...); unknown keys are refused so typos surface.
 */
export const ExperimentSchema = z
  .object({
    title: plainText.describe('Headline of the comparison, as the site shows it.'),
    summary: plainText.describe('One or two sentences: what was compared and what came out.'),
    variable: plainText.describe(
      'The variable under test: filesystem, mount options, raid controller, disk model, instance type, ...',
    ),
    date: z.iso.date().describe('When the runs were made (YYYY-MM-DD).'),
    authors: z.array(plainText).min(1).describe('Who ran the benchmark.'),
    source: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe('Where the results were first published.'),
    license: plainText.describe('License of the results, an SPDX identifier such as CC-BY-4.0.'),
  })
  .strict();

export type Experiment = z.output<typeof ExperimentSchema>;
