import { defineCollection } from 'astro:content';
import { ExperimentSchema } from '@benchfolio/parsers/content';
import { resultsLoader } from './loaders/results-loader.ts';

export const collections = {
  experiments: defineCollection({ loader: resultsLoader(), schema: ExperimentSchema }),
};
