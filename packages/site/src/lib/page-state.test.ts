import { describe, expect, test } from 'vitest';
import { defaultPageState, formatPageState, type PageChoices, parsePageState } from './page-state.ts';

// The runs and sections of the fio 1.57 seed experiment (content/results/2011-07-ext3-ext4-xfs-fio-msa70).
const choices: PageChoices = {
  runs: ['ext3', 'ext4', 'xfs'],
  sections: { fio: ['fio-write-iops', 'fio-write-bw', 'fio-write-clat-mean'] },
};

describe('parsePageState', () => {
  test('an empty query is the default view: every run, absolute values, linear scale', () => {
    expect(parsePageState('', choices)).toEqual(defaultPageState(choices));
    expect(defaultPageState(choices).runs).toEqual(['ext3', 'ext4', 'xfs']);
  });

  test('reads baseline, scale, sort, runs, metric, figure and zoom', () => {
    const state = parsePageState(
      '?baseline=ext4&scale=log&sort=value&runs=xfs,ext3&metric-fio=fio-write-bw&figure=await&zoom=10-40.5',
      choices,
    );
    expect(state).toEqual({
      baseline: 'ext4',
      scale: 'log',
      sort: 'value',
      runs: ['ext3', 'xfs'], // declared order, whatever the URL's order
      metrics: { fio: 'fio-write-bw' },
      figure: 'await',
      zoom: [10, 40.5],
    });
  });

  test('ignores what the page does not have instead of trusting it', () => {
    const state = parsePageState(
      '?baseline=ntfs&scale=cubic&runs=ntfs&metric-fio=fio-read-iops&metric-zfs=x&figure=temp&zoom=40-10',
      choices,
    );
    expect(state).toEqual(defaultPageState(choices));
  });

  test('a zoom must be two numbers of seconds', () => {
    expect(parsePageState('?zoom=-5-10', choices).zoom).toBeNull();
    expect(parsePageState('?zoom=5', choices).zoom).toBeNull();
    expect(parsePageState('?zoom=1e3-2e3', choices).zoom).toBeNull();
  });
});

describe('formatPageState', () => {
  test('the default view has no query', () => {
    expect(formatPageState(defaultPageState(choices), choices)).toBe('');
  });

  test('writes only what differs from the default, in a fixed order', () => {
    const state = {
      ...defaultPageState(choices),
      zoom: [12.3456, 40] as const,
      baseline: 'ext4',
      runs: ['ext3', 'xfs'],
      metrics: { fio: 'fio-write-iops' }, // the default metric: not written
    };
    expect(formatPageState(state, choices)).toBe('?baseline=ext4&runs=ext3,xfs&zoom=12.35-40');
  });

  test('what it writes reads back to the same state', () => {
    const state = parsePageState('?sort=value&metric-fio=fio-write-clat-mean&figure=writesPerSec', choices);
    expect(parsePageState(formatPageState(state, choices), choices)).toEqual(state);
  });
});
