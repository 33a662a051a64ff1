import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.ts';
import type { TryOutputFailed, TryOutputParsed } from './try-view.ts';

// Real outputs committed under content/results: the 2011 seed's fio 1.x output, and the runner's
// fio 3.33 (normal,json), bonnie++ 2.00a and iostat 12.6.1 outputs made on this project's machine.
const results = fileURLToPath(new URL('../../../../content/results', import.meta.url));
const read = (path: string) => readFileSync(join(results, path), 'utf8');
const SEED_FIO = '2011-07-ext3-ext4-xfs-fio-msa70/runs/ext3/fio--ext3.txt';
const LOOP = '2026-11-ext4-xfs-btrfs-loopback/runs/ext4';

const parsedOutput = (output: unknown) => output as TryOutputParsed;

describe('analyze', () => {
  it('detects a seed fio 1.x output and shows its numbers exactly, in a table and in the bars', async () => {
    const text = read(SEED_FIO);
    const iops = Number(/write: io=\S+ bw=\S+ iops=(\d+)/.exec(text)?.[1]);
    expect(iops).toBe(7118);
    const view = await analyze([{ name: 'pasted-1.txt', text }]);
    const output = parsedOutput(view.outputs[0]);
    expect(output).toMatchObject({
      ok: true,
      tool: 'fio',
      format: 'normal',
      toolVersion: /^fio \d\S*$/m.exec(text)?.[0],
    });
    const rows = output.tables[0]?.rows ?? [];
    expect(rows.some((row) => row[0] === 'write.iops' && row[3] === `${iops} op/s`)).toBe(true);
    const fio = view.sections.find((section) => section.tool === 'fio');
    const iopsMetric = fio?.metrics.find((metric) => metric.metric === 'write.iops');
    expect(iopsMetric?.cells.map((cell) => cell.value)).toContain(iops);
    expect(iopsMetric?.runs).toEqual([{ id: 'yours', label: 'Your run' }]);
  });

  it('reads fio 3.33 normal,json and bonnie++ 2.00a outputs together as one run', async () => {
    const fio = read(`${LOOP}/fio--seed-hoffman-1.txt`);
    const bonnie = read(`${LOOP}/bonnie--seed-1.txt`);
    const view = await analyze([
      { name: 'fio.txt', text: fio },
      { name: 'bonnie.txt', file: new Blob([bonnie]) },
    ]);
    expect(
      view.outputs.map((output) => [output.name, parsedOutput(output).tool, parsedOutput(output).toolVersion]),
    ).toEqual([
      ['fio.txt', 'fio', /^fio-\S+/m.exec(fio)?.[0]],
      ['bonnie.txt', 'bonnie', /^Version\s+(\S+)/m.exec(bonnie)?.[1]],
    ]);
    expect(view.sections.map((section) => section.tool)).toEqual(['fio', 'bonnie']);
    // The runner asks fio for --output-format=normal,json: each run printed twice, its JSON read.
    expect(view.outputs[0]).toMatchObject({ format: 'mixed', readFormats: ['json'] });
  });

  it('streams an iostat log given as a file to the same view as the pasted text', async () => {
    const text = read(`${LOOP}/iostat--ext4.txt`);
    const pasted = await analyze([{ name: 'iostat.txt', text }]);
    const dropped = await analyze([{ name: 'iostat.txt', file: new Blob([text]) }]);
    expect(dropped).toEqual(pasted);
    const output = parsedOutput(pasted.outputs[0]);
    expect(output).toMatchObject({ tool: 'iostat', format: 'text' });
    // The banner's kernel and the device table's peak %util of vda, as printed.
    expect(/^Linux (\S+)/.exec(text)?.[1]).toBe('6.18.44-fc-v782');
    const utils = [...text.matchAll(/^vda\s.*\s(\d+\.\d+)$/gm)].slice(1).map((match) => Number(match[1]));
    const vdaUtil = output.tables[0]?.rows.find((row) => row[0] === 'vda' && row[1] === '%util');
    expect(vdaUtil?.[5]).toBe(`${Math.max(...utils)}%`);
    const series = pasted.sections.find((section) => section.tool === 'iostat')?.devices ?? [];
    expect(series.map((device) => device.device)).toContain('vda');
  });

  it('shows where a broken output fails, with its lines and the failing one', async () => {
    const lines = read(SEED_FIO).split('\n');
    const broken = lines.findIndex((line) => line.includes('iops=7118'));
    lines[broken] = (lines[broken] as string).replace('iops=7118', 'iops=71x8');
    const view = await analyze([{ name: 'pasted-1.txt', text: lines.join('\n') }]);
    const output = view.outputs[0] as TryOutputFailed;
    expect(output.ok).toBe(false);
    expect(output.error.line).toBe(broken + 1);
    // The parser reads "iops=71" as the number and then expects the comma fio prints after it.
    expect(output.error).toMatchObject({
      code: 'UNEXPECTED_LINE',
      column: (lines[broken]?.indexOf('x8') ?? 0) + 1,
      expected: '","',
    });
    const { excerpt } = output.error;
    expect(excerpt.lines[output.error.line - excerpt.firstLine]).toContain('iops=71x8');
  });

  it('reports text that is no benchmark output as such, with the parsers it tried', async () => {
    const view = await analyze([{ name: 'notes.txt', text: 'hello\nworld\n' }]);
    const output = view.outputs[0] as TryOutputFailed;
    expect(output.error.code).toBe('UNKNOWN_FORMAT');
    expect(output.error.message).toMatch(/fio .*bonnie.*sysbench.*iostat/);
    expect(view.sections).toEqual([]);
  });
});

describe('analyze, an iostat log of one report', () => {
  it('shows the report as a table per device and draws no empty plot', async () => {
    // jc's Ubuntu 18.04 `iostat -x`: one report (averages since boot), 16 devices, sda at `%util 15.14`.
    const path = fileURLToPath(
      new URL('../../../parsers/fixtures/corpus/iostat/jc__ubuntu1804-iostat-x.txt', import.meta.url),
    );
    const text = readFileSync(path, 'utf8');
    const view = await analyze([{ name: 'pasted-1.txt', text }]);
    const [table] = parsedOutput(view.outputs[0]).tables;
    expect(table?.caption).toBe('The one report of pasted-1.txt (averages since boot), per device');
    expect(table?.columns).toEqual(['Device', '%util', 'await', 'r/s', 'w/s']);
    const printed = text
      .split('\n')
      .slice(text.split('\n').findIndex((line) => line.startsWith('Device')) + 1)
      .filter((line) => /^\S+\s+\d/.test(line))
      .map((line) => line.split(/\s+/)[0]);
    expect(table?.rows.map((row) => row[0])).toEqual(printed);
    expect(table?.rows.find((row) => row[0] === 'sda')?.[1]).toBe('15.1%');
    expect(view.sections.filter((section) => section.tool === 'iostat')).toEqual([]);
    expect(view.iostat[0]?.summary).toMatchObject({ reports: 1, isSinceBootOnly: true });
  });
});
