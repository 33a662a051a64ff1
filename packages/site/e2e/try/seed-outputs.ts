import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';

// The raw outputs committed from the blog posts the first experiments were imported from (by
// scripts/import-seeds.ts): the outputs listed in the run.yaml files of every experiment whose
// `source` is a publication with a date (`published`) and no repository. The runner's
// experiments cite the runner, with no publication date; outputs imported from a public
// repository (`source.repository`) are not the posts'. These are what readers of those posts
// would paste.

export interface SeedOutput {
  experiment: string;
  run: string;
  /** The file name, as the run folder has it (`fio--ext3.txt`). */
  name: string;
  /** The tool run.yaml says made it. */
  tool: string;
  text: string;
}

interface ExperimentYaml {
  source?: { published?: string; repository?: unknown };
}

interface RunYaml {
  outputs?: Array<{ file: string; tool: string }>;
}

export async function loadSeedOutputs(resultsDir: string): Promise<SeedOutput[]> {
  const outputs: SeedOutput[] = [];
  for (const experiment of (await readdir(resultsDir, { withFileTypes: true })).filter((entry) =>
    entry.isDirectory(),
  )) {
    const experimentDir = join(resultsDir, experiment.name);
    const document = parseYaml(await readFile(join(experimentDir, 'experiment.yaml'), 'utf8')) as ExperimentYaml;
    if (document.source?.published === undefined || document.source.repository !== undefined) continue;
    const runsDir = join(experimentDir, 'runs');
    for (const run of (await readdir(runsDir)).sort()) {
      const runYaml = parseYaml(await readFile(join(runsDir, run, 'run.yaml'), 'utf8')) as RunYaml;
      for (const output of runYaml.outputs ?? []) {
        const text = await readFile(join(runsDir, run, output.file), 'utf8');
        outputs.push({ experiment: experiment.name, run, name: output.file, tool: output.tool, text });
      }
    }
  }
  return outputs;
}
