import type { ToolName } from './tools.ts';

/**
 * Workload fingerprints: what ran, with which parameters, as the output says it; and a
 * similarity between two that names what differs. Each tool's knowledge of its output lives in
 * `<tool>/fingerprint.ts`; this module holds the shape, the comparison and the ranking, and
 * knows no tool.
 */

/** Where a field was read. The same run can say a thing in several places; the first found wins. */
export const FINGERPRINT_SOURCES = [
  'json-job-options', // fio JSON `job options`
  'json-global-options', // fio JSON `global options`
  'header-line', // fio's job line `name: (g=0): rw=..., bs=..., ioengine=..., iodepth=...`; sysbench's option lines
  'layout-line', // fio's `Laying out IO file(s) (1 file(s) / 5120MB)`
  'report', // the statistics themselves (fio `jobs=N`, which directions moved data; bonnie++ run fields; iostat rows)
  'command', // the command line that ran the tool (given by the caller, or printed in the output)
  'system', // the system the run was on, given by the caller (its memory, for bonnie++'s file size)
  'device-name', // a device's role from its Linux name or major number (loop0, dm-1, md0, sda1, dev8-0)
] as const;
export type FingerprintSource = (typeof FINGERPRINT_SOURCES)[number];

export type FingerprintValue = string | number | boolean;

/** How two values of a field are compared. */
export type FieldComparison =
  /** Equal or not (1 or 0). */
  | 'equal'
  /** Positive quantities, by their ratio on a log2 scale: 1 / (1 + |log2(a / b)|); 4k vs 8k is 0.5. */
  | 'ratio'
  /** Percentages: 1 - |a - b| / 100. */
  | 'percent';

export interface FingerprintField {
  /** Stable identifier, the same across tools where the meaning is the same (`bs`, `threads`, `direct`). */
  key: string;
  /** Words for a reader: `block size`, `numjobs`. */
  label: string;
  value: FingerprintValue;
  /** For numbers: `B`, `count`, `s` or `%`; null for words and flags. */
  unit: 'B' | 'count' | 's' | '%' | null;
  /** The value for a reader: `4 KiB`, `32`, `yes`. */
  text: string;
  source: FingerprintSource;
  /** How much the field counts in the similarity (1 ordinary, 3 defining). */
  weight: number;
  comparison: FieldComparison;
}

/** The broad kind of work: two workloads of different categories are never compared. */
export const WORKLOAD_CATEGORIES = [
  'io', // reads and writes of a file or device: fio, sysbench fileio, dd
  'filesystem-suite', // bonnie++'s fixed sequence of tests
  'cpu',
  'memory',
  'oltp',
  'threads',
  'mutex',
  'device-activity', // iostat, sadf: what the devices did, not what was asked of them
  'other',
] as const;
export type WorkloadCategory = (typeof WORKLOAD_CATEGORIES)[number];

export type AccessPattern = 'random' | 'sequential';
export type Operation = 'read' | 'write' | 'mixed' | 'trim';

export interface WorkloadKind {
  category: WorkloadCategory;
  /** random or sequential; null where the output does not say or it does not apply. */
  access: AccessPattern | null;
  /** read, write, mixed (both) or trim; null where the output does not say or it does not apply. */
  op: Operation | null;
  /** Where access and op were read; null when the output says neither (dd is sequential by its nature). */
  source: FingerprintSource | null;
}

export interface WorkloadFingerprint {
  tool: ToolName;
  /** The workload's name in the output: a fio job, a sysbench test and mode, a bonnie++ machine name. */
  workload: string;
  /** 0-based run of the output the workload belongs to (an input may hold several runs). */
  run: number;
  /** 1-based line of the input where the workload (or its run) starts, when known. */
  line: number | null;
  kind: WorkloadKind;
  /** In a few words: `8 KiB random writes at QD 1`. */
  summary: string;
  /** The parameters the output says, in a fixed order per tool; what it does not say is absent. */
  fields: FingerprintField[];
}

/**
 * What the caller knows beside a parsed output (fingerprintOutput, a tool's `fingerprints`); each
 * is optional and read only where it says more.
 */
export interface FingerprintContext {
  /** The text the output was parsed from: fio's `Laying out IO file` lines, a dd command line printed in it. */
  text?: string | undefined;
  /** The command that ran the tool (a run.yaml's `command`): dd's operands. */
  command?: string | undefined;
  /** The memory of the machine the run was on, in bytes: bonnie++'s file size relative to it. */
  memoryBytes?: number | undefined;
}

/** A field present in both fingerprints with different values, or in one only (the other's text is null). */
export interface FieldDifference {
  key: string;
  label: string;
  a: string | null;
  b: string | null;
  /** 0 (nothing alike) to 1; 0.5 when only one side says it. */
  agreement: number;
}

export type KindMatch = 'same' | 'unknown' | 'different' | 'unrelated';

export interface Similarity {
  /** 0 to 1, symmetric; 1 for identical fingerprints. See `KIND_BANDS`. */
  score: number;
  kindMatch: KindMatch;
  /** Weighted mean of the fields' agreements (1 when neither says anything). */
  agreement: number;
  /** Labels of the fields both say alike. */
  same: string[];
  /** Fields both say, differently. */
  differs: FieldDifference[];
  /** Fields only one says. */
  onlyOne: FieldDifference[];
  /** Sentences for a reader: the match first, then what is alike, what differs, what only one says. */
  reasons: string[];
  /** The reasons joined: `same 8 KiB random writes at QD 1; differs: numjobs 4 vs 1`. */
  text: string;
}

/**
 * The score's band for each kind match: score = base + span × agreement. A candidate of the
 * same kind always ranks above one whose kind is unknown, which ranks above one of another kind;
 * workloads of different categories (fio vs bonnie++, cpu vs memory) score 0.
 */
export const KIND_BANDS: Readonly<Record<KindMatch, { base: number; span: number }>> = {
  same: { base: 0.5, span: 0.5 },
  unknown: { base: 0.25, span: 0.2 },
  different: { base: 0, span: 0.2 },
  unrelated: { base: 0, span: 0 },
};

/** The weight of the tool itself, compared as a field: the same parameters from another tool count less. */
const TOOL_WEIGHT = 2;

/** Bytes for a reader, in powers of 1024: `4 KiB`, `128 MiB`, `1.5 GiB`, `512 B`. */
export function _bytesText(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = Number.isInteger(value) ? String(value) : String(Number(value.toFixed(value >= 100 ? 0 : 1)));
  return `${digits} ${units[unit]}`;
}

/** A number for a reader: integers as they are, others to four significant digits. */
function numberText(value: number, unit: FingerprintField['unit']): string {
  if (unit === 'B') return _bytesText(value);
  const digits = Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)));
  if (unit === 's') return `${digits} s`;
  if (unit === '%') return `${digits}%`;
  return digits;
}

interface FieldInit {
  key: string;
  label: string;
  source: FingerprintSource;
  weight?: number;
  text?: string;
}

/** A size in bytes, compared by ratio. */
export function _bytesField(init: FieldInit, bytes: number): FingerprintField {
  return field(init, bytes, 'B', 'ratio');
}

/** A count (threads, files, queue depth), compared by ratio. */
export function _countField(init: FieldInit, count: number): FingerprintField {
  return field(init, count, 'count', 'ratio');
}

/** A duration in seconds, compared by ratio. */
export function _secondsField(init: FieldInit, seconds: number): FingerprintField {
  return field(init, seconds, 's', 'ratio');
}

/** A percentage (a read share), compared by difference. */
export function _percentField(init: FieldInit, percent: number): FingerprintField {
  return field(init, percent, '%', 'percent');
}

/** A word or a number that is a name (an engine, a mode), compared for equality. */
export function _wordField(init: FieldInit, word: string | number): FingerprintField {
  return field(init, word, null, 'equal');
}

/** A yes/no flag, compared for equality. */
export function _flagField(init: FieldInit, flag: boolean): FingerprintField {
  return field(init, flag, null, 'equal');
}

function field(
  init: FieldInit,
  value: FingerprintValue,
  unit: FingerprintField['unit'],
  comparison: FieldComparison,
): FingerprintField {
  const text =
    init.text ??
    (typeof value === 'number' ? numberText(value, unit) : typeof value === 'boolean' ? (value ? 'yes' : 'no') : value);
  return {
    key: init.key,
    label: init.label,
    value,
    unit,
    text,
    source: init.source,
    weight: init.weight ?? 1,
    comparison,
  };
}

/** The kind in words, plural: `random writes`, `sequential reads`, `random mixed reads and writes`. */
export function _kindWords(kind: WorkloadKind): string {
  switch (kind.category) {
    case 'io': {
      const op =
        kind.op === 'read'
          ? 'reads'
          : kind.op === 'write'
            ? 'writes'
            : kind.op === 'trim'
              ? 'trims'
              : kind.op === 'mixed'
                ? 'mixed reads and writes'
                : 'I/O';
      return kind.access === null ? op : `${kind.access} ${op}`;
    }
    case 'filesystem-suite':
      return 'filesystem test suites';
    case 'cpu':
      return 'CPU runs';
    case 'memory':
      return kind.op === null
        ? 'memory runs'
        : `memory ${kind.op === 'read' ? 'reads' : kind.op === 'write' ? 'writes' : 'runs'}`;
    case 'oltp':
      return 'OLTP runs';
    case 'threads':
      return 'thread scheduling runs';
    case 'mutex':
      return 'mutex runs';
    case 'device-activity':
      return 'device activity records';
    default:
      // A sysbench run whose test the output does not name (1.0's threads and mutex, a Lua report).
      return 'runs of an unnamed test';
  }
}

/**
 * A phrase for a workload: the block size, the kind and the queue depth where the fingerprint
 * has them (`8 KiB random writes at QD 1`). With `only`, fields whose key is not in it are left
 * out (the "same ..." phrase keeps only what both say alike).
 */
export function _workloadPhrase(
  fingerprint: Pick<WorkloadFingerprint, 'kind' | 'fields'>,
  only?: ReadonlySet<string>,
): string {
  const pick = (key: string): FingerprintField | undefined =>
    only !== undefined && !only.has(key) ? undefined : fingerprint.fields.find((f) => f.key === key);
  const bs = pick('bs');
  const depth = pick('iodepth');
  const words = _kindWords(fingerprint.kind);
  return `${bs === undefined ? '' : `${bs.text} `}${words}${depth === undefined ? '' : ` at QD ${depth.text}`}`;
}

function kindMatch(a: WorkloadKind, b: WorkloadKind): KindMatch {
  if (a.category !== b.category) return 'unrelated';
  const parts: [AccessPattern | Operation | null, AccessPattern | Operation | null][] = [
    [a.access, b.access],
    [a.op, b.op],
  ];
  if (parts.some(([x, y]) => x !== null && y !== null && x !== y)) return 'different';
  if (parts.some(([x, y]) => (x === null) !== (y === null))) return 'unknown';
  return 'same';
}

/** 0 to 1: how alike two values of one field are. Symmetric in its arguments. */
function fieldAgreement(a: FingerprintField, b: FingerprintField): number {
  if (
    a.comparison === 'ratio' &&
    b.comparison === 'ratio' &&
    typeof a.value === 'number' &&
    typeof b.value === 'number'
  ) {
    if (a.value === b.value) return 1;
    if (!(a.value > 0 && b.value > 0)) return 0; // zero, negative or NaN: nothing to take a ratio of
    const agreement = 1 / (1 + Math.abs(Math.log2(a.value / b.value)));
    return Number.isFinite(agreement) ? agreement : 0;
  }
  if (
    a.comparison === 'percent' &&
    b.comparison === 'percent' &&
    typeof a.value === 'number' &&
    typeof b.value === 'number'
  ) {
    return Math.max(0, 1 - Math.abs(a.value - b.value) / 100);
  }
  return a.value === b.value ? 1 : 0;
}

/** Fields by key, in the order of `a` then the keys only `b` has. */
function pairFields(
  a: readonly FingerprintField[],
  b: readonly FingerprintField[],
): [key: string, FingerprintField | undefined, FingerprintField | undefined][] {
  const byKeyB = new Map(b.map((f) => [f.key, f]));
  const keysA = new Set(a.map((f) => f.key));
  return [
    ...a.map((f): [string, FingerprintField, FingerprintField | undefined] => [f.key, f, byKeyB.get(f.key)]),
    ...b.filter((f) => !keysA.has(f.key)).map((f): [string, undefined, FingerprintField] => [f.key, undefined, f]),
  ];
}

/**
 * How alike two workloads are, and why. The score is symmetric (compare(a, b).score equals
 * compare(b, a).score), 1 for identical fingerprints, and in the band of the kind match
 * (`KIND_BANDS`): base + span × agreement, where agreement is the weighted mean over every field
 * either side says (and the tool, weight 2) of 1 for equal values, the ratio or percent agreement
 * of numbers, 0 for other differences, and 0.5 for a field only one side says.
 */
export function compareFingerprints(a: WorkloadFingerprint, b: WorkloadFingerprint): Similarity {
  const match = kindMatch(a.kind, b.kind);
  const same: string[] = [];
  const sameKeys = new Set<string>();
  const differs: FieldDifference[] = [];
  const onlyOne: FieldDifference[] = [];
  let weighted = a.tool === b.tool ? TOOL_WEIGHT : 0;
  let weights = TOOL_WEIGHT;
  for (const [key, fa, fb] of pairFields(a.fields, b.fields)) {
    const label = (fa ?? fb)?.label ?? key;
    if (fa !== undefined && fb !== undefined) {
      // One key in two tools' words (fio's numjobs, sysbench's threads): both are named.
      const pairLabel = fa.label === fb.label ? label : `${fa.label}/${fb.label}`;
      const weight = (fa.weight + fb.weight) / 2;
      const agreement = fieldAgreement(fa, fb);
      weighted += weight * agreement;
      weights += weight;
      if (agreement === 1) {
        same.push(pairLabel);
        sameKeys.add(key);
      } else differs.push({ key, label: pairLabel, a: fa.text, b: fb.text, agreement });
    } else {
      const present = (fa ?? fb) as FingerprintField;
      weighted += present.weight * 0.5;
      weights += present.weight;
      onlyOne.push({ key, label, a: fa?.text ?? null, b: fb?.text ?? null, agreement: 0.5 });
    }
  }
  const agreement = weights === 0 ? 1 : weighted / weights;
  const band = KIND_BANDS[match];
  // Rounded so that the order of additions cannot make a(b) and b(a) differ in the last bit.
  const score = Math.round((band.base + band.span * agreement) * 1e9) / 1e9;
  const reasons = explain(a, b, match, sameKeys, differs, onlyOne);
  return { score, kindMatch: match, agreement, same, differs, onlyOne, reasons, text: reasons.join('; ') };
}

function explain(
  a: WorkloadFingerprint,
  b: WorkloadFingerprint,
  match: KindMatch,
  sameKeys: ReadonlySet<string>,
  differs: readonly FieldDifference[],
  onlyOne: readonly FieldDifference[],
): string[] {
  const reasons: string[] = [];
  if (match === 'same') reasons.push(`same ${_workloadPhrase(a, sameKeys)}`);
  else if (match === 'unknown') reasons.push(`${_kindWords(a.kind)} vs ${_kindWords(b.kind)} (one does not say)`);
  else reasons.push(`different workloads: ${_kindWords(a.kind)} vs ${_kindWords(b.kind)}`);
  if (a.tool !== b.tool) reasons.push(`different tools: ${a.tool} vs ${b.tool}`);
  // What the phrase already says is not repeated (fio's rw is the kind).
  const phrased =
    match === 'same' ? new Set(['bs', 'iodepth', 'rw'].filter((key) => sameKeys.has(key))) : new Set<string>();
  const alike = a.fields.filter((f) => sameKeys.has(f.key) && !phrased.has(f.key)).map((f) => `${f.label} ${f.text}`);
  if (alike.length > 0) reasons.push(`same ${alike.join(', ')}`);
  if (differs.length > 0) reasons.push(`differs: ${differs.map((d) => `${d.label} ${d.a} vs ${d.b}`).join(', ')}`);
  if (onlyOne.length > 0) {
    reasons.push(
      `said by one only: ${onlyOne.map((d) => `${d.label} ${d.a ?? 'not said'} vs ${d.b ?? 'not said'}`).join(', ')}`,
    );
  }
  return reasons;
}

export interface RankedCandidate<T> {
  candidate: T;
  /** The candidate's position in the list given. */
  index: number;
  /** The candidate's workload that matched best. */
  fingerprint: WorkloadFingerprint;
  similarity: Similarity;
}

/**
 * Candidates ordered by how alike their best-matching workload is to `target`: score, highest
 * first, then their order in the list (a stable order: equal scores keep the caller's order).
 * Each candidate gives its fingerprints (a run may hold several workloads); one without any is
 * left out. For a list of fingerprints, `fingerprintsOf` may be omitted.
 */
export function rankFingerprints(
  target: WorkloadFingerprint,
  candidates: readonly WorkloadFingerprint[],
): RankedCandidate<WorkloadFingerprint>[];
export function rankFingerprints<T>(
  target: WorkloadFingerprint,
  candidates: readonly T[],
  fingerprintsOf: (candidate: T) => readonly WorkloadFingerprint[],
): RankedCandidate<T>[];
export function rankFingerprints<T>(
  target: WorkloadFingerprint,
  candidates: readonly T[],
  fingerprintsOf: (candidate: T) => readonly WorkloadFingerprint[] = (candidate) => [candidate as WorkloadFingerprint],
): RankedCandidate<T>[] {
  const ranked: RankedCandidate<T>[] = [];
  candidates.forEach((candidate, index) => {
    let best: { fingerprint: WorkloadFingerprint; similarity: Similarity } | null = null;
    for (const fingerprint of fingerprintsOf(candidate)) {
      const similarity = compareFingerprints(target, fingerprint);
      if (best === null || similarity.score > best.similarity.score) best = { fingerprint, similarity };
    }
    if (best !== null) ranked.push({ candidate, index, ...best });
  });
  return ranked.sort((x, y) => y.similarity.score - x.similarity.score || x.index - y.index);
}
