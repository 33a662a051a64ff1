import { readFile } from 'node:fs/promises';
import type { LintFinding } from '@benchfolio/parsers/node';
import { describe, expect, it } from 'vitest';
import { experimentView } from '../data/experiment-view.ts';
import { realExperiment, repoPath } from '../data/test-content.ts';
import { verdict } from '../data/verdict.ts';
import { TOOL_DESCRIPTORS } from '../tools/index.ts';
import type { BarCell, ToolSection } from '../view/model.ts';
import { addCellFindings, experimentFindings, ruleEntryPath } from './cell-findings.ts';

const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const BONNIE_2011 = '2011-11-ext4-xfs-btrfs-bonnie';

function cellOf(section: ToolSection | undefined, metric: string, run: string, group: string): BarCell {
  const cell = section?.metrics
    .find((candidate) => candidate.metric === metric)
    ?.cells.find((candidate) => candidate.run === run && candidate.group === group);
  if (cell === undefined) throw new Error(`no ${metric} cell for ${run} ${group}`);
  return cell;
}

const rulesOf = (cell: { findings?: Array<{ rule: string }> }) => (cell.findings ?? []).map((found) => found.rule);

describe('lint findings on the numbers they concern', () => {
  it('badges every MSA70 xfs random-write-buf bar with BF102 and BF103, and no clean bar', async () => {
    const text = await readFile(repoPath(`content/results/${MSA70}/runs/xfs/fio--xfs.txt`), 'utf8');
    // Line 51: "  write: io=6557.9MB, bw=27876KB/s, iops=3484 , runt=240892msec" (its siblings ran 10 s);
    // line 52: "    clat (usec): min=7 , max=237984K, avg=1631.10, stdev=257906.92" (one write of 238 s).
    expect(text).toContain('runt=240892msec');
    expect(text).toContain('max=237984K');
    const fio = experimentView(await realExperiment(MSA70)).sections.find((section) => section.tool === 'fio');
    for (const metric of ['write.iops', 'write.bw', 'write.clat.mean', 'write.lat.mean']) {
      const flagged = cellOf(fio, metric, 'xfs', 'random-write-buf');
      expect(rulesOf(flagged), metric).toEqual(['BF102', 'BF103']);
      expect(flagged.findings?.[0]).toMatchObject({
        severity: 'warning',
        title: 'fio job runtime far from its siblings',
        href: '/rules/#bf102',
      });
      expect(flagged.findings?.[0]?.reason).toContain('240892 ms');
      // xfs random-write-direct: "runt= 10001msec"-like siblings, no stall: nothing to flag.
      expect(cellOf(fio, metric, 'xfs', 'random-write-direct').findings, metric).toBeUndefined();
    }
  });

  it("gives the MSA70 verdict's xfs random-write-buf entry and ratio cell the same badges", async () => {
    const view = experimentView(await realExperiment(MSA70));
    const [first] = verdict(view.sections, view.experiment.headline);
    const line = first?.lines.find((candidate) => candidate.groupKey === 'random-write-buf');
    const xfs = line?.entries.find((entry) => entry.run === 'xfs');
    expect(xfs === undefined ? [] : rulesOf(xfs)).toEqual(['BF102', 'BF103']);
    const clean = first?.lines.find((candidate) => candidate.groupKey === 'random-write-direct');
    expect(clean?.entries.find((entry) => entry.run === 'xfs')?.findings).toBeUndefined();
    const row = first?.table?.rows.find((candidate) => candidate.label.startsWith('random-write-buf'));
    const cell = row?.cells.find((candidate) => candidate.run === 'xfs');
    expect(cell === undefined ? [] : rulesOf(cell)).toEqual(['BF102', 'BF103']);
  });

  it('badges the loopback buffered fio jobs with BF001 and leaves the direct ones clean', async () => {
    const loaded = await realExperiment(LOOPBACK);
    // fio--seed-hoffman-1.txt line 3: "random-write-buf: (g=1): rw=randwrite, ..." with direct=0
    // on 5 jobs × 128 MiB; run.yaml: memory 23.5 GiB.
    const fio = experimentView(loaded).sections.find((section) => section.tool === 'fio');
    for (const run of ['ext4', 'xfs', 'btrfs']) {
      expect(rulesOf(cellOf(fio, 'write.iops', run, 'random-write-buf'))).toContain('BF001');
      expect(rulesOf(cellOf(fio, 'write.iops', run, 'sequential-write-buffered'))).toContain('BF001');
      expect(cellOf(fio, 'write.iops', run, 'sequential-write-direct').findings).toBeUndefined();
    }
  });

  it("puts bonnie++'s per-character finding (BF202) on putc and getc only, in the bars and the grid", async () => {
    const text = await readFile(repoPath(`content/results/${BONNIE_2011}/runs/xfs/bonnie--xfs.txt`), 'utf8');
    // "version          8G   558  98 55174   9 ...  1278  96 62598   6": putc at 98 %, getc at 96 % CPU.
    expect(text).toContain('version          8G   558  98 55174   9 26660   6  1278  96 62598   6');
    const bonnie = experimentView(await realExperiment(BONNIE_2011)).sections.find((s) => s.tool === 'bonnie');
    expect(rulesOf(cellOf(bonnie, 'putc', 'xfs', '8G/1'))).toEqual(['BF202']);
    expect(rulesOf(cellOf(bonnie, 'getc', 'xfs', '8G/1'))).toEqual(['BF202']);
    expect(cellOf(bonnie, 'put_block', 'xfs', '8G/1').findings).toBeUndefined();
    const row = bonnie?.grid?.rows.find((candidate) => candidate.run === 'xfs');
    expect(Object.keys(row?.findings ?? {}).sort()).toEqual([
      'getc',
      'getc.cpu',
      'getc.latency',
      'putc',
      'putc.cpu',
      'putc.latency',
    ]);
  });

  it("badges the loopback bonnie++ grid's cells with its file size under twice the memory (BF002)", async () => {
    // bonnie--seed-1.txt line 4: "vm             128M  751k  99 +++++ +++ ..." on 23.5 GiB of memory.
    const bonnie = experimentView(await realExperiment(LOOPBACK)).sections.find((s) => s.tool === 'bonnie');
    const row = bonnie?.grid?.rows.find((candidate) => candidate.run === 'ext4');
    expect(row?.findings?.putc?.map((found) => found.rule)).toEqual(['BF002', 'BF202']);
    // put_block printed +++++: its latency is the grid's column, flagged too-fast (BF104).
    expect(row?.findings?.['put_block.latency']?.map((found) => found.rule)).toEqual(['BF002', 'BF104']);
  });

  it('puts a finding whose workload no place names on every group of its output, and no other run', async () => {
    const loaded = await realExperiment(MSA70);
    const refs = loaded.runs.map((run) => ({ id: run.id, label: run.run.label }));
    const sections = TOOL_DESCRIPTORS.fio.sections(loaded.runs, refs);
    const places = TOOL_DESCRIPTORS.fio.findingPlaces?.(loaded.runs) ?? [];
    const real = experimentFindings(loaded).find((found) => found.run === 'xfs' && found.rule === 'BF102');
    if (real === undefined) throw new Error('no xfs finding');
    const unnamed: LintFinding = { ...real, workload: 'a name no job has' };
    addCellFindings(sections, places, [unnamed], loaded);
    const cells = sections[0]?.metrics.find((metric) => metric.metric === 'write.iops')?.cells ?? [];
    expect(cells.filter((cell) => cell.run === 'xfs').every((cell) => rulesOf(cell).includes(real.rule))).toBe(true);
    expect(cells.filter((cell) => cell.run !== 'xfs').some((cell) => cell.findings !== undefined)).toBe(false);
    expect(ruleEntryPath('BF102')).toBe('/rules/#bf102');
  });
});
