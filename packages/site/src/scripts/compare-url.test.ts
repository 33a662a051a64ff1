import { describe, expect, test } from 'vitest';
import { runNames } from '../compare/aliases.ts';
import { type CompareState, compareHash, compareStateFrom, EMPTY_COMPARE_STATE, toggledRun } from './compare-url.ts';

// Run ids of content/results (experiment folder / run folder).
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const names = runNames([`${MSA70}/ext3`, `${MSA70}/ext4`, `${LOOPBACK}/xfs`, `${LOOPBACK}/ext4`]);
const at = (hash: string, search = '') => ({ hash, search });

describe('compareStateFrom(location, names)', () => {
  test('reads the short form of the issue: aliases, the metric and the base', () => {
    const state = compareStateFrom(at('#runs=msa70/ext4,loopback/xfs&metric=write.iops&base=msa70/ext4'), names);
    expect(state).toEqual({
      runs: [`${MSA70}/ext4`, `${LOOPBACK}/xfs`],
      base: `${MSA70}/ext4`,
      metric: 'write.iops',
      scale: 'auto',
      filters: {},
    });
  });

  test('drops runs the page does not list, and accepts full experiment ids', () => {
    const state = compareStateFrom(at(`#runs=msa70/ext9,${LOOPBACK}/xfs,gone/run`), names);
    expect(state.runs).toEqual([`${LOOPBACK}/xfs`]);
  });

  test('keeps a base only when it is one of the chosen runs: else the best of the selection', () => {
    expect(compareStateFrom(at('#runs=msa70/ext3&base=msa70/ext4'), names).base).toBeNull();
  });

  test('reads the chips: one parameter per facet', () => {
    expect(compareStateFrom(at('#hw=raid&fs=ext4&tool=fio'), names).filters).toEqual({
      tool: 'fio',
      hardware: 'raid',
      filesystem: 'ext4',
    });
  });

  test('restores the long form of older links (?runs=…&baseline=…&metric-<section>=…)', () => {
    const state = compareStateFrom(
      at('', `?runs=${MSA70}/ext3,${MSA70}/ext4&baseline=${MSA70}/ext4&scale=log&metric-fio=compare-fio-write-bw`),
      names,
    );
    expect(state).toEqual({
      runs: [`${MSA70}/ext3`, `${MSA70}/ext4`],
      base: `${MSA70}/ext4`,
      metric: 'compare-fio-write-bw',
      scale: 'log',
      filters: {},
    });
  });
});

describe('compareHash(state, names)', () => {
  test('writes runs by alias, readable: no %2F or %2C', () => {
    const state: CompareState = {
      runs: [`${MSA70}/ext4`, `${LOOPBACK}/xfs`],
      base: `${MSA70}/ext4`,
      metric: 'write.iops',
      scale: 'auto',
      filters: { hardware: 'raid' },
    };
    const hash = compareHash(state, names);
    expect(hash).toBe('runs=msa70/ext4,loopback/xfs&metric=write.iops&base=msa70/ext4&hw=raid');
    expect(compareStateFrom(at(`#${hash}`), names)).toEqual(state);
  });

  test('is empty for the empty state', () => {
    expect(compareHash(EMPTY_COMPARE_STATE, names)).toBe('');
  });
});

describe('toggledRun(state, id, isChosen)', () => {
  test('adds a run at the end, and a dropped base falls back to the best', () => {
    const two = toggledRun(toggledRun(EMPTY_COMPARE_STATE, `${MSA70}/ext3`, true), `${MSA70}/ext4`, true);
    expect(two.runs).toEqual([`${MSA70}/ext3`, `${MSA70}/ext4`]);
    const dropped = toggledRun({ ...two, base: `${MSA70}/ext4` }, `${MSA70}/ext4`, false);
    expect(dropped).toMatchObject({ runs: [`${MSA70}/ext3`], base: null });
  });
});
