import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { TOOL_NAMES, type ToolName } from '../src/tools.ts';
import { corpusFiles } from './corpus.ts';

/**
 * Every raw output of one tool the repository holds: the corpus (fixtures/corpus/<tool>), the
 * fixtures made here (fixtures/<tool>, without expected results, scripts and notes), and the
 * outputs of `content/results/*\/runs/*` that their run.yaml lists for the tool, with the command
 * it names and the memory of the run's system.
 */
export interface RawOutput {
  /** Where it is, relative to the repository: `packages/parsers/fixtures/corpus/fio/x.json`. */
  label: string;
  text: string;
  /** The command run.yaml records for it (content outputs only). */
  command?: string;
  /** `system.memory.bytes` of its run.yaml (content outputs only, where given). */
  memoryBytes?: number;
}

/**
 * Every tool but fio-log: its fixtures folder holds the fio outputs written beside its logs
 * (truncationInputs, test/truncation.ts, reads its logs alone).
 */
export type RawTool = Exclude<ToolName, 'fio-log'>;

/** The tools rawOutputs reads, in the order of TOOLS: a tool added there is read here too. */
export const RAW_TOOLS: readonly RawTool[] = TOOL_NAMES.filter((tool): tool is RawTool => tool !== 'fio-log');

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURES = join(REPO, 'packages/parsers/fixtures');
const RESULTS = join(REPO, 'content/results');

/** Not outputs of the tool: expected parses, notes, scripts, and sadf -d text kept beside its JSON. */
const NOT_OUTPUT = /(?:\.expected\.|README\.md$|\.sh$|\.sadf-d\.txt$)/;

export function rawOutputs(tool: RawTool): RawOutput[] {
  const corpus = corpusFiles(tool).map((file) => ({
    label: `packages/parsers/fixtures/corpus/${tool}/${file.name}`,
    text: file.text,
  }));
  const fixtureDir = join(FIXTURES, tool);
  const fixtures = readdirSync(fixtureDir)
    .filter((name) => !NOT_OUTPUT.test(name) && statSync(join(fixtureDir, name)).isFile())
    .sort()
    .map((name) => ({
      label: `packages/parsers/fixtures/${tool}/${name}`,
      text: readFileSync(join(fixtureDir, name), 'utf8'),
    }));
  return [...corpus, ...fixtures, ...contentOutputs(tool)];
}

interface RunYaml {
  system?: { memory?: { bytes?: number } };
  outputs?: { file: string; tool: string; command?: string }[];
}

function contentOutputs(tool: RawTool): RawOutput[] {
  const found: RawOutput[] = [];
  for (const experiment of readdirSync(RESULTS).sort()) {
    const runsDir = join(RESULTS, experiment, 'runs');
    if (!existsSync(runsDir)) continue;
    for (const run of readdirSync(runsDir).sort()) {
      const yamlPath = join(runsDir, run, 'run.yaml');
      if (!existsSync(yamlPath)) continue;
      const runYaml = parseYaml(readFileSync(yamlPath, 'utf8')) as RunYaml;
      for (const output of runYaml.outputs ?? []) {
        if (output.tool !== tool) continue;
        found.push({
          label: `content/results/${experiment}/runs/${run}/${output.file}`,
          text: readFileSync(join(runsDir, run, output.file), 'utf8'),
          ...(output.command === undefined ? {} : { command: output.command }),
          ...(runYaml.system?.memory?.bytes === undefined ? {} : { memoryBytes: runYaml.system.memory.bytes }),
        });
      }
    }
  }
  return found;
}
