import { type VariableKind, variableName } from '@benchfolio/parsers/content';
import type { LoadedExperiment } from '@benchfolio/parsers/node';
import type { FindingsSummary } from '../findings/finding-summary.ts';
import { PARSED_TOOLS } from '../tools/index.ts';
import type { CardHeadline } from '../view/card-headline.ts';
import { type HardwareFacet, hardwareFacets, hardwareLine } from './hardware-summary.ts';

/** What the index page shows and filters an experiment by: plain JSON, made at build time. */
export interface IndexEntry {
  /** The folder name, `2011-07-ext3-ext4-xfs-fio-msa70`. */
  id: string;
  /** The experiment page, `/experiments/<id>/` (prefix the site's base when it has one). */
  href: string;
  title: string;
  summary: string;
  /** As precise as known: `2011-07-22`, `2011-07` or `2011` (sorts as text). */
  date: string;
  status: 'published' | 'awaiting-runs';
  variable: {
    kind: VariableKind;
    /** As the site names it: "Filesystem and its options", "Instance type". */
    name: string;
  };
  /**
   * Command names (`fio`, `bonnie`, `sysbench`, `iostat`, `dd`, `nginx`), sorted: from the
   * parsed outputs, the published rows, run.yaml `tools`, and tags naming a parsed tool (how an
   * experiment awaiting runs says what it will run). `toolTitle` gives "bonnie++".
   */
  tools: string[];
  /** The hardware the runs state, for filters (see hardware-summary.ts). */
  hardware: HardwareFacet[];
  /** The same in one line: "Western Digital SATA2 320gb 7200 RPM Drive · P4/3.0ghz"; "" when none is stated. */
  hardwareSummary: string;
  runCount: number;
  authors: string[];
  source?: { title: string; url?: string };
  tags: string[];
  /**
   * How many lint findings its outputs have, by severity, and the site path of the first section
   * whose numbers carry one (else of /rules/); absent where none.
   */
  findings?: { errors: number; warnings: number; notes: number; href: string };
  /** The verdict's answer in one line (catalog/card-headline.ts); absent without a verdict. */
  headline?: CardHeadline;
}

/** The index entry of one loaded experiment. */
export function indexEntry(loaded: LoadedExperiment): IndexEntry {
  const { experiment } = loaded;
  const tools = new Set<string>();
  for (const run of loaded.runs) {
    for (const output of run.outputs) tools.add(output.parsed.tool);
    for (const tool of Object.keys(run.run.tools)) tools.add(tool);
  }
  for (const row of loaded.published) tools.add(row.tool);
  for (const tag of experiment.tags) if (PARSED_TOOLS.has(tag)) tools.add(tag);
  const hardware = hardwareFacets(loaded.runs.map((run) => run.run.system));
  const entry: IndexEntry = {
    id: loaded.id,
    href: `/experiments/${loaded.id}/`,
    title: experiment.title,
    summary: experiment.summary,
    date: experiment.date,
    status: experiment.status,
    variable: { kind: experiment.variable.kind, name: variableName(experiment.variable) },
    tools: [...tools].sort(),
    hardware,
    hardwareSummary: hardwareLine(hardware),
    runCount: loaded.runs.length,
    authors: experiment.authors,
    tags: experiment.tags,
  };
  if (experiment.source !== undefined) {
    entry.source =
      experiment.source.url === undefined
        ? { title: experiment.source.title }
        : { title: experiment.source.title, url: experiment.source.url };
  }
  return entry;
}

/** The entry with its lint findings counted (experiment-view.ts's summary), where it has any. */
export function withFindingCount(entry: IndexEntry, findings: FindingsSummary): IndexEntry {
  if (findings.href === undefined) return entry;
  const { errors, warnings, notes, href } = findings;
  return { ...entry, findings: { errors, warnings, notes, href } };
}
