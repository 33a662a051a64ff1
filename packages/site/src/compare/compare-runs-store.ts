// The runs /compare has loaded: each experiment's `compare-runs.json`, fetched once, for the
// experiments the list shows and those the URL names. What the page knows of runs (their
// names, keys, systems, raw files) is what this holds, never a list of every run of the site.

import { type RunNames, runNamesOf } from './aliases.ts';
import type { CompareRun, ExperimentCompareRuns } from './compare-index.ts';

/** Where the experiments' runs come from (the site's files and search index in the page; fakes in tests). */
export interface CompareRunsSource {
  /** The experiment's `compare-runs.json`, or undefined when the site has no such experiment. */
  experiment(id: string): Promise<ExperimentCompareRuns | undefined>;
  /** The ids of the experiments whose alias is one of `aliases` (the search index's `alias` filter). */
  idsOfAliases(aliases: readonly string[]): Promise<string[]>;
}

/** An experiment id begins with its date (`2011-07-…`, `2020-…`); an alias is a slug's tail. */
const ID_LIKE = /^\d{4}-/;

export class CompareRunsStore {
  readonly #source: CompareRunsSource;
  readonly #loading = new Map<string, Promise<ExperimentCompareRuns | undefined>>();
  readonly #experiments = new Map<string, ExperimentCompareRuns>();
  /** Every loaded run by `<experiment>/<run>`. */
  readonly runs = new Map<string, CompareRun>();
  #names: RunNames = runNamesOf([]);

  constructor(source: CompareRunsSource) {
    this.#source = source;
  }

  /** Names of the loaded runs, short (by alias) and resolved. */
  get names(): RunNames {
    return this.#names;
  }

  /** One experiment's runs, fetched on first use; undefined when the site has no such experiment. */
  experiment(id: string): Promise<ExperimentCompareRuns | undefined> {
    let loading = this.#loading.get(id);
    if (loading === undefined) {
      loading = this.#source.experiment(id).then((experiment) => {
        if (experiment !== undefined) this.#add(experiment);
        return experiment;
      });
      this.#loading.set(id, loading);
    }
    return loading;
  }

  #add(experiment: ExperimentCompareRuns): void {
    this.#experiments.set(experiment.experiment, experiment);
    for (const run of experiment.runs) this.runs.set(`${run.experiment}/${run.run}`, run);
    this.#names = runNamesOf(this.#experiments.values());
  }

  /**
   * Loads the experiments that `heads` (aliases or ids, from a link) name, so that `names` can
   * resolve their runs. A head that looks like an id is fetched as one; the others, and an
   * id-like head the site has no file for, are asked of the search index by alias, in one
   * search. A head that is neither stays unknown, and its runs are dropped.
   */
  async loadHeads(heads: readonly string[]): Promise<void> {
    const isKnown = (head: string) =>
      this.#experiments.has(head) || [...this.#experiments.values()].some((known) => known.alias === head);
    const idLike = heads.filter((head) => !isKnown(head) && ID_LIKE.test(head));
    await Promise.all(idLike.map((head) => this.experiment(head)));
    const byAlias = heads.filter((head) => !isKnown(head));
    if (byAlias.length === 0) return;
    const ids = await this.#source.idsOfAliases(byAlias);
    await Promise.all(ids.map((id) => this.experiment(id)));
  }
}
