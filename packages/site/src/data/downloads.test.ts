import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContent } from '@benchfolio/parsers/node';
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../compare/compare-index.ts';
import { rawFilePath, runJsonPath } from './download-paths.ts';
import { measurementsCsv } from './measurements-table.ts';
import { runJson } from './run-json.ts';
import { loadRealExperiments, realExperiment, repoPath } from './test-content.ts';

describe('download paths', () => {
  it('percent-encodes what a URL path needs', () => {
    expect(rawFilePath('2011-07-x', 'ext3', 'fio ext3 é.txt')).toBe(
      '/experiments/2011-07-x/runs/ext3/fio%20ext3%20%C3%A9.txt',
    );
    expect(runJsonPath('2011-07-x', 'ext3')).toBe('/experiments/2011-07-x/runs/ext3.json');
  });
});

describe('measurements.csv', () => {
  it("escapes a published source that a spreadsheet would run as a formula with a leading '", async () => {
    // The real table-only experiment, with two rows whose sources a hostile pull request could write.
    const root = await mkdtemp(join(tmpdir(), 'benchfolio-csv-formulas-'));
    try {
      const id = '2014-ec2-m3-large-m3-medium-t2-medium-rails';
      const dir = join(root, id);
      await cp(repoPath(`content/results/${id}`), dir, { recursive: true });
      const csvPath = join(dir, 'measurements.csv');
      const rows = [
        'm3-large,nginx,request_time.p1,-12.5,s,,"=HYPERLINK(""http://x"",""y"")"',
        'm3-large,nginx,request_time.p2,6.5,s,,@SUM(A1)',
      ];
      await writeFile(csvPath, `${await readFile(csvPath, 'utf8')}${rows.join('\n')}\n`);
      const { experiments, issues } = await loadContent(dir, { displayRoot: root });
      expect(issues.filter((issue) => issue.severity !== 'warning')).toEqual([]);
      const lines = measurementsCsv(experiments[0] as (typeof experiments)[number]).split('\r\n');
      // The value -12.5 stays a number: only text is escaped.
      expect(lines).toContain('m3-large,nginx,request_time.p1,-12.5,s,,"\'=HYPERLINK(""http://x"",""y"")"');
      expect(lines).toContain("m3-large,nginx,request_time.p2,6.5,s,,'@SUM(A1)");
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('lists the published rows of a table-only experiment in base units, with their sources', async () => {
    const csv = measurementsCsv(await realExperiment('2014-ec2-m3-large-m3-medium-t2-medium-rails'));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('run,tool,metric,value,unit,labels,source');
    // 6 rows in content/results/.../measurements.csv, and the empty text after the last CRLF.
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe(
      'm3-large,nginx,request_time.mean,6.30324,s,,"The m3.medium is terrible, table under the chart ""average nginx $request_time"", row ""m3.large"", column ""_avg"""',
    );
  });

  it('lists every parsed measurement of the fio seed, its raw file as source', async () => {
    const loaded = await realExperiment('2011-07-ext3-ext4-xfs-fio-msa70');
    const lines = measurementsCsv(loaded).trimEnd().split('\r\n');
    const count = loaded.runs.reduce(
      (total, run) => total + run.outputs.reduce((sum, output) => sum + output.parsed.measurements.length, 0),
      0,
    );
    expect(lines).toHaveLength(1 + count);
    expect(lines[1]).toBe(
      'ext3,fio,write.iops,7118,op/s,job=random-write-direct;group=0;rw=randwrite;bs=8K-8K/8K-8K;iodepth=1,fio--ext3.txt',
    );
  });
});

describe('run JSON', () => {
  it('holds run.yaml, the parsed outputs and the run’s own sections', async () => {
    const loaded = await realExperiment('2011-07-ext3-ext4-xfs-fio-msa70');
    const body = runJson(loaded, loaded.runs[0] as (typeof loaded.runs)[number]);
    expect(body.experiment.id).toBe('2011-07-ext3-ext4-xfs-fio-msa70');
    expect(body.run).toMatchObject({ id: 'ext3', label: 'ext3', value: 'ext3' });
    expect(body.outputs).toHaveLength(1);
    expect(body.outputs[0]).toMatchObject({ file: 'fio--ext3.txt', tool: 'fio', format: 'normal' });
    expect(body.outputs[0]?.measurements.length).toBeGreaterThan(0);
    expect(body.published).toEqual([]);
    const iops = body.sections[0]?.metrics.find((metric) => metric.key === 'fio-write-iops');
    expect(iops?.runs).toEqual([{ id: 'ext3', label: 'ext3' }]);
    expect(iops?.cells[0]).toMatchObject({ run: 'ext3', group: 'random-write-direct', value: 7118 });
    // Plain JSON: it survives a round trip unchanged.
    expect(JSON.parse(JSON.stringify(body.sections))).toEqual(body.sections);
  });
});

describe('experiments/<id>/compare-runs.json', () => {
  it('lists every run with numbers, with the workloads it can be compared on, under the base path', async () => {
    const experiments = await loadRealExperiments();
    const index = { runs: experiments.flatMap((loaded) => compareRuns(loaded, '/benchfolio/')) };
    const withNumbers = experiments.filter((experiment) => experiment.experiment.status !== 'awaiting-runs');
    const runCount = withNumbers.reduce((total, experiment) => total + experiment.runs.length, 0);
    expect(index.runs).toHaveLength(runCount);
    const host2 = index.runs.find((run) => run.run === 'host2-performance');
    expect(host2?.href).toBe('/benchfolio/experiments/2020-fio-random-write-cpu-governor/runs/host2-performance.json');
    expect(host2?.sectionsHref).toBe(
      '/benchfolio/experiments/2020-fio-random-write-cpu-governor/runs/host2-performance.sections.json',
    );
    // The two "IO Performance Case I" fio tables share their 4k workload.
    const key = 'fio:published|bs=4k;threads=32';
    const sharing = new Set(index.runs.filter((run) => run.keys.includes(key)).map((run) => run.experiment));
    expect([...sharing].sort()).toEqual([
      '2020-fio-random-write-cpu-governor',
      '2020-fio-random-write-io-scheduler-filesystem',
    ]);
    expect(index.runs.find((run) => run.run === 'ext3')?.keys).toEqual([
      'fio|random-write-direct',
      'fio|random-write-buf',
      'fio|sequential-write-direct',
      'fio|sequential-write-buffered',
    ]);
    // Experiments awaiting runs have nothing to compare yet: none of their runs is listed.
    const awaiting = experiments.filter((experiment) => experiment.experiment.status === 'awaiting-runs');
    expect(awaiting.length).toBeGreaterThan(0);
    for (const experiment of awaiting) {
      expect(index.runs.filter((run) => run.experiment === experiment.id)).toEqual([]);
    }
  });
});
