import { spawnSync } from 'node:child_process';
import { relative } from 'node:path';
import { BUILTIN_PARSERS } from '../src/builtin.ts';
import { allCorpusFiles, corpusDir } from '../test/corpus.ts';
import { type BenchArgs, parseBenchArgs, USAGE } from './args.ts';
import { type BuiltInput, buildInput, createInputDir, type InputDir } from './build-input.ts';
import { BENCH_CASES, type BenchBaseline, type BenchCase, DEFAULT_TARGET_BYTES } from './cases.ts';
import type { OperationSpec } from './operations.ts';
import { type BenchRow, checkTargets, describeLegend, formatTable, formatTargets, type MeasuredRow } from './report.ts';
import { type Measurement, measureInChild, stopActiveChildren } from './run-child.ts';
import { readBenchSource } from './sources.ts';
import { SUPERLINEAR_SCALING, scalingRatio } from './stats.ts';

/**
 * `npm run bench`: measures each bench case (bench/cases.ts) and the line-splitting baseline
 * on the same input, each in a process of its own, at the full size and at a quarter of it.
 * Benchmarks never run in the tests; this is for a person comparing before and after a change.
 */

/** Cases that read the same input: it is built, and the baseline measured, once for them. */
interface InputGroup {
  baselineName: string;
  keepDigits: RegExp | undefined;
  baseline: BenchBaseline;
  corpusFiles: readonly string[];
  targetBytes: number;
  cases: BenchCase[];
}

interface SizedInputs {
  full: BuiltInput;
  quarter: BuiltInput;
}

async function main(): Promise<number> {
  let args: BenchArgs;
  try {
    args = parseBenchArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (args.isHelp) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const corpus = corpusDir();
  const cases = selectCases(BENCH_CASES, args.caseNames);
  const notes = describeSetup(cases);
  const groups = groupByInput(cases, args, corpus);

  const inputDir = createInputDir();
  const removeOnSignal = () => {
    stopActiveChildren();
    inputDir.remove();
    process.exit(130);
  };
  process.once('SIGINT', removeOnSignal);
  process.once('SIGTERM', removeOnSignal);
  const rows: BenchRow[] = [];
  try {
    for (const [index, group] of groups.entries()) {
      rows.push(...(await measureGroup(group, index, args, corpus, inputDir)));
    }
  } finally {
    inputDir.remove();
  }

  const targets = checkTargets(
    rows,
    new Map(
      cases.flatMap((benchCase) => (benchCase.targets === undefined ? [] : [[benchCase.name, benchCase.targets]])),
    ),
  );
  if (args.isJson) {
    const report = { seed: args.seed, iterations: args.iterations, corpusDir: corpus, notes, rows, targets };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const targetLines = targets.length === 0 ? [] : [formatTargets(targets), ''];
    const lines = [
      ...notes.flatMap((note) => [note, '']),
      formatTable(rows),
      '',
      ...targetLines,
      describeLegend(args.iterations),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return rows.every((row) => row.isOk || row.isSkipped === true) ? 0 : 1;
}

function selectCases(cases: readonly BenchCase[], names: readonly string[]): BenchCase[] {
  for (const name of names) {
    if (!cases.some((benchCase) => benchCase.name === name)) {
      const known = cases.length === 0 ? 'there are none yet' : cases.map((c) => c.name).join(', ');
      throw new Error(`there is no bench case "${name}" in bench/cases.ts; ${known}`);
    }
  }
  const selected = names.length === 0 ? [...cases] : cases.filter((c) => names.includes(c.name));
  const registered = new Set(BUILTIN_PARSERS.map((parser) => parser.tool));
  for (const benchCase of selected) {
    if (!registered.has(benchCase.tool)) {
      throw new Error(
        `bench case "${benchCase.name}" parses ${benchCase.tool} output, but no ${benchCase.tool} parser is registered (BUILTIN_PARSERS in src/builtin.ts)`,
      );
    }
  }
  return selected;
}

function describeSetup(cases: readonly BenchCase[]): string[] {
  if (BUILTIN_PARSERS.length === 0) {
    return [
      'No parser is registered yet (BUILTIN_PARSERS is empty): measuring the baseline only, over all corpus outputs.',
    ];
  }
  if (cases.length === 0) {
    const tools = BUILTIN_PARSERS.map((parser) => parser.tool).join(', ');
    return [`Parsers are registered (${tools}) but bench/cases.ts has no case for them: measuring the baseline only.`];
  }
  return [];
}

const BASELINE_LABELS: Record<BenchBaseline, string> = {
  'split-regex': 'read-split-regex',
  'json-parse': 'JSON.parse',
};

function groupByInput(cases: readonly BenchCase[], args: BenchArgs, corpus: string): InputGroup[] {
  if (cases.length === 0) {
    const corpusFiles = allCorpusFiles(corpus).map((file) => relative(corpus, file.path));
    const targetBytes = args.sizeBytes ?? DEFAULT_TARGET_BYTES;
    return [
      {
        baselineName: 'read-split-regex (all corpus outputs)',
        baseline: 'split-regex',
        keepDigits: undefined,
        corpusFiles,
        targetBytes,
        cases: [],
      },
    ];
  }
  const groups = new Map<string, InputGroup>();
  for (const benchCase of cases) {
    const targetBytes = args.sizeBytes ?? benchCase.targetBytes;
    const baseline = benchCase.baseline ?? 'split-regex';
    const key = JSON.stringify([benchCase.corpusFiles, targetBytes, baseline, String(benchCase.keepDigits)]);
    const group = groups.get(key) ?? {
      baselineName: '',
      baseline,
      keepDigits: benchCase.keepDigits,
      corpusFiles: benchCase.corpusFiles,
      targetBytes,
      cases: [],
    };
    group.cases.push(benchCase);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    group.baselineName = `${BASELINE_LABELS[group.baseline]} (${group.cases.map((c) => c.name).join(', ')})`;
  }
  return [...groups.values()];
}

async function measureGroup(
  group: InputGroup,
  index: number,
  args: BenchArgs,
  corpus: string,
  inputDir: InputDir,
): Promise<BenchRow[]> {
  progress(`building the input for ${group.baselineName}`);
  const texts = group.corpusFiles.map((file) => readBenchSource(corpus, file));
  const build = (targetBytes: number, fileName: string) =>
    buildInput({ texts, targetBytes, seed: args.seed, dir: inputDir.path, fileName, keepDigits: group.keepDigits });
  // The same seed makes the quarter input the first quarter of the full one.
  const inputs: SizedInputs = {
    full: build(group.targetBytes, `input-${index}.txt`),
    quarter: build(group.targetBytes / 4, `input-${index}-quarter.txt`),
  };

  progress(`measuring ${group.baselineName}`);
  const baseline = await measureSizes(inputs, args.iterations, { baseline: group.baseline });
  const baselineRow = toRow(group.baselineName, null, group.baselineName, inputs, baseline, baseline.full);
  const rows: BenchRow[] = [baselineRow];
  for (const benchCase of group.cases) {
    progress(`measuring ${benchCase.name}`);
    try {
      if (benchCase.mode === 'external' && !isInstalled(benchCase.command?.[0])) {
        rows.push({
          isOk: false,
          name: benchCase.name,
          tool: benchCase.tool,
          inputBytes: inputs.full.sizeBytes,
          isSkipped: true,
          error: `skipped: ${benchCase.command?.[0] ?? 'the command'} is not installed (a bench-only comparison)`,
        });
        continue;
      }
      const measured = await measureSizes(inputs, args.iterations, {
        tool: benchCase.tool,
        mode: benchCase.mode,
        format: benchCase.format,
        command: benchCase.command,
      });
      rows.push(toRow(benchCase.name, benchCase.tool, group.baselineName, inputs, measured, baseline.full));
    } catch (error) {
      rows.push({
        isOk: false,
        name: benchCase.name,
        tool: benchCase.tool,
        inputBytes: inputs.full.sizeBytes,
        error: (error as Error).message,
      });
    }
  }
  return rows;
}

async function measureSizes(
  inputs: SizedInputs,
  iterations: number,
  spec: OperationSpec,
): Promise<{ full: Measurement; quarter: Measurement }> {
  const measure = (input: BuiltInput) =>
    measureInChild({ ...spec, inputPath: input.path, offsetsPath: input.offsetsPath, iterations });
  return { full: await measure(inputs.full), quarter: await measure(inputs.quarter) };
}

function toRow(
  name: string,
  tool: MeasuredRow['tool'],
  baselineName: string,
  inputs: SizedInputs,
  measured: { full: Measurement; quarter: Measurement },
  baseline: Measurement,
): MeasuredRow {
  const { full, quarter } = measured;
  const throughputOf = (m: Measurement) => inputs.full.sizeBytes / (m.medianDurationMs / 1000);
  const scaling = scalingRatio(
    { durationMs: full.medianDurationMs, inputBytes: inputs.full.sizeBytes },
    { durationMs: quarter.medianDurationMs, inputBytes: inputs.quarter.sizeBytes },
  );
  return {
    isOk: true,
    name,
    tool,
    baseline: baselineName,
    inputBytes: inputs.full.sizeBytes,
    quarterInputBytes: inputs.quarter.sizeBytes,
    medianDurationMs: full.medianDurationMs,
    quarterMedianDurationMs: quarter.medianDurationMs,
    throughputBytesPerSec: throughputOf(full),
    peakRssBytes: full.peakRssBytes,
    quarterPeakRssBytes: quarter.peakRssBytes,
    startRssBytes: full.startRssBytes,
    throughputRatio: throughputOf(full) / throughputOf(baseline),
    rssRatio: full.peakRssBytes / baseline.peakRssBytes,
    scalingRatio: scaling,
    isSuperlinear: scaling > SUPERLINEAR_SCALING,
  };
}

/** Whether a program runs at all (`--version`), for bench-only peers such as jc. */
function isInstalled(program: string | undefined): boolean {
  return program !== undefined && spawnSync(program, ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A line on standard error while a person watches; nothing in a pipe or with --json's reader. */
function progress(message: string): void {
  if (process.stderr.isTTY) process.stderr.write(`${message}…\n`);
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`bench: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
