import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SITE_DIR } from './build-site.ts';

// The sadf fixture (fixtures/sadf, made by fixtures/make-sadf-iostat.sh) read as printed, with
// JSON.parse and a regex, independently of the parsers: what the tests hold the pages against.

export const SADF_FIXTURE_DIR = join(SITE_DIR, 'e2e', 'fixtures', 'sadf');
export const SADF_EXPERIMENT = '2026-11-sadf-iostat-loop-scheduler';
export const SADF_RUNS_DIR = join(SADF_FIXTURE_DIR, SADF_EXPERIMENT, 'runs');

/** A disk of a sadf -j entry, the fields the tests read. */
export interface RawDisk {
  'disk-device': string;
  tps: number;
  rd_sec: number;
  wr_sec: number;
  await: number;
  'util-percent': number;
}

/** A statistics entry of sadf -j. */
export interface RawEntry {
  timestamp: { date: string; time: string; utc: number; interval: number };
  disk?: RawDisk[];
}

/** The loop device of a run: the one its iostat command names before vda. */
export async function loopDevice(run: string): Promise<string> {
  const yaml = await readFile(join(SADF_RUNS_DIR, run, 'run.yaml'), 'utf8');
  const name = /iostat -x -t -k 1 \d+ (loop\d+) /.exec(yaml)?.[1];
  if (name === undefined) throw new Error(`run.yaml of ${run} names no loop device`);
  return name;
}

/** The statistics entries of a run's sadf.json, as sadf printed them. */
export async function rawEntries(run: string): Promise<RawEntry[]> {
  const document = JSON.parse(await readFile(join(SADF_RUNS_DIR, run, 'sadf.json'), 'utf8'));
  return document.sysstat.hosts[0].statistics as RawEntry[];
}
