import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFioLog } from './tool.ts';

/**
 * A log's time base, read from its values: the real fio 3.33 writes the same job's logs once with
 * log_unix_epoch=1 (ms since the epoch) and once without (ms since the job started).
 */

const run = promisify(execFile);
const hasFio = spawnSync('fio', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasFio && process.env.CI) throw new Error('fio is not installed, and CI must run the real-fio tests');

let dir = '';
/** The wall clock (ms since the epoch) just before the epoch run started and just after it ended. */
let before = 0;
let after = 0;

const log = (name: string) => parseFioLog(readFileSync(join(dir, name), 'utf8'), { name }).result;
/** The first column of each line of a log, as printed. */
const printedTimes = (name: string) =>
  readFileSync(join(dir, name), 'utf8')
    .trim()
    .split('\n')
    .map((line) => Number(line.slice(0, line.indexOf(','))));

async function fio(name: string, extra: string[]): Promise<void> {
  await run(
    'fio',
    [
      `--filename=${join(dir, 'data')}`,
      '--size=1M',
      '--ioengine=psync',
      '--output-format=json',
      `--name=${name}`,
      '--rw=randread',
      '--bs=4k',
      '--time_based',
      '--runtime=1',
      '--log_avg_msec=250',
      '--log_hist_msec=250',
      `--write_bw_log=${name}`,
      `--write_hist_log=${name}`,
      ...extra,
    ],
    { cwd: dir },
  );
}

describe.skipIf(!hasFio)('timeBase of a real fio log', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'benchfolio-fio-time-base-'));
    await fio('relative', []);
    before = Date.now();
    await fio('epoch', ['--log_unix_epoch=1']);
    after = Date.now();
  }, 60_000);
  afterAll(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it('is unix-epoch for log_unix_epoch=1: the times are the wall clock while fio ran', () => {
    for (const name of ['epoch_bw.1.log', 'epoch_clat_hist.1.log']) {
      expect(log(name).timeBase, name).toBe('unix-epoch');
      const times = printedTimes(name);
      expect(Math.min(...times), name).toBeGreaterThanOrEqual(before);
      expect(Math.max(...times), name).toBeLessThanOrEqual(after);
    }
  });

  it('is job-start without it: the times count from the job’s start', () => {
    for (const name of ['relative_bw.1.log', 'relative_clat_hist.1.log']) {
      expect(log(name).timeBase, name).toBe('job-start');
      // The first window closes log_avg_msec (250 ms) after the start, a few ms late.
      expect(printedTimes(name)[0], name).toBeGreaterThanOrEqual(250);
      expect(printedTimes(name)[0], name).toBeLessThan(1000);
    }
  });

  it('is job-start for the committed fixtures, all written without log_unix_epoch', () => {
    const name = 'fio-3.33--win500_bw.1.log';
    const text = readFileSync(fileURLToPath(new URL(`../../../fixtures/fio-log/${name}`, import.meta.url)), 'utf8');
    expect(parseFioLog(text, { name }).result.timeBase).toBe('job-start');
  });
});
