import { symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DD_EXPERIMENT_ID,
  ddExperimentFiles,
  type FixtureDir,
  writeExperimentFixture,
} from '../../test/content-fixture.ts';
import { MAX_OUTPUT_BYTES } from './content-files.ts';
import { formatIssue, hasErrors, loadContent } from './load-content.ts';

// Each rule of content validation has a failing fixture here: the valid table-only experiment
// of test/content-fixture.ts, written to a temporary folder, with one thing broken.

let fixture: FixtureDir | undefined;
afterEach(() => fixture?.remove());

async function validate(change: (files: Record<string, string>) => void = () => {}, after?: (f: FixtureDir) => void) {
  const files = ddExperimentFiles();
  change(files);
  fixture = writeExperimentFixture(files);
  after?.(fixture);
  return loadContent(fixture.resultsDir, { displayRoot: fixture.resultsDir });
}

const errorsOf = (report: Awaited<ReturnType<typeof loadContent>>) =>
  report.issues.filter((issue) => issue.severity !== 'warning');

describe('loadContent on a valid experiment', () => {
  it('loads the experiment, its runs and its published numbers converted to base units', async () => {
    const report = await validate();
    expect(errorsOf(report)).toEqual([]);
    const [experiment] = report.experiments;
    expect(experiment?.id).toBe(DD_EXPERIMENT_ID);
    expect(experiment?.runs.map((run) => run.id)).toEqual(['host1', 'host2']);
    expect(experiment?.published[0]).toMatchObject({
      run: 'host1',
      tool: 'dd',
      metric: 'write.time',
      unit: 's',
      value: 20.6339,
      labels: { size: '20GB' },
      published: { value: '20.6339', unit: 's' },
    });
  });

  it('lists the system fields that differ between runs, for a host comparison without warnings', async () => {
    const report = await validate();
    const paths = report.experiments[0]?.systemDifferences.map((difference) => difference.path);
    expect(paths).toEqual(expect.arrayContaining(['cpu.model', 'filesystem.type', 'raid.controller']));
    expect(report.issues).toEqual([]);
  });

  it('validates one experiment folder given directly', async () => {
    fixture = writeExperimentFixture(ddExperimentFiles());
    const report = await loadContent(fixture.experimentDir, { displayRoot: fixture.resultsDir });
    expect(report.experiments).toHaveLength(1);
    expect(report.issues).toEqual([]);
  });
});

describe('loadContent accepts', () => {
  it("a README.md in a run folder (the runner's explanation of it), though no output lists it", async () => {
    const report = await validate((files) => {
      files['runs/host1/README.md'] = '# Host1 (run host1)\n\nA run folder of benchfolio.\n';
    });
    expect(errorsOf(report)).toEqual([]);
    expect(report.experiments[0]?.runs[0]?.outputs).toEqual([]);
  });
});

describe('loadContent refuses', () => {
  it('an unknown key, at its line', async () => {
    const report = await validate((files) => {
      files['experiment.yaml'] += 'licence: MIT\n';
    });
    expect(errorsOf(report)).toMatchObject([{ file: `${DD_EXPERIMENT_ID}/experiment.yaml`, line: 1 }]);
    expect(errorsOf(report)[0]?.message).toContain('licence');
    expect(report.experiments).toEqual([]);
  });

  it('a missing required field', async () => {
    const report = await validate((files) => {
      files['runs/host1/run.yaml'] = (files['runs/host1/run.yaml'] as string).replace('value: Host1\n', '');
    });
    expect(errorsOf(report)).toMatchObject([{ file: `${DD_EXPERIMENT_ID}/runs/host1/run.yaml` }]);
    expect(errorsOf(report)[0]?.message).toMatch(/value/);
  });

  it('markup in a text field the site renders', async () => {
    const report = await validate((files) => {
      files['experiment.yaml'] = (files['experiment.yaml'] as string).replace(
        'dd writes 20 GB',
        'dd writes <img src=x onerror=alert(1)> 20 GB',
      );
    });
    expect(errorsOf(report)).toMatchObject([{ line: 2, column: 10 }]);
  });

  it('raw HTML in index.md, outside code', async () => {
    const report = await validate((files) => {
      files['index.md'] = '# Write-up\n\n`<b>` in code is fine.\n\n<script>alert(1)</script>\n';
    });
    expect(errorsOf(report)).toMatchObject([{ file: `${DD_EXPERIMENT_ID}/index.md`, line: 5, column: 1 }]);
  });

  it('a raw file in a run folder that run.yaml does not list', async () => {
    const report = await validate((files) => {
      files['runs/host1/dd.txt'] = '20971520000 bytes (21 GB, 20 GiB) copied, 20.6339 s, 1.0 GB/s\n';
    });
    expect(errorsOf(report)).toMatchObject([{ file: `${DD_EXPERIMENT_ID}/runs/host1/dd.txt` }]);
    expect(errorsOf(report)[0]?.message).toMatch(/not listed/);
  });

  it("a stability entry whose mean is not that of its values (the runner's cpu-t1 repeats), at its line", async () => {
    const entry = (mean: string) =>
      [
        'stability:',
        "  - workload: 'cpu-t1'",
        '    tool: sysbench',
        "    metric: 'events per second'",
        "    unit: 'events/s'",
        '    mode: auto',
        '    target_rsd_percent: 2',
        '    min_repeat: 3',
        '    max_repeat: 6',
        '    warmup: 1',
        '    repeats: 7',
        '    measured: 6',
        '    values: [758.47, 869.62, 800.51, 735.81, 543.11, 950.12]',
        `    mean: ${mean}`,
        '    sd: 138.451',
        '    rsd_percent: 17.8353',
        '    stopped: max-repeat',
        '',
      ].join('\n');
    const good = await validate((files) => {
      files['runs/host1/run.yaml'] += entry('776.273');
    });
    expect(errorsOf(good)).toEqual([]);
    const bad = await validate((files) => {
      files['runs/host1/run.yaml'] += entry('800');
    });
    expect(errorsOf(bad)).toMatchObject([{ file: `${DD_EXPERIMENT_ID}/runs/host1/run.yaml`, line: 31 }]);
    expect(errorsOf(bad)[0]?.message).toMatch(/mean 800 is not that of the values \(776\.273\)/);
  });

  it('a listed output that is not there, at its entry in run.yaml', async () => {
    const report = await validate((files) => {
      files['runs/host1/run.yaml'] += 'outputs:\n  - file: fio--randwrite.txt\n    tool: fio\n';
    });
    expect(errorsOf(report)).toMatchObject([{ file: `${DD_EXPERIMENT_ID}/runs/host1/run.yaml`, line: 19, column: 11 }]);
  });

  it('an output path that leaves the run folder', async () => {
    const report = await validate((files) => {
      files['runs/host1/run.yaml'] += 'outputs:\n  - file: ../../../etc/passwd\n';
    });
    expect(errorsOf(report)[0]?.message).toMatch(/without a path/);
  });

  it('an output file name the site could not publish (#, ?, %), at its entry in run.yaml', async () => {
    for (const name of ['fio #1.txt', 'fio?.txt', 'fio-100%.txt']) {
      const report = await validate((files) => {
        files[`runs/host1/${name}`] = 'output\n';
        files['runs/host1/run.yaml'] += `outputs:\n  - file: "${name}"\n`;
      });
      expect(errorsOf(report), name).toMatchObject([
        { file: `${DD_EXPERIMENT_ID}/runs/host1/run.yaml`, line: 19, column: 11 },
      ]);
      expect(errorsOf(report)[0]?.message).toMatch(/without #, \?, % or control characters/);
    }
    // Spaces, "+", "&" and non-ASCII letters are published under their own name.
    const report = await validate((files) => {
      files['runs/host1/fio ext3+é&.txt'] = 'output\n';
      files['runs/host1/run.yaml'] += 'outputs:\n  - file: "fio ext3+é&.txt"\n';
    });
    expect(errorsOf(report).filter((issue) => issue.file.endsWith('run.yaml'))).toEqual([]);
  });

  it('a symbolic link, which could point outside the experiment', async () => {
    const report = await validate(undefined, (f) =>
      symlinkSync('/etc/hostname', join(f.experimentDir, 'runs/host1/out.txt')),
    );
    expect(errorsOf(report)[0]?.message).toMatch(/symbolic link/);
  });

  it('a raw output over 50 MB', async () => {
    const report = await validate(
      (files) => {
        files['runs/host1/run.yaml'] += 'outputs:\n  - file: big.txt\n';
      },
      (f) => {
        const path = join(f.experimentDir, 'runs/host1/big.txt');
        writeFileSync(path, '');
        truncateSync(path, MAX_OUTPUT_BYTES + 1); // sparse: costs no disk
      },
    );
    expect(errorsOf(report)[0]).toMatchObject({
      code: 'TOO_LARGE',
      message: 'the file is 50000001 bytes; the limit for a raw output is 50 MB: keep a shorter log',
    });
  });

  it('a raw output no parser reads, at its own line and column', async () => {
    const report = await validate((files) => {
      files['runs/host1/run.yaml'] += 'outputs:\n  - file: notes.txt\n';
      files['runs/host1/notes.txt'] = '\nnot a benchmark output\n';
    });
    expect(errorsOf(report)).toMatchObject([{ file: `${DD_EXPERIMENT_ID}/runs/host1/notes.txt`, line: 2, column: 1 }]);
    expect(errorsOf(report)[0]?.code).toBe('UNKNOWN_FORMAT');
  });

  it('a sub-folder in a run and an unexpected file in the experiment', async () => {
    const report = await validate((files) => {
      files['runs/host1/logs/fio.txt'] = 'x\n';
      files['notes.txt'] = 'x\n';
    });
    expect(errorsOf(report).map((issue) => issue.file)).toEqual([
      `${DD_EXPERIMENT_ID}/notes.txt`,
      `${DD_EXPERIMENT_ID}/runs/host1/logs`,
    ]);
  });

  it('a headline metric no run measured, at its line and column, naming the ones there are', async () => {
    const report = await validate((files) => {
      files['experiment.yaml'] += 'headline:\n  - tool: dd\n    metric: write.tme\n';
    });
    expect(errorsOf(report)).toMatchObject([{ file: `${DD_EXPERIMENT_ID}/experiment.yaml`, line: 15, column: 13 }]);
    expect(errorsOf(report)[0]?.message).toBe(
      'headline: no measurement write.tme of dd in this experiment (the dd measurements here are write.time)',
    );
  });

  it('a headline naming a measurement that exists, without an issue', async () => {
    const report = await validate((files) => {
      files['experiment.yaml'] += 'headline:\n  - tool: dd\n    metric: write.time\n    why: The post’s table.\n';
    });
    expect(errorsOf(report)).toEqual([]);
    expect(report.experiments[0]?.experiment.headline).toEqual([
      { tool: 'dd', metric: 'write.time', why: 'The post’s table.' },
    ]);
  });

  it('a folder name that is not the date of the experiment', async () => {
    const files = ddExperimentFiles();
    fixture = writeExperimentFixture(files, '2019-02-dd-sequential-write');
    const report = await loadContent(fixture.resultsDir, { displayRoot: fixture.resultsDir });
    expect(errorsOf(report)).toMatchObject([{ line: 5, column: 7 }]);
    expect(errorsOf(report)[0]?.message).toMatch(/2020-02-<slug>/);
  });

  it('two runs with the same value of the variable', async () => {
    const report = await validate((files) => {
      files['runs/host2/run.yaml'] = (files['runs/host2/run.yaml'] as string).replace('value: Host2', 'value: Host1');
    });
    expect(errorsOf(report)).toMatchObject([{ file: `${DD_EXPERIMENT_ID}/runs/host2/run.yaml`, line: 2, column: 8 }]);
  });

  it('a run of a published experiment with nothing to show', async () => {
    const report = await validate((files) => {
      files['runs/host3/run.yaml'] = 'label: Host3\nvalue: Host3\n';
    });
    expect(errorsOf(report)[0]).toMatchObject({ file: `${DD_EXPERIMENT_ID}/runs/host3/run.yaml` });
    expect(errorsOf(report)[0]?.message).toMatch(/nothing to show/);
  });

  it('an experiment awaiting runs without the command that reproduces it', async () => {
    const report = await validate((files) => {
      files['experiment.yaml'] += 'status: awaiting-runs\nmethod: dd with O_DIRECT, 20 GB.\n';
      delete files['measurements.csv'];
    });
    expect(errorsOf(report)[0]?.message).toMatch(/reproduce/);
  });

  it('measurements.csv rows with an unknown run, unit or malformed labels, each at its field', async () => {
    const report = await validate((files) => {
      files['measurements.csv'] +=
        'host9,dd,write.time,1.5,s,,Table 1\n' +
        'host1,dd,write.time,1.5,minutes,,Table 1\n' +
        'host1,dd,write.time,1.5,s,size,Table 1\n';
    });
    expect(errorsOf(report)).toMatchObject([
      { file: `${DD_EXPERIMENT_ID}/measurements.csv`, line: 4, column: 1 },
      { line: 5, column: 25 },
      { line: 6, column: 27 },
    ]);
  });

  it('a measurements.csv row without its source', async () => {
    const report = await validate((files) => {
      files['measurements.csv'] += 'host1,dd,write.time,1.5,s,,\n';
    });
    expect(errorsOf(report)).toMatchObject([{ line: 4, column: 28 }]);
  });

  it('nothing silently: every problem of a folder comes back in one report', async () => {
    const report = await validate((files) => {
      files['experiment.yaml'] += 'licence: MIT\n';
      files['runs/host1/stray.txt'] = 'x\n';
      files['measurements.csv'] += 'host1,dd,write.time,fast,s,,Table 1\n';
    });
    expect(errorsOf(report)).toHaveLength(3);
    expect(hasErrors(report.issues)).toBe(true);
  });
});

describe('loadContent warns', () => {
  it('where runs differ beyond the declared variable, without failing', async () => {
    const report = await validate((files) => {
      files['experiment.yaml'] = (files['experiment.yaml'] as string).replace('kind: host', 'kind: raid-controller');
    });
    expect(hasErrors(report.issues)).toBe(false);
    const messages = report.issues.map(formatIssue);
    expect(messages).toContainEqual(
      expect.stringMatching(/experiment\.yaml:\d+:\d+: warning: the runs differ in system\.filesystem\.type besides/),
    );
    expect(messages.some((message) => message.includes('system.raid.controller'))).toBe(false);
    expect(report.experiments).toHaveLength(1);
  });
});
