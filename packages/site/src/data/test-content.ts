// For tests only: the real experiments of content/results, and small experiments written to a
// temporary folder around real raw outputs (content/results and the parsers' fixtures, which
// were printed by the real tools; see packages/parsers/fixtures/*/README.md).
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolName } from '@benchfolio/parsers';
import { type LoadedExperiment, loadContent } from '@benchfolio/parsers/node';
import { experimentFindings } from '../findings/cell-findings.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const RESULTS_DIR = join(REPO_ROOT, 'content/results');

let loading: Promise<LoadedExperiment[]> | undefined;

/** Every experiment of content/results, as the site loads them. */
export function loadRealExperiments(): Promise<LoadedExperiment[]> {
  loading ??= loadContent(RESULTS_DIR).then(({ experiments }) => experiments);
  return loading;
}

/**
 * The experiments of content/results that the /try search tests' expected lists were worked out
 * on. Those tests search a site of these only, so that a new experiment in content/results
 * does not change what they expect a search to find.
 */
export const TRY_SEARCH_EXPERIMENTS: readonly string[] = [
  '2011-07-ext3-ext4-xfs-fio-msa70',
  '2011-08-hitachi-7k3000-wd-re4-seagate-constellation-es',
  '2011-09-ext4-vs-xfs-adaptec-lsi-raid10',
  '2011-11-ext4-xfs-btrfs-bonnie',
  '2014-ec2-m3-large-m3-medium-t2-medium-rails',
  '2020-dd-sequential-write-three-hosts',
  '2020-fio-random-write-cpu-governor',
  '2020-fio-random-write-io-scheduler-filesystem',
  '2026-11-ext4-xfs-btrfs-loopback',
];

/** The experiments of TRY_SEARCH_EXPERIMENTS, as the site loads them. */
export async function loadTrySearchExperiments(): Promise<LoadedExperiment[]> {
  return (await loadRealExperiments()).filter((loaded) => TRY_SEARCH_EXPERIMENTS.includes(loaded.id));
}

/** One experiment of content/results by folder name; throws when it is not there. */
export async function realExperiment(id: string): Promise<LoadedExperiment> {
  const found = (await loadRealExperiments()).find((experiment) => experiment.id === id);
  if (found === undefined) throw new Error(`no experiment ${id} in content/results`);
  return found;
}

/** A path in the repository. */
export function repoPath(path: string): string {
  return join(REPO_ROOT, path);
}

export interface FixtureOutput {
  /** Its name in the run folder. */
  file: string;
  /**
   * The real file it is a copy of, relative to the repository root; several are concatenated in
   * order, as `cat a b > file` writes them (one input holding several runs).
   */
  from: string | readonly string[];
  tool: ToolName;
  workload?: string;
  repeat?: number;
  /** run.yaml `warmup: true`: a warm-up repeat. */
  warmup?: boolean;
  command?: string;
}

export interface FixtureRun {
  id: string;
  value: string;
  /** run.yaml `repeat`, when outputs carry `repeat`. */
  repeat?: number;
  outputs: FixtureOutput[];
  /** Lines of run.yaml's `stability:` list, as the runner writes them. */
  stability?: readonly string[];
}

async function copyOutput(from: FixtureOutput['from'], to: string): Promise<void> {
  if (typeof from === 'string') return copyFile(join(REPO_ROOT, from), to);
  const texts = await Promise.all(from.map((path) => readFile(join(REPO_ROOT, path), 'utf8')));
  await writeFile(to, texts.join(''));
}

/**
 * Writes an experiment around copies of real outputs into a temporary folder, loads it as the
 * site does, and removes the folder (after `whileThere`, for a test that reads the files too).
 * The experiment's text says it is a test arrangement; its numbers are the real files', unchanged.
 */
export async function fixtureExperiment(
  id: string,
  runs: readonly FixtureRun[],
  whileThere?: (loaded: LoadedExperiment) => Promise<void>,
): Promise<LoadedExperiment> {
  const root = await mkdtemp(join(tmpdir(), 'benchfolio-site-data-'));
  try {
    const dir = join(root, id);
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, 'experiment.yaml'),
      [
        'title: A test arrangement of real outputs',
        'summary: Real raw outputs arranged as runs for the site data tests.',
        'variable:',
        '  kind: other',
        '  name: Arrangement',
        `date: "${id.slice(0, 7)}"`,
        'authors:',
        '  - benchfolio tests',
        'license: CC-BY-4.0',
        '',
      ].join('\n'),
    );
    for (const run of runs) {
      const runDir = join(dir, 'runs', run.id);
      await mkdir(runDir, { recursive: true });
      const lines = [`label: ${run.id}`, `value: ${run.value}`];
      if (run.repeat !== undefined) lines.push(`repeat: ${run.repeat}`);
      lines.push('outputs:');
      for (const output of run.outputs) {
        await copyOutput(output.from, join(runDir, output.file));
        lines.push(`  - file: ${JSON.stringify(output.file)}`, `    tool: ${output.tool}`);
        if (output.workload !== undefined) lines.push(`    workload: ${output.workload}`);
        if (output.repeat !== undefined) lines.push(`    repeat: ${output.repeat}`);
        if (output.warmup === true) lines.push('    warmup: true');
        if (output.command !== undefined) lines.push(`    command: ${JSON.stringify(output.command)}`);
      }
      if (run.stability !== undefined) lines.push('stability:', ...run.stability);
      await writeFile(join(runDir, 'run.yaml'), `${lines.join('\n')}\n`);
    }
    const { experiments, issues } = await loadContent(dir);
    const errors = issues.filter((issue) => issue.severity !== 'warning');
    if (errors.length > 0 || experiments[0] === undefined) {
      throw new Error(`fixture ${id} does not load: ${JSON.stringify(errors)}`);
    }
    // The lint reads the raw text from the files: linted while they are there (cell-findings.ts
    // keeps the findings of a loaded experiment), so that views made after see them.
    experimentFindings(experiments[0]);
    await whileThere?.(experiments[0]);
    return experiments[0];
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
