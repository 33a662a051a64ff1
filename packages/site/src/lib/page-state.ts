// An experiment page's view state, and its URL form: every control writes here, and opening
// the URL restores the view. Pure functions, so the page script and tests share them.

import type { AnyDeviceFigure, DeviceFigure, ToolSection } from '../view/model.ts';

export type ScaleKind = 'linear' | 'log';
export type SortOrder = 'declared' | 'value';

export interface PageState {
  /** The run every other run is shown relative to; null shows absolute values. */
  baseline: string | null;
  scale: ScaleKind;
  sort: SortOrder;
  /** The runs shown, in declared order; all of them when the reader has not chosen. */
  runs: string[];
  /** The metric shown per section: section key → metric key. Absent means the section's first. */
  metrics: Record<string, string>;
  /** The device figure shown (iostat's, sadf's); a section without it shows its nearest, see shownFigure. */
  figure: AnyDeviceFigure;
  /** The iostat time window, seconds since the first report; null shows the whole run. */
  zoom: readonly [number, number] | null;
}

/** What the page has: state naming anything else is ignored, never trusted. */
export interface PageChoices {
  /** Run ids in declared order. */
  runs: readonly string[];
  /** Section key → its metric keys, first is the default. */
  sections: Readonly<Record<string, readonly string[]>>;
}

/**
 * The figures a section's select picks among, one shown at a time: its bar charts, or, in a
 * section of many figures over time (fio logs, `isIntervalPicked`), those.
 */
export function pickedFigures(section: ToolSection): Array<{ key: string; title: string }> {
  const figures = section.metrics.length > 0 || !section.isIntervalPicked ? section.metrics : (section.intervals ?? []);
  return figures.map(({ key, title }) => ({ key, title }));
}

/** iostat's figures, in the order its sections offer them: a section's when it names none. */
export const DEVICE_FIGURES: readonly DeviceFigure[] = [
  'util',
  'await',
  'readsPerSec',
  'writesPerSec',
  'readBytesPerSec',
  'writeBytesPerSec',
];

/** Every figure a section may offer (sadf's tps too): what the URL may name. */
export const ANY_DEVICE_FIGURES: readonly AnyDeviceFigure[] = [...DEVICE_FIGURES, 'transfersPerSec'];

/** The device figures a section offers, in order. */
export function deviceFiguresOf(section: Pick<ToolSection, 'deviceFigures'>): readonly AnyDeviceFigure[] {
  return section.deviceFigures ?? DEVICE_FIGURES;
}

/** Where a section lacks the figure asked for, the one that counts the same requests: sar's tps. */
const NEAREST_FIGURE: Partial<Record<AnyDeviceFigure, AnyDeviceFigure>> = {
  readsPerSec: 'transfersPerSec',
  writesPerSec: 'transfersPerSec',
};

/**
 * The figure a section with `figures` shows when the page asks for `wanted`: the page has one
 * figure for all its device sections, and an iostat and a sadf section do not have the same
 * figures. Else the nearest (r/s or w/s asked, sar's tps shown), else the section's first.
 */
export function shownFigure(figures: readonly AnyDeviceFigure[], wanted: AnyDeviceFigure): AnyDeviceFigure {
  if (figures.includes(wanted)) return wanted;
  const nearest = NEAREST_FIGURE[wanted];
  if (nearest !== undefined && figures.includes(nearest)) return nearest;
  return figures[0] ?? wanted;
}

export function defaultPageState(choices: PageChoices): PageState {
  return {
    baseline: null,
    scale: 'linear',
    sort: 'declared',
    runs: [...choices.runs],
    metrics: {},
    figure: 'util',
    zoom: null,
  };
}

const METRIC_PARAM = 'metric-';

/** Reads `?baseline=ext4&scale=log&runs=ext4,xfs&metric-fio=fio-write-iops&zoom=10-40`. */
export function parsePageState(search: string, choices: PageChoices): PageState {
  const params = new URLSearchParams(search);
  const state = defaultPageState(choices);
  const baseline = params.get('baseline');
  if (baseline !== null && choices.runs.includes(baseline)) state.baseline = baseline;
  if (params.get('scale') === 'log') state.scale = 'log';
  if (params.get('sort') === 'value') state.sort = 'value';
  const runs = params.get('runs');
  if (runs !== null) {
    const chosen = new Set(runs.split(','));
    const shown = choices.runs.filter((run) => chosen.has(run));
    if (shown.length > 0) state.runs = shown;
  }
  for (const [name, value] of params) {
    if (!name.startsWith(METRIC_PARAM)) continue;
    const section = name.slice(METRIC_PARAM.length);
    if (choices.sections[section]?.includes(value)) state.metrics[section] = value;
  }
  const figure = ANY_DEVICE_FIGURES.find((candidate) => candidate === params.get('figure'));
  if (figure !== undefined) state.figure = figure;
  state.zoom = parseZoom(params.get('zoom'));
  return state;
}

// "10-40" or "10.5-40.25": two non-negative numbers of seconds, the first below the second.
const ZOOM = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/;

function parseZoom(text: string | null): readonly [number, number] | null {
  const match = text === null ? null : ZOOM.exec(text);
  if (match === null) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return start < end ? [start, end] : null;
}

/**
 * The query string of a state, `?…` or '' when everything is at its default. Only what differs
 * from the default is written, in a fixed order, so equal views have equal URLs.
 */
export function formatPageState(state: PageState, choices: PageChoices): string {
  const params = new URLSearchParams();
  if (state.baseline !== null) params.set('baseline', state.baseline);
  if (state.scale !== 'linear') params.set('scale', state.scale);
  if (state.sort !== 'declared') params.set('sort', state.sort);
  if (state.runs.length !== choices.runs.length) params.set('runs', state.runs.join(','));
  for (const section of Object.keys(choices.sections)) {
    const metric = state.metrics[section];
    if (metric !== undefined && metric !== choices.sections[section]?.[0])
      params.set(`${METRIC_PARAM}${section}`, metric);
  }
  if (state.figure !== 'util') params.set('figure', state.figure);
  if (state.zoom !== null) params.set('zoom', `${roundSeconds(state.zoom[0])}-${roundSeconds(state.zoom[1])}`);
  const query = params.toString();
  // Run ids and metric keys are URL-safe already; keep the commas readable.
  return query === '' ? '' : `?${query.replaceAll('%2C', ',')}`;
}

// A zoom to the hundredth of a second is finer than any iostat interval.
function roundSeconds(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}
