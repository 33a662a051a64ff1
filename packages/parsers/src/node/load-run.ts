import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_LIMITS, tooLargeMessage } from '../content/content-limits.ts';
import type { LoadedOutput, LoadedRun } from '../content/loaded.ts';
import { type Output, type Run, RunSchema } from '../content/run-schema.ts';
import { type CheckedYaml, type ContentIssue, checkYaml } from '../content/yaml-document.ts';
import { CUT_WARNING } from '../errors.ts';
import type { Registry } from '../registry.ts';
import { type FolderEntry, listFolder, MAX_OUTPUT_BYTES, nameIssue } from './content-files.ts';
import type { ParseCache } from './parse-cache.ts';
import { readLimitedText, unreadYaml } from './read-limited.ts';

export type { LoadedOutput, LoadedRun } from '../content/loaded.ts';

/** The file a run folder may hold beside run.yaml and its outputs: its explanation, for a reader. */
export const RUN_README = 'README.md';

export interface ContentContext {
  registry: Registry;
  /** A path as it appears in messages (relative to the repository root). */
  show(path: string): string;
  /** Where parsed outputs are kept between loads; without it every output is parsed. */
  parseCache?: ParseCache | undefined;
}

/**
 * Reads `runs/<id>/`: checks run.yaml, that every file in the folder is listed (README.md aside)
 * and every listed file is there (no links, no sub-folders, none over 50 MB), and parses each output
 * with the parsers. Returns the run only when all of that holds.
 */
export async function loadRun(
  dir: string,
  id: string,
  context: ContentContext,
): Promise<{ run: LoadedRun | undefined; issues: ContentIssue[]; locate?: CheckedYaml<Run>['locate'] }> {
  const issues: ContentIssue[] = [];
  const yamlPath = join(dir, 'run.yaml');
  const yamlFile = context.show(yamlPath);
  const entries = await listFolder(dir);
  for (const entry of entries) {
    const badName = nameIssue(entry, dir, context.show);
    if (badName !== undefined) issues.push(badName);
  }
  const yamlEntry = entries.find((entry) => entry.name === 'run.yaml');
  if (yamlEntry?.kind !== 'file') {
    const notAFile = yamlEntry !== undefined;
    issues.push({
      file: yamlFile,
      line: 1,
      column: 1,
      message: notAFile
        ? 'run.yaml is not a regular file (a link, a FIFO, a folder)'
        : 'missing: every run has a run.yaml',
      ...(notAFile ? { code: 'NOT_A_FILE' } : {}),
    });
    return { run: undefined, issues };
  }
  const yamlText = await readLimitedText(yamlEntry, CONTENT_LIMITS.yamlBytes, context.show, issues);
  const checked = yamlText === undefined ? unreadYaml<Run>() : checkYaml(yamlText, yamlFile, RunSchema);
  issues.push(...checked.issues);
  const run = checked.data;
  if (run === undefined) return { run: undefined, issues, locate: checked.locate };

  const listed = new Map(run.outputs.map((output, index) => [output.file, index]));
  for (const entry of entries) {
    if (entry.name === 'run.yaml' || entry.nameProblem !== undefined) continue;
    const problem = entryProblem(entry);
    if (problem !== undefined) issues.push({ file: context.show(entry.path), line: 1, column: 1, ...problem });
    // README.md: the runner's explanation of the folder for a reader on GitHub, not an output.
    else if (!listed.has(entry.name) && entry.name !== RUN_README) {
      issues.push({
        file: context.show(entry.path),
        line: 1,
        column: 1,
        message: `not listed in ${yamlFile}: add it under outputs (file, tool) or remove it`,
      });
    }
  }

  const outputs: LoadedOutput[] = [];
  for (const [index, declared] of run.outputs.entries()) {
    const entry = entries.find((candidate) => candidate.name === declared.file);
    const where = { file: yamlFile, ...checked.locate(['outputs', index, 'file']) };
    if (entry === undefined) {
      issues.push({ ...where, message: `outputs.${index}.file: ${declared.file} is listed but not in the folder` });
      continue;
    }
    if (entryProblem(entry) !== undefined) continue;
    const bytes = await readFile(entry.path);
    if (declared.origin !== undefined)
      issues.push(...originIssues(bytes, declared.origin, checked.locate, index, yamlFile));
    const loaded = parseOutput(entry, bytes.toString('utf8'), declared, run, context, issues);
    if (loaded !== undefined) issues.push(...needlessTruncated(loaded, index, checked.locate, yamlFile));
    if (loaded !== undefined) {
      outputs.push(loaded);
      issues.push(...versionWarnings(loaded, run, checked, yamlFile));
    }
  }
  const hasErrors = issues.some((issue) => issue.severity !== 'warning');
  return { run: hasErrors ? undefined : { id, dir, run, outputs }, issues, locate: checked.locate };
}

/**
 * The version run.yaml states for the tool that printed an output (`tools.fio` for a fio log,
 * which does not print it), or undefined when the output's tool is to be detected or none is stated.
 */
function statedVersion(context: ContentContext, tool: Output['tool'], run: Run): string | undefined {
  if (tool === undefined) return undefined;
  const versionTool = context.registry.parsers.find((parser) => parser.tool === tool)?.versionTool ?? tool;
  return run.tools[versionTool];
}

/** Why an entry of a run folder is refused, or undefined when it is a plain file of fair size. */
function entryProblem(entry: FolderEntry): { message: string; code?: string } | undefined {
  if (entry.kind === 'symlink') {
    return { message: 'symbolic links are refused: they could point outside the experiment', code: 'NOT_A_FILE' };
  }
  if (entry.kind === 'dir') return { message: 'a run folder holds files only, no sub-folders' };
  if (entry.kind !== 'file') {
    return { message: 'not a regular file (a FIFO, a device or a socket): a raw output is a file', code: 'NOT_A_FILE' };
  }
  if (entry.sizeBytes > MAX_OUTPUT_BYTES) {
    return {
      message: `${tooLargeMessage('a raw output', entry.sizeBytes, MAX_OUTPUT_BYTES)}: keep a shorter log`,
      code: 'TOO_LARGE',
    };
  }
  return undefined;
}

/** A `truncated:` acceptance on an output the parser does not find cut: a warning to remove it. */
function needlessTruncated(
  loaded: LoadedOutput,
  index: number,
  locate: CheckedYaml<Run>['locate'],
  yamlFile: string,
): ContentIssue[] {
  if (loaded.declared.truncated === undefined) return [];
  if (loaded.parsed.warnings.some((warning) => warning.code === CUT_WARNING)) return [];
  return [
    {
      file: yamlFile,
      ...locate(['outputs', index, 'truncated']),
      message: `outputs.${index}.truncated: ${loaded.declared.file} is not cut short (no ${CUT_WARNING} warning); remove truncated`,
      severity: 'warning',
    },
  ];
}

/** An imported output must still be the bytes it was taken as: its origin's SHA-256. */
function originIssues(
  bytes: Buffer,
  origin: NonNullable<Output['origin']>,
  locate: CheckedYaml<Run>['locate'],
  index: number,
  yamlFile: string,
): ContentIssue[] {
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (digest === origin.sha256) return [];
  return [
    {
      file: yamlFile,
      ...locate(['outputs', index, 'origin', 'sha256']),
      message: `outputs.${index}.origin.sha256: the file's bytes have SHA-256 ${digest}, not those taken from ${origin.path}: an imported output is kept byte for byte`,
      code: 'ORIGIN_CHANGED',
    },
  ];
}

function parseOutput(
  entry: FolderEntry,
  text: string,
  declared: Output,
  run: Run,
  context: ContentContext,
  issues: ContentIssue[],
): LoadedOutput | undefined {
  const name = context.show(entry.path);
  const options = {
    tool: declared.tool,
    format: declared.format,
    name,
    toolVersion: statedVersion(context, declared.tool, run),
  };
  const cached = context.parseCache?.get(text, options);
  const result =
    cached === undefined ? context.registry.safeParse(text, options) : { success: true as const, data: cached };
  if (cached === undefined && result.success) context.parseCache?.set(text, options, result.data);
  if (!result.success) {
    const { error } = result;
    issues.push({ file: name, line: error.line, column: error.column, message: error.message, code: error.code });
    return undefined;
  }
  for (const warning of result.data.warnings) {
    // A cut output is published only when run.yaml says why (truncated: { accepted: ... }).
    const isRefusedCut = warning.code === CUT_WARNING && declared.truncated === undefined;
    issues.push({
      file: name,
      line: warning.line,
      column: warning.column,
      message: isRefusedCut
        ? `${warning.message}: a cut output would pass for a whole one; publish the whole output, or accept it in run.yaml with truncated: { accepted: "<why>" }`
        : warning.message,
      code: warning.code,
      severity: isRefusedCut ? 'error' : 'warning',
    });
  }
  return { file: entry.name, path: entry.path, sizeBytes: entry.sizeBytes, declared, parsed: result.data };
}

/** A tool version in run.yaml that the output itself contradicts. */
function versionWarnings(loaded: LoadedOutput, run: Run, checked: CheckedYaml<Run>, file: string): ContentIssue[] {
  const stated = run.tools[loaded.parsed.tool];
  const printed = loaded.parsed.toolVersion;
  if (stated === undefined || printed === null || printed.includes(stated) || stated.includes(printed)) return [];
  return [
    {
      file,
      ...checked.locate(['tools', loaded.parsed.tool]),
      message: `tools.${loaded.parsed.tool} says ${stated}, but ${loaded.file} was printed by ${printed}`,
      severity: 'warning',
    },
  ];
}
