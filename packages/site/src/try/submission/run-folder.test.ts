import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse } from '@benchfolio/parsers';
import { ExperimentSchema, OutputSchema, RunSchema, SystemSchema } from '@benchfolio/parsers/content';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { submissionPrefill } from './prefill.ts';
import {
  checkRunFolder,
  EXPERIMENT_ORDER,
  RUN_ORDER,
  type RunFolderValues,
  runFolderZip,
  runYamlText,
  type SubmissionFields,
} from './run-folder.ts';

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const LOOPBACK = join(REPO, 'content/results/2026-11-ext4-xfs-btrfs-loopback');
const EXT4 = join(LOOPBACK, 'runs/ext4');
// The repository's own CLI, from its sources (as packages/parsers/src/cli/cli.test.ts runs it).
const CLI = join(REPO, 'packages/parsers/src/cli/main.ts');
const exec = promisify(execFile);

async function validate(dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return exec(process.execPath, [CLI, 'validate', dir]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

const temps: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'benchfolio-submission-'));
  temps.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Unzips into `dir`, refusing any path that would leave it. */
async function unzipInto(dir: string, zip: Uint8Array): Promise<string[]> {
  const entries = unzipSync(zip);
  for (const [path, bytes] of Object.entries(entries)) {
    expect(path.split('/')).not.toContain('..');
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), bytes);
  }
  return Object.keys(entries).sort();
}

const OUTPUT_FILES = [
  'iostat--ext4.txt',
  'fio--seed-hoffman-1.txt',
  'sysbench--fileio-rndrw-t4-1.txt',
  'bonnie--seed-1.txt',
];

/** The real outputs as the page has them (pasted), their prefill, and form fields from it. */
async function realOutputs() {
  const texts = await Promise.all(OUTPUT_FILES.map((file) => readFile(join(EXT4, file))));
  const prefill = submissionPrefill(
    texts.map((bytes, index) => ({ file: `pasted-${index + 1}.txt`, parsed: parse(new TextDecoder().decode(bytes)) })),
  );
  const fields: Record<string, string> = {};
  prefill.outputs.forEach((output, index) => {
    fields[`outputs.${index}.file`] = output.file;
    fields[`outputs.${index}.tool`] = output.tool;
    fields[`outputs.${index}.format`] = output.format;
    fields[`outputs.${index}.workload`] = output.workload ?? '';
    fields[`outputs.${index}.note`] = output.note ?? '';
  });
  for (const { tool, versions } of prefill.tools) fields[`tools.${tool}`] = versions[0]?.value ?? '';
  fields['system.kernel'] = prefill.system.kernel[0]?.value ?? '';
  fields['system.host'] = prefill.system.host[0]?.value ?? '';
  fields.date = prefill.date[0]?.value ?? '';
  return { bytes: texts.map((buffer) => new Uint8Array(buffer)), prefill, fields };
}

const EXPERIMENT_FIELDS: SubmissionFields = {
  'experiment.title': 'f2fs on a loop image, tried on the /try page',
  'experiment.summary': 'One run of the seed profiles on f2fs.',
  'experiment.variable.kind': 'filesystem',
  'experiment.date': '2026-11-21',
  'experiment.authors': 'A. Reader\nB. Reader',
  'experiment.license': 'CC-BY-4.0',
};

describe('runYamlText', () => {
  it('writes the keys in the order of the runner’s run.yaml, leaving out empty fields', () => {
    const text = runYamlText({
      notes: 'by hand',
      'outputs.0.note': 'n',
      'outputs.0.file': 'fio--x.txt',
      'tools.fio': 'fio-3.33',
      'system.disks.0.device': 'vda',
      'system.disks.0.model': 'QEMU disk',
      'system.kernel': '6.1.0',
      'system.host': 'vm',
      'system.os': '',
      date: '2026-11-21',
      value: 'ext4',
      label: 'ext4',
      commands: 'fio a.fio\n\nfio b.fio\n',
    });
    const data = parseYaml(text) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(['label', 'value', 'date', 'system', 'tools', 'commands', 'outputs', 'notes']);
    expect(Object.keys(data.system as object)).toEqual(['host', 'kernel', 'disks']);
    expect(data.commands).toEqual(['fio a.fio', 'fio b.fio']);
    expect((data.system as { disks: unknown[] }).disks).toEqual([{ model: 'QEMU disk', device: 'vda' }]);
    // The same order as the runner's own run.yaml of the ext4 run.
    expect(text).toMatch(/^label: 'ext4'\nvalue: 'ext4'\ndate: '2026-11-21'\nsystem:\n {2}host: 'vm'/m);
  });

  it('keeps every schema key in its key order', () => {
    expect(Object.keys(RUN_ORDER)).toEqual(Object.keys(RunSchema.shape));
    expect(Object.keys(RUN_ORDER.system ?? {})).toEqual(Object.keys(SystemSchema.shape));
    expect(Object.keys(RUN_ORDER.outputs ?? {})).toEqual(Object.keys(OutputSchema.shape));
    const system = SystemSchema.shape;
    expect(Object.keys(RUN_ORDER.system?.cpu ?? {})).toEqual(Object.keys(system.cpu.unwrap().shape));
    expect(Object.keys(RUN_ORDER.system?.memory ?? {})).toEqual(Object.keys(system.memory.unwrap().shape));
    expect(Object.keys(RUN_ORDER.system?.disks ?? {})).toEqual(Object.keys(system.disks.unwrap().element.shape));
    expect(Object.keys(RUN_ORDER.system?.raid ?? {})).toEqual(Object.keys(system.raid.unwrap().shape));
    expect(Object.keys(RUN_ORDER.system?.filesystem ?? {})).toEqual(Object.keys(system.filesystem.unwrap().shape));
    expect(Object.keys(EXPERIMENT_ORDER)).toEqual(Object.keys(ExperimentSchema.shape));
    expect(Object.keys(EXPERIMENT_ORDER.variable ?? {})).toEqual(Object.keys(ExperimentSchema.shape.variable.shape));
  });
});

describe('checkRunFolder', () => {
  const base: RunFolderValues = {
    experimentId: '2026-11-f2fs-try',
    isNewExperiment: true,
    runId: 'f2fs',
    fields: { ...EXPERIMENT_FIELDS, label: 'f2fs', value: 'f2fs' },
  };

  it('reports a bad value at its line and column, on its field', () => {
    const check = checkRunFolder({
      ...base,
      fields: { ...base.fields, date: '2026-13-01', 'system.cpu.threads': 'two' },
    });
    const lines = check.runYaml.split('\n');
    const dateLine = lines.findIndex((line) => line.startsWith('date:')) + 1;
    expect(check.issues).toContainEqual({
      file: 'content/results/2026-11-f2fs-try/runs/f2fs/run.yaml',
      line: dateLine,
      column: 7,
      field: 'date',
      message: 'date: a date: YYYY-MM-DD, YYYY-MM or YYYY',
    });
    // A number field holding words stays text, so the schema names the problem; and the CPU
    // model, required as soon as any CPU field is given, is reported on its own field.
    const fields = check.issues.map((issue) => issue.field);
    expect(fields).toContain('system.cpu.threads');
    expect(fields).toContain('system.cpu.model');
  });

  it('checks the experiment id against the date and the run id against the runs/ folder rule', () => {
    const check = checkRunFolder({ ...base, experimentId: '2025-01-f2fs-try', runId: 'F2FS run' });
    expect(check.issues.map((issue) => [issue.field, issue.message])).toEqual([
      [
        'experiment-id',
        'the folder is named after the date: 2026-11-<slug> (lowercase words joined by hyphens), found "2025-01-f2fs-try"',
      ],
      [
        'run-id',
        'a run folder is named with lowercase letters and digits, in words joined by ".", "_" or "-" (such as ext4-tuned), found "F2FS run"',
      ],
    ]);
  });

  it.each(['f2fs.json', 'f2fs.sections'])('refuses the run id %j, whose name the site’s own files take', (runId) => {
    const check = checkRunFolder({ ...base, runId });
    expect(check.issues).toEqual([
      expect.objectContaining({
        field: 'run-id',
        code: 'RESERVED_NAME',
        message: expect.stringContaining(`may not end in "${runId.slice(runId.indexOf('.'))}"`),
      }),
    ]);
  });

  it.each([
    ['fio--x.html', 'FILE_TYPE'],
    ['fio--x.svg', 'FILE_TYPE'],
    ['index.html', 'RESERVED_NAME'],
    ['run.yaml', 'RESERVED_NAME'],
  ])('refuses the output file name %j as validate does', (file, code) => {
    const check = checkRunFolder({
      ...base,
      fields: { ...base.fields, 'outputs.0.file': file, 'outputs.0.tool': 'fio' },
    });
    expect(check.issues).toEqual([expect.objectContaining({ field: 'outputs.0.file', code })]);
  });

  it('asks why a cut output is published, and writes truncated: { accepted } once told', () => {
    const cut = { line: 12, column: 1, message: 'the output stops inside a report' };
    const fields = { ...base.fields, 'outputs.0.file': 'iostat--cut.txt', 'outputs.0.tool': 'iostat' };
    const asked = checkRunFolder({ ...base, fields }, [{ cut }]);
    expect(asked.issues).toEqual([
      expect.objectContaining({
        field: 'outputs.0.truncated.accepted',
        file: 'content/results/2026-11-f2fs-try/runs/f2fs/iostat--cut.txt',
        line: 12,
        code: 'TRUNCATED',
        message: expect.stringContaining('validate refuses a cut output'),
      }),
    ]);
    expect(asked.runYaml).not.toContain('truncated');
    const reason = 'iostat was stopped with ^C after the last job';
    const told = checkRunFolder({ ...base, fields: { ...fields, 'outputs.0.truncated.accepted': reason } }, [{ cut }]);
    expect(told.issues).toEqual([]);
    expect(parseYaml(told.runYaml).outputs[0].truncated).toEqual({ accepted: reason });
  });

  it('flags an output over validate’s 50 MB limit', () => {
    const check = checkRunFolder({ ...base, fields: { ...base.fields, 'outputs.0.file': 'iostat--big.txt' } }, [
      { sizeBytes: 60_000_000 },
    ]);
    expect(check.issues).toContainEqual(
      expect.objectContaining({ field: 'outputs.0.file', message: expect.stringContaining('over the 50 MB limit') }),
    );
  });

  it('reports what the real CLI reports, at the same place', async () => {
    const { bytes, fields } = await realOutputs();
    const values: RunFolderValues = {
      ...base,
      fields: { ...base.fields, ...fields, date: '2026-13-01', 'system.disks.0.device': 'vda' },
    };
    const expected = checkRunFolder(values).issues;
    expect(expected.length).toBe(2);
    const { issues } = runFolderZip(values, bytes);
    expect(issues).toEqual(expected);
    // Write the folder as it would be (the zip refuses to), and let validate read it.
    const dir = await tempDir();
    const runDir = join(dir, values.experimentId, 'runs', values.runId);
    await mkdir(runDir, { recursive: true });
    const check = checkRunFolder(values);
    await writeFile(join(dir, values.experimentId, 'experiment.yaml'), check.experimentYaml ?? '');
    await writeFile(join(runDir, 'run.yaml'), check.runYaml);
    for (const [index, output] of bytes.entries())
      await writeFile(join(runDir, fields[`outputs.${index}.file`] ?? ''), output);
    const result = await validate(join(dir, values.experimentId));
    expect(result.code).toBe(1);
    const reported = result.stderr.trim().split('\n');
    for (const issue of expected) {
      const shown = issue.file.replace('content/results/', '');
      expect(reported).toContainEqual(
        expect.stringMatching(
          new RegExp(`${escapeRegExp(shown)}:${issue.line}:${issue.column}: ${escapeRegExp(issue.message)}$`),
        ),
      );
    }
  });
});

describe('runFolderZip', () => {
  it('makes a new experiment that the real CLI validates, with the outputs byte for byte', async () => {
    const { bytes, fields } = await realOutputs();
    const values: RunFolderValues = {
      experimentId: '2026-11-f2fs-try',
      isNewExperiment: true,
      runId: 'f2fs',
      fields: { ...EXPERIMENT_FIELDS, ...fields, label: 'f2fs', value: 'f2fs' },
    };
    const zip = runFolderZip(values, bytes);
    expect(zip.issues).toEqual([]);
    expect(zip.fileName).toBe('2026-11-f2fs-try--f2fs.zip');
    const dir = await tempDir();
    const paths = await unzipInto(dir, zip.bytes as Uint8Array);
    const names = OUTPUT_FILES.map((_, index) => fields[`outputs.${index}.file`]);
    expect(paths).toEqual(
      [
        '2026-11-f2fs-try/experiment.yaml',
        '2026-11-f2fs-try/runs/f2fs/run.yaml',
        ...names.map((name) => `2026-11-f2fs-try/runs/f2fs/${name}`),
      ].sort(),
    );
    for (const [index, file] of OUTPUT_FILES.entries()) {
      const written = await readFile(join(dir, '2026-11-f2fs-try/runs/f2fs', names[index] ?? ''));
      expect(written.equals(await readFile(join(EXT4, file)))).toBe(true);
    }
    const result = await validate(dir);
    // Warnings and lint findings (`warning BF103 …`) are printed, and never refuse a folder.
    expect(result.stderr).not.toMatch(/^(?!.*warning:)(?!.* (?:error|warning|note) BF\d{3} ).+$/m);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('1 experiment valid, 0 errors');
  });

  it('adds a run to a published experiment that then still validates', async () => {
    const { bytes, fields } = await realOutputs();
    const values: RunFolderValues = {
      experimentId: '2026-11-ext4-xfs-btrfs-loopback',
      isNewExperiment: false,
      runId: 'f2fs',
      fields: { ...fields, label: 'f2fs', value: 'f2fs', 'system.filesystem.type': 'f2fs' },
    };
    const zip = runFolderZip(values, bytes);
    expect(zip.issues).toEqual([]);
    const dir = await tempDir();
    await cp(LOOPBACK, join(dir, values.experimentId), { recursive: true });
    const paths = await unzipInto(dir, zip.bytes as Uint8Array);
    expect(paths.every((path) => path.startsWith('2026-11-ext4-xfs-btrfs-loopback/runs/f2fs/'))).toBe(true);
    const result = await validate(join(dir, values.experimentId));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('1 experiment valid, 0 errors');
  });

  it('makes no zip while the folder has issues', () => {
    const zip = runFolderZip({ experimentId: '2026-11-x', isNewExperiment: false, runId: 'r', fields: {} }, []);
    expect(zip.bytes).toBeNull();
    expect(zip.issues.map((issue) => issue.field)).toEqual(['label', 'value']);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
