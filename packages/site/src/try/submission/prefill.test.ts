import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from '@benchfolio/parsers';
import { describe, expect, it } from 'vitest';
import { type PrefillSource, submissionPrefill } from './prefill.ts';

// Real outputs: the runner's ext4 run of the loopback experiment (fio 3.33 normal,json,
// sysbench 1.0.20, bonnie++ 2.00a, iostat from sysstat 12.6.1), and a 2011 fio 1.57 normal output.
const RESULTS = fileURLToPath(new URL('../../../../../content/results/', import.meta.url));
const EXT4 = `${RESULTS}2026-11-ext4-xfs-btrfs-loopback/runs/ext4/`;

function raw(path: string): string {
  return readFileSync(path, 'utf8');
}

function source(path: string, name = path.split('/').at(-1) as string): PrefillSource {
  return { file: name, parsed: parse(raw(path)) };
}

describe('submissionPrefill', () => {
  it('reads the kernel, host, CPU count, date and devices from an iostat banner and rows', () => {
    const text = raw(`${EXT4}iostat--ext4.txt`);
    // "Linux 6.18.44-fc-v782 (vm) \t2026-11-24 \t_x86_64_\t(2 CPU)" (S_TIME_FORMAT=ISO)
    const banner = /^Linux (\S+) \((\S+)\)\s+(\d{4}-\d\d-\d\d)\s+\S+\s+\((\d+) CPU\)/.exec(text);
    if (!banner) throw new Error('no banner');
    const [, release, host, date, cpus] = banner;
    const devices = [...new Set([...text.matchAll(/^(loop\d+|vd[a-z]+)\s/gm)].map((match) => match[1]))];

    const prefill = submissionPrefill([source(`${EXT4}iostat--ext4.txt`, 'pasted-1.txt')]);
    expect(prefill.system.kernel).toEqual([{ value: release, files: ['pasted-1.txt'] }]);
    expect(prefill.system.host).toEqual([{ value: host, files: ['pasted-1.txt'] }]);
    expect(prefill.system.cpuThreads).toEqual([{ value: Number(cpus), files: ['pasted-1.txt'] }]);
    expect(prefill.date).toEqual([{ value: date, files: ['pasted-1.txt'] }]);
    expect(prefill.system.devices.map((seen) => seen.value)).toEqual(devices);
    // iostat prints no version: none is proposed, and the tool is still listed with the outputs.
    expect(prefill.tools).toEqual([]);
    expect(prefill.outputs[0]).toMatchObject({ tool: 'iostat', format: 'text', file: `iostat--${host}.txt` });
  });

  it('finds the devices of a streamed iostat piece, whose summary is empty', () => {
    const parsed = parse(raw(`${EXT4}iostat--ext4.txt`));
    if (parsed.tool !== 'iostat') throw new Error(`expected an iostat output, got ${parsed.tool}`);
    const streamed = { ...parsed, result: { ...parsed.result, summary: [] } };
    const prefill = submissionPrefill([{ file: 'big.log', parsed: streamed }]);
    expect(prefill.system.devices.map((seen) => seen.value)).toEqual(['loop0', 'vda']);
  });

  it('writes tool versions as run.yaml does, from what each output prints', () => {
    const fio = raw(`${EXT4}fio--seed-hoffman-1.txt`);
    const sysbench = raw(`${EXT4}sysbench--fileio-rndrw-t4-1.txt`);
    const bonnie = raw(`${EXT4}bonnie--seed-1.txt`);
    const prefill = submissionPrefill([
      source(`${EXT4}fio--seed-hoffman-1.txt`, 'pasted-1.txt'),
      source(`${EXT4}sysbench--fileio-rndrw-t4-1.txt`, 'pasted-2.txt'),
      source(`${EXT4}bonnie--seed-1.txt`, 'pasted-3.txt'),
    ]);
    const versions = Object.fromEntries(
      prefill.tools.map(({ tool, versions }) => [tool, versions.map((v) => v.value)]),
    );
    expect(versions).toEqual({
      fio: [/^(fio-\S+)$/m.exec(fio)?.[1]],
      sysbench: [/^(sysbench \S+)/m.exec(sysbench)?.[1]],
      bonnie: [`bonnie++ ${/^Version (\S+)/m.exec(bonnie)?.[1]}`],
    });
    // The runner's run.yaml of the same run says the same.
    const runYaml = raw(`${EXT4}run.yaml`);
    for (const [tool, [version]] of Object.entries(versions)) expect(runYaml).toContain(`${tool}: '${version}'`);
  });

  it('names fio jobs as the workload and shows their parameters from the JSON', () => {
    const text = raw(`${EXT4}fio--seed-hoffman-1.txt`);
    const jobs = [...new Set([...text.matchAll(/"jobname" : "([^"]+)"/g)].map((match) => match[1]))];
    const prefill = submissionPrefill([source(`${EXT4}fio--seed-hoffman-1.txt`, 'pasted-1.txt')]);
    const [output] = prefill.outputs;
    expect(output?.workload).toBe(jobs.join(', '));
    expect(output?.file).toBe(`fio--${jobs[0]}-and-${jobs.length - 1}-more.txt`);
    const first = output?.parameters[0];
    expect(first?.subject).toBe(jobs[0]);
    // The preamble line: "random-write-direct: (g=0): rw=randwrite, ... ioengine=sync, iodepth=1".
    const preamble = new RegExp(`^${jobs[0]}: \\(g=0\\): rw=(\\w+),.* ioengine=(\\w+), iodepth=(\\d+)`, 'm').exec(text);
    const values = Object.fromEntries((first?.values ?? []).map(({ name, value }) => [name, value]));
    expect(values).toMatchObject({ rw: preamble?.[1], ioengine: preamble?.[2], iodepth: preamble?.[3] });
    expect(values.size).toBe(/"size" : "(\d+)"/.exec(text)?.[1]);
    expect(values.direct).toBe('1');
    expect(output?.note).toContain(`${jobs[0]}: rw=${preamble?.[1]}`);
    // JSON "time" : "Tue Nov 24 09:37:29 2026" (say) is the run's date.
    const printedTime = /"time" : "\w{3} (\w{3}) +(\d+) [\d:]+ (\d{4})"/.exec(text);
    const month = String(
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(
        printedTime?.[1] ?? '',
      ) + 1,
    );
    expect(prefill.date.map((seen) => seen.value)).toEqual([
      `${printedTime?.[3]}-${month.padStart(2, '0')}-${(printedTime?.[2] ?? '').padStart(2, '0')}`,
    ]);
  });

  it('names a fio normal-only output (fio 1.57) from its job line', () => {
    const path = `${RESULTS}2011-07-ext3-ext4-xfs-fio-msa70/runs/ext4/fio--ext4.txt`;
    const text = raw(path);
    const job = /^([\w-]+): \(g=0\): rw=(\w+)/m.exec(text);
    const prefill = submissionPrefill([source(path, 'pasted-1.txt')]);
    expect(prefill.outputs[0]?.parameters[0]?.subject).toBe(job?.[1]);
    expect(prefill.outputs[0]?.parameters[0]?.values).toContainEqual({ name: 'rw', value: job?.[2] });
    expect(prefill.outputs[0]?.file.startsWith(`fio--${job?.[1]}`)).toBe(true);
  });

  it('names a sysbench run as the runner does: test, mode and threads', () => {
    const text = raw(`${EXT4}sysbench--fileio-rndrw-t4-1.txt`);
    const threads = /^Number of threads: (\d+)/m.exec(text)?.[1];
    const prefill = submissionPrefill([source(`${EXT4}sysbench--fileio-rndrw-t4-1.txt`, 'pasted-1.txt')]);
    const [output] = prefill.outputs;
    expect(output?.workload).toBe(`fileio-rndrw-t${threads}`);
    expect(output?.file).toBe(`sysbench--fileio-rndrw-t${threads}.txt`);
    const values = Object.fromEntries((output?.parameters[0]?.values ?? []).map(({ name, value }) => [name, value]));
    expect(values).toMatchObject({
      threads,
      'file-extra-flags': /^Extra file open flags: (\S+)/m.exec(text)?.[1],
      'file-num': /^(\d+) files, /m.exec(text)?.[1],
    });
  });

  it('takes the bonnie++ machine name as a host candidate and its size as the workload', () => {
    const text = raw(`${EXT4}bonnie--seed-1.txt`);
    const [, machine, size] = /^(\S+)\s+(\d+[MG])\s/m.exec(text) ?? [];
    const prefill = submissionPrefill([source(`${EXT4}bonnie--seed-1.txt`, 'pasted-1.txt')]);
    expect(prefill.system.host).toEqual([{ value: machine, files: ['pasted-1.txt'] }]);
    expect(prefill.outputs[0]?.workload).toBe(`bonnie-${size}`);
    expect(prefill.outputs[0]?.file).toBe(`bonnie--${machine}-${size?.toLowerCase()}.txt`);
  });

  it('numbers repeats of one tool and workload, and keeps names given as <tool>--<what>', () => {
    const prefill = submissionPrefill([
      source(`${EXT4}sysbench--fileio-rndrw-t4-1.txt`, 'pasted-1.txt'),
      source(`${EXT4}sysbench--fileio-rndrw-t4-2.txt`, 'pasted-2.txt'),
      source(`${EXT4}bonnie--seed-1.txt`),
    ]);
    expect(prefill.outputs.map((output) => [output.file, output.repeat])).toEqual([
      ['sysbench--fileio-rndrw-t4-1.txt', 1],
      ['sysbench--fileio-rndrw-t4-2.txt', 2],
      ['bonnie--seed-1.txt', null],
    ]);
    expect(prefill.repeat).toBe(2);
  });

  it('agrees where outputs agree and keeps both values where they do not', () => {
    const prefill = submissionPrefill([
      source(`${EXT4}iostat--ext4.txt`, 'pasted-1.txt'),
      source(`${EXT4}bonnie--seed-1.txt`, 'pasted-2.txt'),
      source(`${RESULTS}2011-11-ext4-xfs-btrfs-bonnie/runs/ext4/bonnie--ext4.txt`, 'pasted-3.txt'),
    ]);
    const otherMachine = /^(\S+)\s+\d+[MG]\s/m.exec(
      raw(`${RESULTS}2011-11-ext4-xfs-btrfs-bonnie/runs/ext4/bonnie--ext4.txt`),
    )?.[1];
    expect(prefill.system.host).toEqual([
      { value: 'vm', files: ['pasted-1.txt', 'pasted-2.txt'] },
      { value: otherMachine, files: ['pasted-3.txt'] },
    ]);
    expect(prefill.tools.find((tool) => tool.tool === 'bonnie')?.versions.length).toBe(2);
  });

  it('is plain JSON: it survives the trip from the worker', () => {
    const prefill = submissionPrefill([source(`${EXT4}fio--seed-hoffman-1.txt`), source(`${EXT4}iostat--ext4.txt`)]);
    expect(JSON.parse(JSON.stringify(prefill))).toEqual(prefill);
  });

  it('renames an output whose own name validate refuses (fio--x.html), and keeps one it allows', () => {
    const prefill = submissionPrefill([
      source(`${EXT4}fio--seed-hoffman-1.txt`, 'fio--x.html'),
      source(`${EXT4}fio--seed-hoffman-1.txt`, 'fio--kept.log'),
    ]);
    const [renamed, kept] = prefill.outputs;
    expect(renamed?.file).toMatch(/^fio--.+\.txt$/);
    expect(kept?.file).toBe('fio--kept.log');
  });

  it('carries an output’s TRUNCATED warning, at its line, and none for a whole output', () => {
    const cutPath = fileURLToPath(
      new URL('../../../../parsers/fixtures/iostat/sysstat-12.6.1--ctrl-c-inside-report.input.txt', import.meta.url),
    );
    // The fixture's ^C: where the report stops.
    const cutLine =
      raw(cutPath)
        .split('\n')
        .findIndex((line) => line.includes('^C')) + 1;
    const prefill = submissionPrefill([source(cutPath), source(`${EXT4}iostat--ext4.txt`)]);
    expect(prefill.outputs[0]?.cut).toMatchObject({ line: cutLine });
    expect(prefill.outputs[1]?.cut).toBeNull();
  });
});
