// What a tool's output shows for the submission form's run.yaml (try/submission/prefill.ts
// gathers it over every output): the shapes a tool descriptor's reader returns, and the two
// helpers the readers share. Plain data, nothing guessed.

/** A group of parameters an output prints: one fio job, one sysbench run, one bonnie++ run. */
export interface PrintedParameters {
  /** What they belong to: the fio job name, "fileio rndrw", the bonnie++ machine name. */
  subject: string;
  /** `name=value` pairs as the output prints them (fio option names: rw, bs, iodepth, ...). */
  values: Array<{ name: string; value: string }>;
}

/** The facts of the machine and the run that outputs can show, as run.yaml fields. */
export type PrefillFact = 'date' | 'host' | 'kernel' | 'cpuThreads' | 'device';

/** Where a reader puts a fact it read; the form keeps each value with the outputs that show it. */
export interface PrefillFacts {
  /** Nothing for null, undefined or "". */
  add(fact: PrefillFact, value: string | number | null | undefined): void;
}

/** What one output shows, besides its facts. */
export interface PrefillRead {
  /** What the output names as its workload (fio job names, `fileio-rndrw-t4`), or null. */
  workload: string | null;
  /** What the proposed file name says: the workload, bonnie++'s machine and size, iostat's host. */
  what: string | null;
  parameters: PrintedParameters[];
}

/** `name=value` pairs of the values printed (null, undefined and "" left out), in the order given. */
export function printedPairs(
  entries: Array<[string, string | number | null | undefined]>,
): PrintedParameters['values'] {
  return entries.flatMap(([name, value]) =>
    value === null || value === undefined || value === '' ? [] : [{ name, value: String(value) }],
  );
}

/** "a, b, c", or null for none. */
export function joinedNames(names: readonly string[]): string | null {
  return names.length === 0 ? null : names.join(', ');
}
