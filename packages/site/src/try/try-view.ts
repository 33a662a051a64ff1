// What the /try page shows of the outputs a reader gave it: plain JSON, so that a web worker can
// make it (for large inputs) and post it to the page. Nothing here imports Node or the DOM.

import type { ParseErrorCode, ParseWarning } from '@benchfolio/parsers';
import type { RunRef, ToolSection } from '../view/model.ts';
import type { ResultTable } from '../view/result-tables.ts';
import type { IostatSummary } from './compare/iostat-summary.ts';
import type { YourFingerprint } from './compare/ranked-runs.ts';
import type { SubmissionPrefill } from './submission/prefill.ts';

/** The reader's outputs, as one run: the id the charts and the compare view give it. */
export const YOUR_RUN: RunRef = { id: 'yours', label: 'Your run' };

/** Above this many bytes in all, the outputs are parsed in a web worker: the page stays responsive. */
export const WORKER_THRESHOLD_BYTES = 1024 * 1024;

/** One output the reader gave: pasted text, or a dropped or chosen file. */
export type TryInput = { name: string; text: string } | { name: string; file: Blob };

/** Where an output failed to parse, with enough of its text to show the place. */
export interface TryError {
  code: ParseErrorCode;
  message: string;
  /** The tool and format the parser tried, when one was recognised. */
  tool: string | null;
  format: string | null;
  /** 1-based, in the text as given. */
  line: number;
  column: number;
  /** What the parser expected at that place, in words. */
  expected: string;
  /** Lines of the input around the failing one: `lines[i]` is line `firstLine + i`. */
  excerpt: { firstLine: number; lines: string[]; omittedBefore: number; omittedAfter: number };
}

interface TryOutputBase {
  name: string;
  sizeBytes: number;
}

export interface TryOutputParsed extends TryOutputBase {
  ok: true;
  tool: string;
  format: string;
  /**
   * For an output of several formats (fio `--output-format=normal,json`): the formats of the runs
   * read, in order. A run printed in two formats is read once (from its JSON).
   */
  readFormats?: string[];
  toolVersion: string | null;
  warnings: ParseWarning[];
  /** The typed result, readable: one or more tables. */
  tables: ResultTable[];
}

export interface TryOutputFailed extends TryOutputBase {
  ok: false;
  error: TryError;
}

export type TryOutput = TryOutputParsed | TryOutputFailed;

/** Everything the page draws from the outputs. */
export interface TryView {
  /** One per input, in the order given. */
  outputs: TryOutput[];
  /** The parsed outputs as one run (YOUR_RUN), made as the experiment pages make theirs. */
  sections: ToolSection[];
  /** What each parsed output ran, one per workload: how the published runs to compare with are found. */
  fingerprints: YourFingerprint[];
  /** Each parsed iostat log's per-device summary (mean, p95, max of %util, await, r/s, w/s). */
  iostat: Array<{ file: string; summary: IostatSummary }>;
  /** What the outputs reveal for run.yaml (tool versions, devices, kernel, commands). */
  prefill: SubmissionPrefill;
}

/** Messages between the page and the parse worker. */
export type WorkerRequest = { inputs: TryInput[] };
export type WorkerMessage =
  | { kind: 'progress'; name: string; readBytes: number; totalBytes: number }
  | { kind: 'done'; view: TryView }
  | { kind: 'failed'; message: string };
