// What the site knows of one tool, in one place: how readers see its name and its metrics, how
// its sections are built, and what /try and the submission form do with its outputs. Every page,
// /compare, /try and the form iterate the descriptors (tools/index.ts) rather than naming tools.

import type { ParseErrorCode, ParseOutput, ToolName } from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import type { BetterIs, RunRef, ToolSection } from '../view/model.ts';
import type { ResultTable } from '../view/result-tables.ts';
import type { PrefillFacts, PrefillRead } from './prefill-read.ts';

/** A noun, singular and plural: what one bar group of a tool is ("job", "jobs"). */
export type GroupNoun = readonly [singular: string, plural: string];

/** How readers see a tool's metrics, by measurement name (DESIGN.md "Measurements"). */
export interface MetricWords {
  /** "Write IOPS", "Sequential output, block"; the name itself when it has no title. */
  title(metric: string): string;
  /** One line on what the metric measures, in the tool's own terms; undefined when there is none. */
  explain(metric: string): string | undefined;
  /** Which way the metric improves. */
  betterIs(metric: string): BetterIs;
  /** The metrics a section draws as bars, in their order: the figures a reader compares first. */
  headline: readonly string[];
  /**
   * The label that only numbers an output's reports, from 0 (dd's `run`: one report per copy or
   * SIGUSR1), where the tool names no workload: a table shows "report N" from 1, or the
   * workload run.yaml declares when the output has one report.
   */
  reportLabel?: string;
}

/**
 * A tool's names and how its bars line up: the part of its descriptor that the compare page's
 * script needs, declared in names.ts so that the script loads it without the rest (a module
 * that imports a descriptor brings its section builders and parsers along).
 */
export interface ToolNames<T extends ToolName = ToolName> {
  /** The command name, as measurements, URLs and run.yaml name it: `bonnie`. */
  tool: T;
  /** As readers see it: the program's own spelling, `bonnie++`. */
  title: string;
  /** What one bar group is (a fio job, a bonnie++ size); none where the groups have no name. */
  groupNoun?: GroupNoun;
  /** What a raw section of the tool is compared with across experiments; the tool's name when absent. */
  compareKey?(section: ToolSection): string;
}

/**
 * One workload of one of a tool's outputs, and where its numbers are drawn: how a lint finding
 * lands on bars. The library's lint names a finding's workload as the tool prints it (a fio job,
 * a bonnie++ machine name, a sysbench test and mode, `dd`); a tool's sections group bars their
 * own way (fio jobs, qualified by run.yaml workload where a name repeats; bonnie++ sizes; sysbench
 * modes and thread counts; dd's run.yaml workloads), which only the tool knows.
 */
export interface FindingPlace {
  /** The run folder name. */
  run: string;
  /** The output's file name in the run folder (LintFinding `file`). */
  file: string;
  /** The workload as the lint names it (LintFinding `workload`). */
  workload: string;
  /** The section's key as the tool made it, before the page makes keys unique. */
  section: string;
  /** The bar group key in that section. */
  group: string;
}

/** One tool, as the site shows it. `T` is the library's name of the tool. */
export interface ToolDescriptor<T extends ToolName = ToolName> extends ToolNames<T> {
  metrics: MetricWords;
  /**
   * The sections of the tool's outputs in `runs`, in page order (none when no run has one). Units
   * are the measurements' own, never guessed from a metric's name; the typed result is read
   * through the tool's accessor (fioResultOf, ...), never cast.
   */
  sections(runs: readonly LoadedRun[], runRefs: readonly RunRef[]): ToolSection[];
  /**
   * Where each workload of each output in `runs` is drawn in `sections`' bars (the same runs):
   * findings/cell-findings.ts badges those bars with the lint's findings. None for a tool without bars.
   */
  findingPlaces?(runs: readonly LoadedRun[]): FindingPlace[];
  /**
   * Whether its sections go into a run's JSON and so into /compare: false where the run JSON's
   * outputs already hold what the sections show (iostat's series).
   */
  isCompared: boolean;
  /** The /try page. */
  try: {
    /** "iostat (sysstat)": the name under which /try says what it detected, when it says more than `title`. */
    detectedTitle?: string;
    /** What the parsers read of it, one line; `code` between backquotes. */
    reads: string;
    /** How its output begins, for the paste box's placeholder: "fio-3.33 …". */
    placeholder: string;
    /** For an output of several formats (fio `normal,json`): the formats of the runs read, in order. */
    readFormats?(parsed: ParseOutput): string[] | undefined;
    /**
     * Reads an output as it streams, instead of whole (an iostat log can be 100 MB): the parsed
     * output, and the tables /try shows of it instead of every measurement.
     */
    parseStream?(
      chunks: ReadableStream<string> | AsyncIterable<string>,
      input: { name: string; format: string },
    ): Promise<{ parsed: ParseOutput; tables: ResultTable[] }>;
    /**
     * The sections of the reader's run, where they are not made as the pages make them: an
     * output read by `parseStream` may carry no measurements (iostat's keeps its typed reports).
     * Without it, /try uses `sections`.
     */
    sections?(runs: readonly LoadedRun[], runRefs: readonly RunRef[]): ToolSection[];
    /** What its parser expected, by error code, where the site's general words would say less. */
    expected?: Partial<Record<ParseErrorCode, string>>;
    /** What the reader can do about a warning, by its code (a fio log of unknown kind: pick it). */
    warningHints?: Readonly<Record<string, string>>;
  };
  /** The submission form's run.yaml. */
  submission: {
    /** A version as run.yaml `tools` writes it, shown as the example: "fio-3.33", "sysstat 12.6.1". */
    versionExample: string;
    /** Said under the version field, when the output cannot show it. */
    versionHint?: string;
    /** The version as run.yaml `tools` writes it, from the version the output printed. */
    runYamlVersion(printed: string): string;
    /** What a proposed file name says of an output that names nothing: `job`, `run`, `log`. */
    fallbackName: string;
    /** What an output of the tool shows for run.yaml: its facts go to `facts`. */
    read(parsed: ParseOutput, facts: PrefillFacts): PrefillRead;
  };
}

/** Every tool the library parses, each with its descriptor: a new ToolName does not compile without one. */
export type ToolDescriptors = { readonly [T in ToolName]: ToolDescriptor<T> };

/** Every tool's names, as in its descriptor. */
export type ToolNamesTable = { readonly [T in ToolName]: ToolNames<T> };
