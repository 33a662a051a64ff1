export { type ContentReport, formatIssue, type LoadedExperiment, loadContent } from './content.ts';
export { type ReadFileOptions, type ReadProgress, readTextChunks, readTextFile } from './read-file.ts';
