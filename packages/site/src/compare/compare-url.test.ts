import { describe, expect, test } from 'vitest';
import { runNamesOf } from './aliases.ts';
import {
  type CompareState,
  compareHash,
  compareStateOf,
  EMPTY_COMPARE_STATE,
  linkHeads,
  readCompareLink,
  toggledRun,
} from './compare-url.ts';

// Run ids of content/results (experiment folder / run folder), with the aliases the build gives them.
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const names = runNamesOf([
  { experiment: MSA70, alias: 'msa70', runs: [{ run: 'ext3' }, { run: 'ext4' }] },
  { experiment: LOOPBACK, alias: 'loopback', runs: [{ run: 'xfs' }, { run: 'ext4' }] },
]);
const at = (hash: string, search = '') => ({ hash, search });
const stateAt = (hash: string, search = '') => compareStateOf(readCompareLink(at(hash, search)), names);

describe('readCompareLink(location)', () => {
  test('reads the names as written, before any is resolved', () => {
    expect(readCompareLink(at('#runs=msa70/ext4,loopback/xfs&base=msa70/ext4&list=shared'))).toEqual({
      runs: ['msa70/ext4', 'loopback/xfs'],
      base: 'msa70/ext4',
      metric: null,
      scale: 'auto',
      filters: {},
      isSharedOnly: true,
    });
  });

  test('reads the chips: one parameter per facet', () => {
    expect(readCompareLink(at('#hw=raid&fs=ext4&tool=fio')).filters).toEqual({
      tool: 'fio',
      hardware: 'raid',
      filesystem: 'ext4',
    });
  });
});

describe('linkHeads(link)', () => {
  test('names each experiment of the runs once, alias or id, and skips a name with no experiment', () => {
    const link = readCompareLink(at(`#runs=msa70/ext3,msa70/ext4,${LOOPBACK}/xfs,nothing`));
    expect(linkHeads(link)).toEqual(['msa70', LOOPBACK]);
  });
});

describe('compareStateOf(link, names)', () => {
  test('resolves the short form of the issue: aliases, the metric and the base', () => {
    expect(stateAt('#runs=msa70/ext4,loopback/xfs&metric=write.iops&base=msa70/ext4')).toEqual({
      runs: [`${MSA70}/ext4`, `${LOOPBACK}/xfs`],
      base: `${MSA70}/ext4`,
      metric: 'write.iops',
      scale: 'auto',
      filters: {},
      isSharedOnly: false,
    });
  });

  test('drops runs no loaded experiment has, and accepts full experiment ids', () => {
    expect(stateAt(`#runs=msa70/ext9,${LOOPBACK}/xfs,gone/run`).runs).toEqual([`${LOOPBACK}/xfs`]);
  });

  test('keeps a base only when it is one of the chosen runs: else the best of the selection', () => {
    expect(stateAt('#runs=msa70/ext3&base=msa70/ext4').base).toBeNull();
  });

  test('restores the long form of older links (?runs=…&baseline=…&metric-<section>=…)', () => {
    const state = stateAt(
      '',
      `?runs=${MSA70}/ext3,${MSA70}/ext4&baseline=${MSA70}/ext4&scale=log&metric-fio=compare-fio-write-bw`,
    );
    expect(state).toEqual({
      runs: [`${MSA70}/ext3`, `${MSA70}/ext4`],
      base: `${MSA70}/ext4`,
      metric: 'compare-fio-write-bw',
      scale: 'log',
      filters: {},
      isSharedOnly: false,
    });
  });
});

describe('compareHash(state, names)', () => {
  test('writes runs by alias, readable: no %2F or %2C; reads back to the same state', () => {
    const state: CompareState = {
      runs: [`${MSA70}/ext4`, `${LOOPBACK}/xfs`],
      base: `${MSA70}/ext4`,
      metric: 'write.iops',
      scale: 'auto',
      filters: { hardware: 'raid' },
      isSharedOnly: true,
    };
    const hash = compareHash(state, names);
    expect(hash).toBe('runs=msa70/ext4,loopback/xfs&metric=write.iops&base=msa70/ext4&hw=raid&list=shared');
    expect(stateAt(`#${hash}`)).toEqual(state);
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
