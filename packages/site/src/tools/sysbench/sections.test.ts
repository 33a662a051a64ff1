// Where each bar of a sysbench section comes from: the run's own measurements (not its interval
// lines', not a prepare run's), checked against the numbers of the raw text (real sysbench outputs:
// the parsers' fixtures and corpus).
import { readFileSync } from 'node:fs';
import { parse } from '@benchfolio/parsers';
import { describe, expect, it } from 'vitest';
import { experimentView } from '../../data/experiment-view.ts';
import { fixtureExperiment, realExperiment, repoPath } from '../../data/test-content.ts';
import type { MetricComparison, ToolSection } from '../../view/model.ts';
import { sysbenchMeasuredRuns } from './measured.ts';

const FIXTURES = 'packages/parsers/fixtures/sysbench';
const CORPUS = 'packages/parsers/fixtures/corpus/sysbench';
const INTERVALS = `${FIXTURES}/sysbench-1.0.20--report-interval.input.txt`;
const MEMORY_THRICE = `${CORPUS}/e6118__v1.1.0-dev-memory-32M-block.txt`;
const FILEIO_04 = `${CORPUS}/vps-comparison__v0.4.12-randrw.txt`;
const OLTP = `${CORPUS}/pkb__v1.0.12-oltp-report-interval-2s.txt`;

async function sectionsOf(id: string, from: string): Promise<ToolSection[]> {
  const loaded = await fixtureExperiment(id, [
    { id: 'vm', value: 'vm', outputs: [{ file: 'sysbench.txt', from, tool: 'sysbench' }] },
  ]);
  return experimentView(loaded).sections;
}

function metric(sections: readonly ToolSection[], section: string, name: string): MetricComparison {
  const found = sections.find((candidate) => candidate.key === section)?.metrics.find((m) => m.metric === name);
  if (found === undefined) throw new Error(`no ${name} in ${section}`);
  return found;
}

describe('sysbench bars, from the runs’ measurements', () => {
  it('takes a run’s own figures, not its interval lines’', async () => {
    const sections = await sectionsOf('2026-11-sysbench-own', INTERVALS);
    // cpu: "events per second:  7327.24"; its interval lines say 5792.58 … 8567.46.
    expect(metric(sections, 'sysbench-cpu', 'events').cells).toEqual([{ group: 'cpu/2', run: 'vm', value: 7327.24 }]);
    // fileio rndrw: "reads/s: 38531.65", "written, MiB/s: 401.37", "fsyncs/s: 2569.58".
    const fileio = (name: string) => metric(sections, 'sysbench-fileio', name).cells[0]?.value;
    expect(fileio('read')).toBe(38531.65);
    expect(fileio('write.bw')).toBeCloseTo(401.37 * 1024 * 1024, 3);
    expect(fileio('fsync')).toBe(2569.58);
  });

  it('leaves the prepare run out (label `command`): it is no group, and no thread count', async () => {
    // sysbench fileio ... prepare, then one rndrw run at 1 thread, then cleanup.
    const sections = await sectionsOf('2026-11-sysbench-prepare', INTERVALS);
    const reads = metric(sections, 'sysbench-fileio', 'read');
    // One thread count: not a sweep, so the label does not name it.
    expect(reads.groups).toEqual([{ key: 'rndrw/1', label: 'rndrw' }]);
    expect(sections.find((section) => section.key === 'sysbench-fileio')?.sweeps).toBeUndefined();
  });

  it('takes runs with the same labels in one output as repeats', async () => {
    // Three memory write runs at 1 thread: "6496.00 MiB transferred (647.78 MiB/sec)",
    // "(425.09 MiB/sec)", "(575.53 MiB/sec)".
    const sections = await sectionsOf('2017-01-sysbench-memory', MEMORY_THRICE);
    const [cell] = metric(sections, 'sysbench-memory', 'transfer').cells;
    const mib = 1024 * 1024;
    expect(cell).toMatchObject({ group: 'write/1', spread: 'min-max', repeats: 3 });
    expect(cell?.value).toBeCloseTo(((647.78 + 425.09 + 575.53) / 3) * mib, 3);
    expect(cell?.low).toBeCloseTo(425.09 * mib, 3);
    expect(cell?.high).toBeCloseTo(647.78 * mib, 3);
    // "Total operations: 203 (   20.24 per second)" in the first.
    expect(metric(sections, 'sysbench-memory', 'operations').cells[0]?.high).toBe(20.24);
  });

  it('takes sysbench 0.4 fileio’s request rate and total throughput', async () => {
    const sections = await sectionsOf('2016-01-sysbench-0-4', FILEIO_04);
    // " 4559.24 Requests/sec executed"; "Total transferred 5.2176Gb  (17.81Mb/sec)" (Mb is MiB).
    expect(metric(sections, 'sysbench-fileio', 'requests').cells[0]?.value).toBe(4559.24);
    expect(metric(sections, 'sysbench-fileio', 'transfer.bw').cells[0]?.value).toBeCloseTo(17.81 * 1024 * 1024, 3);
    // "avg: 0.10ms", "approx.  95 percentile: 0.27ms".
    expect(metric(sections, 'sysbench-fileio', 'latency.avg').cells[0]?.value).toBeCloseTo(100_000, 6);
    expect(metric(sections, 'sysbench-fileio', 'latency.p95').cells[0]?.value).toBeCloseTo(270_000, 6);
  });

  it('takes oltp’s transactions and queries per second from the SQL statistics', async () => {
    const sections = await sectionsOf('2017-01-sysbench-oltp', OLTP);
    // "transactions: 29611  (986.49 per sec.)", "queries: 592237 (19730.45 per sec.)"; its first
    // interval line says "tps: 1012.86".
    const [tps, ...others] = metric(sections, 'sysbench-oltp', 'tps').cells;
    expect(others).toEqual([]);
    expect(tps).toMatchObject({ group: 'oltp/16', run: 'vm', value: 986.49 });
    // "ignored errors: 1 (0.03 per sec.)": the lint's BF107 on the number.
    expect(tps?.findings?.map((found) => found.rule)).toEqual(['BF107']);
    expect(metric(sections, 'sysbench-oltp', 'qps').cells[0]?.value).toBe(19730.45);
  });
});

describe('sysbench thread sweeps', () => {
  it('give each point the mean of its repeats with their min–max and count, read from the raw text', async () => {
    const id = '2026-11-ext4-xfs-btrfs-loopback';
    const loaded = await realExperiment(id);
    const sweep = experimentView(loaded)
      .sections.find((section) => section.key === 'sysbench-fileio')
      ?.sweeps?.find((candidate) => candidate.title.startsWith('rndrd · ') && candidate.title.includes('Reads'));
    expect(sweep?.spread).toBe('min-max');
    const ext4 = sweep?.runs.find((entry) => entry.run === 'ext4');
    expect(ext4?.points.map((point) => point.x)).toEqual([1, 4, 16]);
    for (const point of ext4?.points ?? []) {
      // "    reads/s:                      12113.49" in each repeat's output at that thread count.
      const reads = [1, 2].map((repeat) => {
        const text = readFileSync(
          repoPath(`content/results/${id}/runs/ext4/sysbench--fileio-rndrd-t${point.x}-${repeat}.txt`),
          'utf8',
        );
        return Number(/^\s*reads\/s:\s+([\d.]+)$/m.exec(text)?.[1]);
      });
      expect(point.n).toBe(2);
      expect(point.low).toBe(Math.min(...reads));
      expect(point.high).toBe(Math.max(...reads));
      expect(point.value).toBeCloseTo(reads.reduce((total, value) => total + value, 0) / reads.length, 6);
    }
  });
});

describe('sysbenchMeasuredRuns(measurements)', () => {
  it('gives each run its own figures and its interval lines, and the prepare run its command', () => {
    const output = parse(readFileSync(repoPath(INTERVALS), 'utf8'), { tool: 'sysbench' });
    const runs = sysbenchMeasuredRuns(output.measurements);
    // cpu, memory, threads (no test name), fileio prepare, fileio rndrw; cleanup measures nothing.
    expect(runs.map((run) => run.labels)).toEqual([
      { test: 'cpu', threads: '2' },
      { test: 'memory', mode: 'write', threads: '1' },
      { threads: '2' },
      { test: 'fileio', command: 'prepare' },
      { test: 'fileio', mode: 'rndrw', threads: '1' },
    ]);
    expect(runs.map((run) => run.intervals.length)).toEqual([5, 5, 5, 0, 5]);
    // "[ 1s ] thds: 2 eps: 5792.58 lat (ms,95%): 0.29"
    const first = runs[0]?.intervals[0];
    expect([first?.get('elapsed')?.value, first?.get('events')?.value]).toEqual([1, 5792.58]);
    expect(runs[0]?.values.get('events')?.value).toBe(7327.24);
  });

  it('starts a run where a figure comes again with the same labels', () => {
    const output = parse(readFileSync(repoPath(MEMORY_THRICE), 'utf8'), { tool: 'sysbench' });
    const runs = sysbenchMeasuredRuns(output.measurements);
    expect(runs.map((run) => run.values.get('transfer')?.value)).toEqual(
      [647.78, 425.09, 575.53].map((mibPerSec) => mibPerSec * 1024 * 1024),
    );
  });
});
