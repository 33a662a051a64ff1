// The compare page: the chosen runs (in the URL) are fetched as run JSON, lined up by
// compareRuns, and drawn with the experiment pages' bar charts.

import type { CompareIndex } from '../data/compare-index.ts';
import type { RunSectionsJson } from '../data/run-json.ts';
import { compareSectionNodes } from '../figures/compare-figure.ts';
import { defaultPageState, type PageState } from '../lib/page-state.ts';
import { compareRuns } from '../view/compare-runs.ts';
import type { RunRef } from '../view/model.ts';

interface CompareState {
  runs: string[];
  baseline: string | null;
  scale: 'linear' | 'log';
  /** The metric shown per compared section (`metric-<section key>` in the URL). */
  metrics: Record<string, string>;
}

const METRIC_PARAM = 'metric-';

const indexScript = document.getElementById('compare-index');
const form = document.querySelector<HTMLFormElement>('[data-compare-form]');
if (indexScript?.textContent && form) start(JSON.parse(indexScript.textContent) as CompareIndex, form);

function start(index: CompareIndex, form: HTMLFormElement): void {
  const known = new Map(index.runs.map((run) => [`${run.experiment}/${run.run}`, run]));
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[name="run"]')];
  const baseline = form.querySelector<HTMLSelectElement>('[data-compare-baseline]');
  const controls = form.querySelector<HTMLElement>('[data-compare-controls]');
  const status = form.querySelector<HTMLElement>('[data-compare-status]');
  const results = document.querySelector<HTMLElement>('[data-compare-results]');
  const empty = document.querySelector<HTMLElement>('[data-compare-empty]');
  if (controls) controls.hidden = false;
  const fetched = new Map<string, Promise<RunSectionsJson>>();
  let drawing = 0;

  const read = (): CompareState => {
    const params = new URLSearchParams(window.location.search);
    const runs = (params.get('runs') ?? '').split(',').filter((id) => known.has(id));
    const chosenBaseline = params.get('baseline');
    const metrics: Record<string, string> = {};
    for (const [name, value] of params) {
      if (name.startsWith(METRIC_PARAM)) metrics[name.slice(METRIC_PARAM.length)] = value;
    }
    return {
      runs,
      baseline: chosenBaseline !== null && runs.includes(chosenBaseline) ? chosenBaseline : null,
      scale: params.get('scale') === 'log' ? 'log' : 'linear',
      metrics,
    };
  };

  const write = (state: CompareState) => {
    const params = new URLSearchParams();
    if (state.runs.length > 0) params.set('runs', state.runs.join(','));
    if (state.baseline !== null) params.set('baseline', state.baseline);
    if (state.scale === 'log') params.set('scale', 'log');
    for (const [section, metric] of Object.entries(state.metrics)) params.set(`${METRIC_PARAM}${section}`, metric);
    const query = params.toString().replaceAll('%2F', '/').replaceAll('%2C', ',').replaceAll('%3A', ':');
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  };

  const show = async (state: CompareState) => {
    for (const box of boxes) box.checked = state.runs.includes(box.value);
    markShared(state.runs);
    if (baseline) {
      baseline.replaceChildren(new Option('no baseline (absolute values)', ''));
      for (const id of state.runs) baseline.append(new Option(labelOf(id, state.runs), id));
      baseline.value = state.baseline ?? '';
    }
    for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="scale"]')) {
      radio.checked = radio.value === state.scale;
    }
    const ticket = ++drawing;
    if (status) status.textContent = state.runs.length > 0 ? 'Loading the runs…' : '';
    const inputs = await Promise.all(
      state.runs.map(async (id) => {
        const json = await runJsonOf(id);
        return { ref: { id, label: labelOf(id, state.runs) }, sections: json.sections };
      }),
    ).catch((error: unknown) => {
      if (status) status.textContent = `Could not load a run: ${String(error)}`;
      return undefined;
    });
    if (inputs === undefined || ticket !== drawing) return;
    if (status) status.textContent = '';
    draw(
      inputs.map((input) => input.ref),
      compareRuns(inputs),
      state,
    );
  };

  const draw = (runOrder: RunRef[], sections: ReturnType<typeof compareRuns>, state: CompareState) => {
    if (!results) return;
    const pageState: PageState = {
      ...defaultPageState({ runs: runOrder.map((run) => run.id), sections: {} }),
      baseline: state.baseline,
      scale: state.scale,
    };
    results.replaceChildren(
      ...compareSectionNodes(sections, {
        state: pageState,
        runOrder,
        document,
        shownMetrics: state.metrics,
        // A metric picked is written to the URL; the figures are all drawn already.
        onPickMetric: (section, metric) => {
          const current = read();
          write({ ...current, metrics: { ...current.metrics, [section]: metric } });
        },
      }),
    );
    if (empty) {
      empty.hidden = sections.length > 0;
      empty.textContent =
        state.runs.length < 2
          ? 'Pick two or more runs that share a tool and workload.'
          : 'These runs share no tool and workload: pick runs marked “shares”.';
    }
  };

  const runJsonOf = (id: string): Promise<RunSectionsJson> => {
    let promise = fetched.get(id);
    if (promise === undefined) {
      const run = known.get(id);
      promise = fetch(run?.sectionsHref ?? '').then((response) => {
        if (!response.ok) throw new Error(`${response.status} for ${run?.sectionsHref}`);
        return response.json() as Promise<RunSectionsJson>;
      });
      fetched.set(id, promise);
    }
    return promise;
  };

  // Runs of one experiment are told apart by their labels; across experiments the label needs
  // its experiment's title beside it.
  const labelOf = (id: string, chosen: readonly string[]) => {
    const run = known.get(id);
    if (run === undefined) return id;
    const others = chosen.filter((other) => other !== id).map((other) => known.get(other));
    const sameExperiment = others.every((other) => other?.experiment === run.experiment);
    if (sameExperiment && !others.some((other) => other?.label === run.label)) return run.label;
    // Experiment titles are long; enough of one to tell runs of the same name apart.
    const title = run.experimentTitle.length > 32 ? `${run.experimentTitle.slice(0, 31)}…` : run.experimentTitle;
    return `${run.label} (${title})`;
  };

  // Next to every run: how many workloads it shares with the runs chosen so far.
  const markShared = (chosen: readonly string[]) => {
    const chosenKeys = new Set(chosen.flatMap((id) => known.get(id)?.keys ?? []));
    for (const box of boxes) {
      const label = box.closest<HTMLElement>('.compare-run');
      const note = label?.querySelector<HTMLElement>('[data-shares]');
      const shared = (known.get(box.value)?.keys ?? []).filter((key) => chosenKeys.has(key)).length;
      if (label) label.dataset.comparable = String(chosen.length === 0 || shared > 0);
      if (note) note.textContent = chosen.length === 0 || box.checked ? '' : shared > 0 ? ` · shares ${shared}` : '';
    }
  };

  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    const state = read();
    if (target.name === 'run') {
      const box = target as HTMLInputElement;
      state.runs = box.checked ? [...state.runs, box.value] : state.runs.filter((id) => id !== box.value);
      if (state.baseline !== null && !state.runs.includes(state.baseline)) state.baseline = null;
    } else if (target.name === 'baseline') {
      state.baseline = target.value === '' ? null : target.value;
    } else if (target.name === 'scale') {
      state.scale = target.value === 'log' ? 'log' : 'linear';
    }
    write(state);
    void show(state);
  });
  void show(read());
}
