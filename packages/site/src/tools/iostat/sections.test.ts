// iostat sections read every value from the right report and the right device: checked against
// the device tables of real logs, read back here with a plain split of the raw text.
import { readdirSync, readFileSync } from 'node:fs';
import { parse, parseIostat } from '@benchfolio/parsers';
import { describe, expect, it } from 'vitest';
import { type IostatTable, iostatDeviceTables } from '../../../e2e/try/raw-numbers.ts';
import { experimentView } from '../../data/experiment-view.ts';
import { fixtureExperiment, realExperiment, repoPath } from '../../data/test-content.ts';
import type { DeviceSeries, ToolSection } from '../../view/model.ts';
import { iostatResultOf } from './sections.ts';
import { measuredDeviceSeries, streamedDeviceSeries } from './series.ts';

const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const EXT4_LOG = `content/results/${LOOPBACK}/runs/ext4/iostat--ext4.txt`;
const FIXTURE_LOG = 'packages/parsers/fixtures/iostat/sysstat-12.6.1--x-t-k-p-all.input.txt';
const CORPUS = 'packages/parsers/fixtures/corpus/iostat';

function printed(reports: readonly IostatTable[], device: string, column: string): number[] {
  return reports.map((report) => report.get(device)?.get(column) as number);
}

function iostatSection(sections: readonly ToolSection[]): ToolSection {
  const found = sections.find((section) => section.tool === 'iostat');
  if (found === undefined) throw new Error('no iostat section');
  return found;
}

function seriesOf(section: ToolSection, run: string, device: string): DeviceSeries {
  const found = section.devices?.find((series) => series.run === run && series.device === device);
  if (found === undefined) throw new Error(`no series of ${device} in run ${run}`);
  return found;
}

describe('iostat sections from measurements', () => {
  it('draws each device of a published log from its own rows of every interval report', async () => {
    const section = iostatSection(experimentView(await realExperiment(LOOPBACK)).sections);
    // Every report but the first (averages since boot), one per `-t` timestamp line of the log.
    const raw = readFileSync(repoPath(EXT4_LOG), 'utf8');
    // The runner's iostat prints ISO times with their offset (S_TIME_FORMAT=ISO): 2026-11-24T10:58:02+0000.
    const stamps = raw.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}$/gm) ?? [];
    const reports = iostatDeviceTables(raw).slice(1);
    expect(reports).toHaveLength(stamps.length - 1);
    expect(reports.length).toBeGreaterThan(100);
    for (const device of ['loop0', 'vda']) {
      const series = seriesOf(section, 'ext4', device);
      expect(series.values.util).toEqual(printed(reports, device, '%util'));
      expect(series.values.readsPerSec).toEqual(printed(reports, device, 'r/s'));
      expect(series.values.writesPerSec).toEqual(printed(reports, device, 'w/s'));
      // kB/s is KiB/s in sysstat.
      expect(series.values.readBytesPerSec).toEqual(printed(reports, device, 'rkB/s').map((kib) => kib * 1024));
      expect(series.values.writeBytesPerSec).toEqual(printed(reports, device, 'wkB/s').map((kib) => kib * 1024));
    }
    // The two devices differ: a value taken from the other device's row would show.
    expect(printed(reports, 'loop0', 'r/s')).not.toEqual(printed(reports, 'vda', 'r/s'));
    // The first report kept is the second timestamp of the log (the first is since boot's).
    const [dateTime, hours, minutes] = /^(\S+)([+-]\d\d)(\d\d)$/.exec(stamps[1] ?? '')?.slice(1) ?? [];
    expect(seriesOf(section, 'ext4', 'vda').start).toBe(`${dateTime}${hours}:${minutes}`);
  });

  it('summarizes a device over the interval reports only', async () => {
    const section = iostatSection(experimentView(await realExperiment(LOOPBACK)).sections);
    const util = printed(iostatDeviceTables(readFileSync(repoPath(EXT4_LOG), 'utf8')), 'vda', '%util');
    const summary = section.deviceSummaries?.find((entry) => entry.run === 'ext4' && entry.device === 'vda');
    const interval = util.slice(1);
    expect(summary?.mean.util).toBeCloseTo(interval.reduce((a, b) => a + b, 0) / interval.length, 9);
    expect(summary?.max.util).toBe(Math.max(...interval));
    // The since-boot report's value is not among them: with it, the mean would differ.
    expect(util[0]).not.toBe(summary?.mean.util);
    expect(summary?.mean.util).not.toBeCloseTo(util.reduce((a, b) => a + b, 0) / util.length, 9);
  });

  it('weighs r_await and w_await by r/s and w/s into await, per report', async () => {
    const loaded = await fixtureExperiment('2026-11-iostat-await', [
      { id: 'vm', value: 'vm', outputs: [{ file: 'iostat.txt', from: FIXTURE_LOG, tool: 'iostat' }] },
    ]);
    const vda = seriesOf(iostatSection(experimentView(loaded).sections), 'vm', 'vda');
    // Second report (the first after since boot): r/s 6.00 r_await 0.33, w/s 229.00 w_await 17.93.
    expect(vda.values.await[0]).toBeCloseTo(((0.33 * 6 + 17.93 * 229) / 235) * 1e6, 3);
    // Its r/s, not the since-boot report's 271.45.
    expect(vda.values.readsPerSec).toEqual([6, 4, 0]);
  });

  it('leaves out the since-boot report of every run in a log of several (cat of two logs)', async () => {
    const loaded = await fixtureExperiment('2026-11-iostat-twice', [
      {
        id: 'vm',
        value: 'vm',
        outputs: [{ file: 'iostat.txt', from: [FIXTURE_LOG, FIXTURE_LOG], tool: 'iostat', command: 'iostat -x 1' }],
      },
    ]);
    const vda = seriesOf(iostatSection(experimentView(loaded).sections), 'vm', 'vda');
    // Each run: 271.45 (since boot), then 6.00, 4.00, 0.00.
    expect(vda.values.readsPerSec).toEqual([6, 4, 0, 6, 4, 0]);
  });

  it('leaves out -g group totals, whose rows are not a device', () => {
    // `-g disks sda sdb`: the ` disks` row sums sda and sdb. Read with its one report kept (as
    // `-y` would print it), so that the rows have activity.
    const text = readFileSync(repoPath(`${CORPUS}/sysstat__v12.7-iostat-g.txt`), 'utf8');
    const parsed = parseIostat(text, { sinceBoot: false });
    const series = measuredDeviceSeries('r', parsed.measurements, undefined);
    // sdc, sdd and ` other` are all zero; ` disks` (8.60 tps, 222.43 kB_read/s) is a group.
    expect(series.map((entry) => entry.device)).toEqual(['sda', 'sdb']);
    expect(series[0]?.values.readBytesPerSec[0]).toBeCloseTo(222.14 * 1024, 6);
    expect(series[1]?.values.readBytesPerSec[0]).toBeCloseTo(0.29 * 1024, 6);
  });
});

describe('/try: the series of a streamed log, from its typed reports', () => {
  it('are the pages’ series, from measurements, for every real iostat output', () => {
    const dirs = ['packages/parsers/fixtures/iostat', CORPUS];
    const paths = [
      EXT4_LOG,
      ...dirs.flatMap((dir) =>
        readdirSync(repoPath(dir))
          .filter((name) => /\.(?:txt|json)$/.test(name) && !name.includes('.expected.'))
          .map((name) => `${dir}/${name}`),
      ),
    ];
    let withSeries = 0;
    for (const path of paths) {
      const parsed = parse(readFileSync(repoPath(path), 'utf8'), { tool: 'iostat' });
      const result = iostatResultOf(parsed);
      if (result === undefined) throw new Error(`${path} is not iostat`);
      const fromMeasurements = measuredDeviceSeries('r', parsed.measurements, 5);
      if (fromMeasurements.length > 0) withSeries++;
      expect(streamedDeviceSeries('r', result, 5), path).toEqual(fromMeasurements);
    }
    // Most corpus outputs hold one report (since boot): no series.
    expect(withSeries).toBeGreaterThanOrEqual(10);
  });
});
