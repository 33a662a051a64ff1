import { describe, expect, test } from 'vitest';
import { type CompareState, changedCompareState, compareQuery, compareStateFrom } from './compare-url.ts';

const known = new Set(['2011-07-msa70/ext3', '2011-07-msa70/ext4', '2014-02-fc20/xfs']);
const isKnown = (id: string) => known.has(id);

describe('compareStateFrom(search, isKnownRun)', () => {
  test('drops runs the page does not list', () => {
    const state = compareStateFrom('?runs=2011-07-msa70/ext3,gone/run,2014-02-fc20/xfs', isKnown);
    expect(state.runs).toEqual(['2011-07-msa70/ext3', '2014-02-fc20/xfs']);
  });

  test('keeps a baseline only when it is one of the chosen runs', () => {
    expect(compareStateFrom('?runs=2011-07-msa70/ext3&baseline=2011-07-msa70/ext4', isKnown).baseline).toBeNull();
    expect(compareStateFrom('?runs=2011-07-msa70/ext3&baseline=2011-07-msa70/ext3', isKnown).baseline).toBe(
      '2011-07-msa70/ext3',
    );
  });

  test('reads the metric picked per section from metric-<section> parameters', () => {
    const state = compareStateFrom('?metric-fio=write.iops&scale=log', isKnown);
    expect(state).toEqual({ runs: [], baseline: null, scale: 'log', metrics: { fio: 'write.iops' } });
  });
});

describe('compareQuery(state)', () => {
  test('reads back as the same state, with slashes, commas and colons left readable', () => {
    const state: CompareState = {
      runs: ['2011-07-msa70/ext3', '2014-02-fc20/xfs'],
      baseline: '2014-02-fc20/xfs',
      scale: 'log',
      metrics: { 'sysbench:fileio': 'write.ops' },
    };
    const query = compareQuery(state);
    expect(query).toBe(
      'runs=2011-07-msa70/ext3,2014-02-fc20/xfs&baseline=2014-02-fc20/xfs&scale=log&metric-sysbench:fileio=write.ops',
    );
    expect(compareStateFrom(`?${query}`, isKnown)).toEqual(state);
  });

  test('is empty for the empty state', () => {
    expect(compareQuery({ runs: [], baseline: null, scale: 'linear', metrics: {} })).toBe('');
  });
});

describe('changedCompareState(state, control)', () => {
  const state: CompareState = {
    runs: ['2011-07-msa70/ext3', '2011-07-msa70/ext4'],
    baseline: '2011-07-msa70/ext3',
    scale: 'linear',
    metrics: {},
  };
  const box = (value: string, checked: boolean) => ({ name: 'run', value, checked }) as HTMLInputElement;

  test('adds a checked run at the end', () => {
    expect(changedCompareState(state, box('2014-02-fc20/xfs', true)).runs).toEqual([
      '2011-07-msa70/ext3',
      '2011-07-msa70/ext4',
      '2014-02-fc20/xfs',
    ]);
  });

  test('unchecking the baseline run leaves no baseline', () => {
    const next = changedCompareState(state, box('2011-07-msa70/ext3', false));
    expect(next.runs).toEqual(['2011-07-msa70/ext4']);
    expect(next.baseline).toBeNull();
  });

  test('the baseline select set to "" means no baseline, the scale radios set the scale', () => {
    expect(changedCompareState(state, { name: 'baseline', value: '' } as HTMLSelectElement).baseline).toBeNull();
    expect(changedCompareState(state, { name: 'scale', value: 'log' } as HTMLInputElement).scale).toBe('log');
  });
});
