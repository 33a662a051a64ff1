// Short names of experiments for /compare's URL (`#runs=msa70/ext4,loopback/xfs`): the last word
// of the experiment's slug, widened to the left until it is unique and at least five characters.
// Experiments are taken oldest first, so that an experiment added later never changes the alias
// of one already linked to: the newcomer is the one whose alias grows. The build gives each
// experiment its alias (in its compare-runs.json and its search record's `alias` filter); the
// page names the runs it has loaded from those (runNamesOf), never from a list of every id.

/** The slug of an experiment id, without its `yyyy-mm-` or `yyyy-` date. */
function slugWords(id: string): string[] {
  return id
    .replace(/^\d{4}-(?:\d{2}-)?/, '')
    .split('-')
    .filter((word) => word !== '');
}

/** The words' tail, `count` words long, joined by `-`. */
function tail(words: readonly string[], count: number): string {
  return words.slice(Math.max(0, words.length - count)).join('-');
}

/** The shortest readable tail of the slug: at least five characters when the slug has them. */
function shortestTail(words: readonly string[]): number {
  let count = 1;
  while (count < words.length && tail(words, count).length < 5) count++;
  return count;
}

/**
 * Each experiment's alias, by experiment id. `experiments` are experiment ids
 * (`2011-07-ext3-ext4-xfs-fio-msa70`) with the experiment's date when known (experiment.yaml
 * `date`, `2026-11-24`); the result maps every one of them to a short form unique among them
 * (`msa70`). Where a whole slug is taken already (the same slug in another year), the id itself
 * is the alias.
 */
export function experimentAliases(experiments: readonly { id: string; date?: string }[]): Map<string, string> {
  const aliases = new Map<string, string>();
  const taken = new Set<string>();
  const ids = experiments.map((experiment) => experiment.id);
  // Oldest first: by the date (to the day, where the ids give the month at most), then the id.
  const oldestFirst = [...experiments].sort(
    (a, b) => (a.date ?? a.id).localeCompare(b.date ?? b.id) || a.id.localeCompare(b.id),
  );
  for (const { id } of oldestFirst) {
    const words = slugWords(id);
    let count = shortestTail(words);
    while (count < words.length && taken.has(tail(words, count))) count++;
    const candidate = tail(words, count);
    const alias = candidate !== '' && !taken.has(candidate) && !ids.includes(candidate) ? candidate : id;
    taken.add(alias);
    aliases.set(id, alias);
  }
  return aliases;
}

/** Reads a run named by alias or full id (`msa70/ext4`, `2011-07-…-msa70/ext4`) as `<experiment id>/<run>`. */
export interface RunNames {
  /** `<experiment id>/<run>` → `<alias>/<run>`. */
  short(id: string): string;
  /** `<alias or experiment id>/<run>` → `<experiment id>/<run>`, or undefined for no known run. */
  resolve(name: string): string | undefined;
}

/** An experiment as its `compare-runs.json` gives it: its id, its alias, its runs. */
export interface NamedExperiment {
  experiment: string;
  alias: string;
  runs: readonly { run: string }[];
}

/** The experiment part of a run's name (`msa70` of `msa70/ext4`), or undefined when it has none. */
export function experimentHead(name: string): string | undefined {
  const slash = name.indexOf('/');
  return slash > 0 ? name.slice(0, slash) : undefined;
}

/**
 * Short and full names of the runs of `experiments`, each with the alias the build gave it
 * (unique among every experiment of the site, so no other list of ids is needed).
 */
export function runNamesOf(experiments: Iterable<NamedExperiment>): RunNames {
  const aliasOf = new Map<string, string>();
  const idOf = new Map<string, string>();
  const known = new Set<string>();
  for (const { experiment, alias, runs } of experiments) {
    aliasOf.set(experiment, alias);
    idOf.set(alias, experiment);
    for (const { run } of runs) known.add(`${experiment}/${run}`);
  }
  return {
    short(id) {
      const experiment = id.slice(0, id.indexOf('/'));
      return `${aliasOf.get(experiment) ?? experiment}${id.slice(experiment.length)}`;
    },
    resolve(name) {
      const head = experimentHead(name);
      if (head === undefined) return undefined;
      const id = `${idOf.get(head) ?? head}${name.slice(head.length)}`;
      return known.has(id) ? id : undefined;
    },
  };
}
