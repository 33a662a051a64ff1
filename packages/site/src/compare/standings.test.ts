import { describe, expect, test } from 'vitest';
import { experimentView } from '../data/experiment-view.ts';
import { realExperiment } from '../data/test-content.ts';
import { noiseCall } from '../view/noise.ts';
import { boardOf, chooseRuns, LOOPBACK, MSA70 } from './compare-test-data.ts';
import { comparedNoise, groupCall } from './lead-calls.ts';
import { scoreboard } from './ratios.ts';
import { boardStandings, cellStanding } from './standings.ts';

const loop = (run: string) => `${LOOPBACK}/${run}`;
const msa = (run: string) => `${MSA70}/${run}`;
const shortName = (id: string) => id.split('/')[1] ?? id;
// formatPValue keeps "p = 0.36" on one line with no-break spaces.

describe('/compare calls a lead as the experiment page does', () => {
  test('loopback sysbench reads: within the noise on the experiment page, so no run is "best" on /compare', async () => {
    // runs/xfs/sysbench--fileio-rndrd-t1-{1,2}.txt "reads/s: 23945.17" and "24579.37";
    // runs/ext4/… "reads/s: 16335.89" and "22462.28": xfs leads by 25 %, inside its repeats' spread.
    const chosen = await chooseRuns([loop('ext4'), loop('xfs'), loop('btrfs')]);
    const { metric, board, evidence } = boardOf(chosen, 'sysbench:fileio', 'read');
    const page = experimentView(await realExperiment(LOOPBACK)).sections.find((s) => s.title === 'sysbench fileio');
    const pageRead = page?.metrics.find((candidate) => candidate.metric === 'read');
    if (pageRead === undefined) throw new Error('no sysbench read metric on the experiment page');
    expect(noiseCall(pageRead, 'rndrd/1', 'xfs', 'ext4')).toMatchObject({ kind: 'inside' });
    // The same test, the same p-value, on /compare: the build's, carried in compare-runs.json.
    const [xfs, ext4] = [loop('xfs'), loop('ext4')].map((run) =>
      metric.cells.find((cell) => cell.run === run && cell.group === 'rndrd/1'),
    );
    if (xfs === undefined || ext4 === undefined) throw new Error('no rndrd/1 cells');
    expect(xfs.value).toBeCloseTo((23945.17 + 24579.37) / 2, 6);
    const pagePValue = noiseCall(pageRead, 'rndrd/1', 'xfs', 'ext4');
    expect(groupCall(metric, xfs, ext4, evidence)).toEqual(pagePValue);
    expect(cellStanding(metric, board, 'rndrd/1', loop('ext4'), evidence).text).toBe(
      '≈ top (1.25×, p\u00a0=\u00a00.36)',
    );
    // The bars: before, "best" and "1.18× from best". Now no crown, and why.
    const standings = boardStandings(metric, board, evidence, shortName);
    expect([...standings.values()].some((standing) => standing.isCrowned || /best/.test(standing.text))).toBe(false);
    expect(standings.get(loop('xfs'))?.text).toBe('top');
    expect(standings.get(loop('ext4'))?.text).toBe('1.18× from top');
    // rndrd/4 is the one of nine where xfs is beyond the noise against ext4 (p = 0.049).
    expect(standings.get(loop('ext4'))?.note).toBe('beyond the noise against xfs in 1 of 9 tests, within it in 8');
    // The bar chart under the scoreboard reads the same tests as the experiment page's chart.
    const pageTests = pageRead.noise?.tests.filter((t) => t.group === 'rndrd/1') ?? [];
    const compareTests = comparedNoise(metric, evidence)?.tests.filter((t) => t.group === 'rndrd/1') ?? [];
    expect(compareTests.map((t) => t.pValue).sort()).toEqual(pageTests.map((t) => t.pValue).sort());
  });

  test('a lead beyond the noise, free of error findings, is the best: dd’s elapsed time, ext4 against btrfs', async () => {
    // runs/ext4/dd--seq-write-{1,2}.txt "copied, 0.135109 s" and "copied, 0.105597 s";
    // runs/btrfs/… "copied, 0.389935 s" and "copied, 0.333411 s": Welch's p = 0.035.
    const chosen = await chooseRuns([loop('ext4'), loop('btrfs')]);
    const { metric, board, evidence } = boardOf(chosen, 'dd', 'elapsed');
    const standings = boardStandings(metric, board, evidence, shortName);
    expect(standings.get(loop('ext4'))).toMatchObject({ text: 'best', isCrowned: true });
    expect(standings.get(loop('btrfs'))?.text).toBe('3.01× from best');
    expect(standings.get(loop('btrfs'))?.note).toBe('beyond the noise against ext4: p\u00a0=\u00a00.035');
    // The same runs' bytes per second: p = 0.1, within the noise, so no crown.
    const bw = boardOf(chosen, 'dd', 'bw');
    const bwStandings = boardStandings(bw.metric, bw.board, bw.evidence, shortName);
    expect(bwStandings.get(loop('ext4'))).toMatchObject({ text: '≈ top', isCrowned: false });
  });

  test('a number with an error finding is never crowned: the buffered random writes on the page cache', async () => {
    // runs/ext4/fio--seed-hoffman-1.txt: random-write-buf ran buffered (direct=0) on 128 MiB
    // files on a machine of 24 GiB (BF001). ext4 leads xfs beyond the noise (p = 0.027).
    const chosen = await chooseRuns([loop('ext4'), loop('xfs')]);
    const { metric, board, evidence } = boardOf(chosen, 'fio', 'write.iops');
    expect(evidence.errorRules(loop('ext4'), 'random-write-buf')).toEqual(['BF001']);
    expect(evidence.errorRules(loop('ext4'), 'random-write-direct')).toEqual([]);
    const top = cellStanding(metric, board, 'random-write-buf', loop('ext4'), evidence);
    expect(top).toEqual({ text: 'top', isCrowned: false });
    const [ext4, xfs] = [loop('ext4'), loop('xfs')].map((run) =>
      metric.cells.find((cell) => cell.run === run && cell.group === 'random-write-buf'),
    );
    if (ext4 === undefined || xfs === undefined) throw new Error('no random-write-buf cells');
    expect(groupCall(metric, ext4, xfs, evidence)).toEqual({ kind: 'broken', rules: ['BF001'] });
    const standings = boardStandings(metric, board, evidence, shortName);
    expect([...standings.values()].some((standing) => standing.isCrowned)).toBe(false);
    // Both buffered jobs of both runs: BF001; the note says where.
    expect(standings.get(loop('ext4'))?.note).toBe(
      'not ranked against xfs: BF001 (error) in random-write-buf, sequential-write-buffered',
    );
  });

  test('single runs: a lead within the run-to-run variation is ≈, a larger one ahead and not tested', async () => {
    // runs/<fs>/fio--<fs>.txt, random-write-direct: ext4 "iops=7366", ext3 "iops=7118", xfs "iops=5210".
    const chosen = await chooseRuns([msa('ext3'), msa('ext4'), msa('xfs')]);
    const { metric, board, evidence } = boardOf(chosen, 'fio', 'write.iops');
    // 7366 / 7118 − 1 = 3.5 %, under 21.0 %: ≈, and the top is not crowned.
    expect(cellStanding(metric, board, 'random-write-direct', msa('ext4'), evidence)).toEqual({
      text: '≈ top',
      isCrowned: false,
    });
    expect(cellStanding(metric, board, 'random-write-direct', msa('ext3'), evidence).text).toBe('≈ top (1.03×)');
    // 7366 / 5210 − 1 = 41 %: ahead, one run each, not tested.
    expect(cellStanding(metric, board, 'random-write-direct', msa('xfs'), evidence).text).toBe(
      '1.41× from top, not tested',
    );
  });

  test('single runs on the bars: "ahead by X, one run each, not tested", never "best"', async () => {
    // A RAID's single run against a loop device's two repeats: one run on a side, so not tested.
    const chosen = await chooseRuns([msa('ext4'), `${LOOPBACK}/xfs`]);
    const { metric, evidence } = boardOf(chosen, 'fio', 'write.iops');
    const direct = { ...metric, cells: metric.cells.filter((cell) => cell.group === 'random-write-direct') };
    const standings = boardStandings(direct, scoreboard(direct, chosen.ids, null), evidence, shortName);
    // runs/xfs/fio--seed-hoffman-{1,2}.txt against MSA70 ext4's "iops=7366".
    const leader = standings.get(loop('xfs'));
    expect(leader?.isCrowned).toBe(false);
    expect(leader?.text).toBe('top');
    expect(leader?.note).toMatch(
      /^ahead of ext4 by \d+ %, one run each, not tested$|^ahead of ext4 by [\d.]+×, one run each, not tested$/,
    );
  });
});
