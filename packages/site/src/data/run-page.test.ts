import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parse } from '@benchfolio/parsers';
import { describe, expect, it } from 'vitest';
import { formatValue } from '../lib/format-value.ts';
import { headlineTable, workloadLabel } from './output-headlines.ts';
import { runPageView } from './run-page.ts';
import { loadRealExperiments, realExperiment, repoPath } from './test-content.ts';

const FIO_SEED = '2011-07-ext3-ext4-xfs-fio-msa70';

/** The `iops=` and `clat avg` (usec) fio 1.57 printed for a job, read from the raw text. */
function fio157Job(text: string, job: string): { iops: number; clatMeanUs: number } {
  const block = text.slice(text.indexOf(`${job}: (groupid=`));
  const iops = /iops=(\d+)/.exec(block)?.[1];
  const clat = /clat \(usec\):[^\n]*avg=([\d.]+)/.exec(block)?.[1];
  if (iops === undefined || clat === undefined) throw new Error(`no ${job} in the output`);
  return { iops: Number(iops), clatMeanUs: Number(clat) };
}

describe('a run page', () => {
  it("shows the fio seed's ext3 headline numbers as fio printed them, one row per job", async () => {
    const loaded = await realExperiment(FIO_SEED);
    const run = loaded.runs.find((candidate) => candidate.id === 'ext3');
    if (run === undefined) throw new Error('no ext3 run');
    const view = runPageView(loaded, run);
    const [output] = view.outputs;
    const table = output?.headlines;
    if (output === undefined || table === undefined) throw new Error('no headline table');
    const text = await readFile(run.outputs[0]?.path ?? '', 'utf8');
    const printed = fio157Job(text, 'random-write-direct');
    const row = table.rows.find((candidate) => candidate.label === 'random-write-direct');
    const column = (metric: string) => table.columns.findIndex((candidate) => candidate.metric === metric);
    expect(row?.detail).toBe('rw=randwrite, bs=8K-8K/8K-8K, iodepth=1');
    expect(row?.cells[column('write.iops')]).toBe(formatValue(printed.iops, 'op/s'));
    expect(row?.cells[column('write.clat.mean')]).toBe(formatValue(printed.clatMeanUs * 1000, 'ns'));
    expect(table.rows.map((candidate) => candidate.label)).toEqual([
      'random-write-direct',
      'random-write-buf',
      'sequential-write-direct',
      'sequential-write-buffered',
    ]);
    expect(output.href).toBe(`/experiments/${FIO_SEED}/runs/ext3/fio--ext3.txt`);
    expect(view.runYamlHref).toBe(`/experiments/${FIO_SEED}/runs/ext3/run.yaml`);
  });

  it("has the experiment's sections with this run's bars alone, and lists every run of the experiment", async () => {
    for (const loaded of await loadRealExperiments()) {
      for (const run of loaded.runs) {
        const view = runPageView(loaded, run);
        expect(view.runs.map((other) => other.id)).toEqual(loaded.runs.map((other) => other.id));
        expect(view.runs.filter((other) => other.isCurrent).map((other) => other.id)).toEqual([run.id]);
        for (const section of view.alone.sections) {
          for (const metric of section.metrics) {
            expect(metric.runs.map((ref) => ref.id)).toEqual([run.id]);
            expect(new Set(metric.cells.map((cell) => cell.run))).toEqual(new Set([run.id]));
          }
        }
      }
    }
  });

  it('charts the iostat log of a loopback run over time, and gives it no table of headline numbers', async () => {
    const loaded = await realExperiment('2026-11-ext4-xfs-btrfs-loopback');
    const run = loaded.runs[0];
    if (run === undefined) throw new Error('no run');
    const view = runPageView(loaded, run);
    const iostat = view.outputs.find((output) => output.tool === 'iostat');
    expect(iostat?.headlines).toBeUndefined();
    expect(iostat?.samples).toBeGreaterThan(1);
    // The other outputs' numbers: one table per tool (fio's logs too: their summary over the run), a
    // group of rows per file, in file order.
    expect(view.headlines.map((table) => table.tool)).toEqual(['fio', 'fio-log', 'sysbench', 'bonnie', 'dd']);
    for (const table of view.headlines) {
      // Every output of the tool that has a headline number (not every fio log has one).
      expect(table.outputs.map((output) => output.file)).toEqual(
        view.outputs.filter((output) => output.tool === table.tool && output.headlines).map((output) => output.file),
      );
      for (const output of table.outputs) {
        for (const row of output.rows) expect(row.cells).toHaveLength(table.columns.length);
      }
    }
    expect(view.alone.sections.some((section) => (section.devices ?? []).length > 0)).toBe(true);
  });
});

describe("dd's rows, which dd names only by the report's number", () => {
  it('take the workload run.yaml declares for a one-report output: dd-seq-write, 993 MB/s', async () => {
    const loaded = await realExperiment('2026-11-ext4-xfs-btrfs-loopback');
    const run = loaded.runs.find((candidate) => candidate.id === 'ext4');
    if (run === undefined) throw new Error('no ext4 run');
    const dd = runPageView(loaded, run).outputs.find((output) => output.file === 'dd--seq-write-1.txt');
    // dd--seq-write-1.txt: "134217728 bytes (134 MB, 128 MiB) copied, 0.135109 s, 993 MB/s"; run.yaml `workload: 'dd-seq-write'`.
    expect(dd?.headlines?.rows.map((row) => row.label)).toEqual(['dd-seq-write']);
    expect(dd?.headlines?.rows[0]?.cells[0]).toBe('993 MB/s');
  });

  it('read "report 1" to "report 3" for three reports in one output, from 1 as a reader counts', () => {
    const text = readFileSync(repoPath('packages/parsers/fixtures/dd/dd-9.1--loop-with-version.input.txt'), 'utf8');
    const table = headlineTable('dd', parse(text).measurements, 'ignored: three reports');
    expect(table?.rows.map((row) => row.label)).toEqual(['report 1', 'report 2', 'report 3']);
    // "65536 bytes (66 kB, 64 KiB) copied, 0.00403691 s, 16.2 MB/s": 65536 / 0.00403691 B/s.
    expect(table?.rows[0]?.cells[0]).toBe('16.2 MB/s');
  });
});

describe('workloadLabel', () => {
  it("names a row by its first label and lists the others, leaving out fio's group index", () => {
    expect(workloadLabel({ job: 'seq', group: '0', rw: 'write' })).toEqual({ label: 'seq', detail: 'rw=write' });
    expect(workloadLabel({ size: '8G' })).toEqual({ label: '8G', detail: '' });
    expect(workloadLabel({})).toEqual({ label: 'whole output', detail: '' });
  });

  it('gives no table for a tool the site does not know', () => {
    expect(headlineTable('nginx', [])).toBeUndefined();
  });
});

describe('a run page of a cut output', () => {
  it('says where the output was cut and the reason run.yaml gives for publishing it', async () => {
    const loaded = await realExperiment(FIO_SEED);
    const run = loaded.runs.find((candidate) => candidate.id === 'ext3');
    const output = run?.outputs[0];
    if (run === undefined || output === undefined) throw new Error('no ext3 output');
    // The MSA70 ext3 output cut at byte 2,787 (issue 34): fio warns TRUNCATED where it stops.
    const text = await readFile(output.path, 'utf8');
    const cutText = text.slice(0, 2787);
    const parsed = parse(cutText, { tool: 'fio' });
    const reason = 'the copy on the blog stops here';
    const cutRun = {
      ...run,
      outputs: [{ ...output, parsed, declared: { ...output.declared, truncated: { accepted: reason } } }],
    };
    const view = runPageView({ ...loaded, runs: [cutRun] }, cutRun);
    expect(view.outputs[0]?.truncated).toEqual({ line: cutText.split('\n').length, accepted: reason });
  });

  it('says nothing of a whole output', async () => {
    const loaded = await realExperiment(FIO_SEED);
    const run = loaded.runs.find((candidate) => candidate.id === 'ext3');
    if (run === undefined) throw new Error('no ext3 run');
    expect(runPageView(loaded, run).outputs[0]?.truncated).toBeUndefined();
  });
});
