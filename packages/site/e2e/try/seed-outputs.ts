import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';

// The raw outputs committed from the seed blog posts (/work/shared/seeds): the outputs listed in
// the run.yaml files of every experiment whose `source` note names the seed it was imported from
// ("seed 003"; scripts/import-seeds.ts writes it). The runner's experiments name the runner as
// their source instead. These are what readers of those posts would paste.

export interface SeedOutput {
  experiment: string;
  run: string;
  /** The file name, as the run folder has it (`fio--ext3.txt`). */
  name: string;
  /** The tool run.yaml says made it. */
  tool: string;
  text: string;
}

/** How import-seeds.ts names the seed in the source note: "seed 003", "seed 001". */
const SEED_NOTE = /\bseed\s+\d{3}\b/;

interface ExperimentYaml {
  source?: { note?: string };
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
    if (!SEED_NOTE.test(document.source?.note ?? '')) continue;
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
