// What the scoreboard writes beside each run and each number, from the lead calls
// (lead-calls.ts): "best" only for a lead shown beyond the noise and free of error findings;
// "≈ top" for one within it; "ahead by 18 %, one run each, not tested" for a larger lead of
// single runs. Pure: the scoreboard element and the tests read it.

import { formatTimes } from '../charts/normalize.ts';
import type { MetricComparison } from '../view/model.ts';
import { formatPValue } from '../view/noise.ts';
import { RUN_TO_RUN_VARIATION } from '../view/run-to-run.ts';
import { groupCall, type LeadCall, type LeadEvidence, type MeanCall, meanCall } from './lead-calls.ts';
import { rankedRuns, type Scoreboard } from './ratios.ts';

/** How a run reads on the scoreboard: its short text beside the bar, and why in a line under it. */
export interface Standing {
  /** "best", "≈ top", "1.18× from best", "1.18× from top". */
  text: string;
  /** "within the noise of ext4 · loopback: p = 0.41"; absent where nothing needs saying. */
  note?: string;
  /** Singled out as the best: its lead over every other run is beyond the noise, free of error findings. */
  isCrowned: boolean;
}

/** A lead as a reader reads it: "18 %" below double, "2.4×" from double on. */
export function leadWords(margin: number): string {
  return margin < 1 ? `${Math.round(margin * 100)} %` : formatTimes(1 + margin);
}

const VARIATION_WORDS = `the ${Math.round(RUN_TO_RUN_VARIATION.relative * 1000) / 10} % run-to-run variation`;

/** "one run each" or "repeats of two experiments": why a lead was not tested. */
function untestedWhy(call: Extract<LeadCall, { kind: 'similar' | 'ahead' }>): string {
  return call.isOneRunEach ? 'one run each' : 'repeats of different experiments';
}

/**
 * Why a pair reads as it does, in a few words; `other` names the run it is against, and `side`
 * says whether the run this note is for leads it, trails it, or either (against a base run).
 */
export function callNote(call: MeanCall, other: string, side: 'ahead' | 'behind' | 'either'): string {
  const [first] = call.calls;
  const single = call.calls.length === 1 ? first : undefined;
  const tests = `each of the ${call.calls.length} tests`;
  switch (call.kind) {
    case 'broken': {
      const where = call.groups.filter((_, index) => call.calls[index]?.kind === 'broken');
      return `not ranked against ${other}: ${call.rules.join(', ')} (error) in ${where.join(', ')}`;
    }
    case 'beyond':
      return single?.kind === 'beyond'
        ? `beyond the noise against ${other}: ${formatPValue(single.pValue)}`
        : `beyond the noise against ${other} in ${tests}`;
    case 'within':
      if (single?.kind === 'inside') return `≈ ${other}: within the noise, ${formatPValue(single.pValue)}`;
      if (single?.kind === 'similar')
        return `≈ ${other}: ${leadWords(single.margin)} apart, within ${VARIATION_WORDS} (${untestedWhy(single)})`;
      return `≈ ${other}: within the noise in ${tests}`;
    case 'ahead': {
      const untested = call.calls.find((c): c is Extract<LeadCall, { kind: 'ahead' }> => c.kind === 'ahead');
      const why = untested === undefined ? 'not tested' : `${untestedWhy(untested)}, not tested`;
      const by = single?.kind === 'ahead' ? ` by ${leadWords(single.margin)}` : ` in ${tests}`;
      if (side === 'ahead') return `ahead of ${other}${by}, ${why}`;
      return side === 'behind' ? `behind ${other}${by}, ${why}` : `apart from ${other}${by}, ${why}`;
    }
    default:
      return mixedNote(call, other);
  }
}

/** "beyond the noise against ext4 in 1 of 9 tests, within it in 8": how the tests of a mixed call fell. */
function mixedNote(call: MeanCall, other: string): string {
  const count = (...kinds: LeadCall['kind'][]) => call.calls.filter((c) => kinds.includes(c.kind)).length;
  const parts = [
    `beyond the noise against ${other} in ${count('beyond')} of ${call.calls.length} tests`,
    count('inside', 'similar') > 0 ? `within it in ${count('inside', 'similar')}` : undefined,
    count('ahead') > 0 ? `not tested in ${count('ahead')}` : undefined,
  ];
  return parts.filter((part) => part !== undefined).join(', ');
}

/**
 * Each run's standing on a board against the best of the selection: the leader is "best" only
 * when its lead over every other run is beyond the noise; runs within the noise of it read
 * "≈ top". Against a base run, the ratios stand and the notes say how each differs from the base.
 */
export function boardStandings(
  metric: MetricComparison,
  board: Scoreboard,
  evidence: LeadEvidence,
  nameOf: (run: string) => string,
): Map<string, Standing> {
  const standings = new Map<string, Standing>();
  const withMean = rankedRuns(board).filter((run) => run.geomean !== null);
  const reference = board.reference.kind === 'base' ? board.reference.run : withMean[0]?.run;
  if (reference === undefined || board.betterIs === 'neither') return standings;
  const calls = new Map(
    withMean
      .filter((run) => run.run !== reference)
      .map((run) => [run.run, meanCall(metric, board.commonGroups, reference, run.run, evidence)]),
  );
  if (board.reference.kind === 'base') {
    for (const run of withMean) {
      const call = calls.get(run.run);
      standings.set(run.run, {
        text: ratioText(run.geomean),
        ...(call === undefined ? {} : { note: callNote(call, nameOf(reference), 'either') }),
        isCrowned: false,
      });
    }
    return standings;
  }
  const isCrowned = calls.size > 0 && [...calls.values()].every((call) => call.kind === 'beyond');
  const [, runnerUp] = withMean;
  const runnerCall = runnerUp === undefined ? undefined : calls.get(runnerUp.run);
  standings.set(reference, {
    text: isCrowned ? 'best' : runnerCall?.kind === 'within' ? '≈ top' : 'top',
    ...(runnerUp === undefined || runnerCall === undefined
      ? {}
      : {
          note: isCrowned
            ? `beyond the noise against every other run`
            : callNote(runnerCall, nameOf(runnerUp.run), 'ahead'),
        }),
    isCrowned,
  });
  for (const [run, call] of calls) {
    const geomean = withMean.find((scored) => scored.run === run)?.geomean ?? null;
    standings.set(run, {
      text:
        call.kind === 'within'
          ? `≈ top (${ratioText(geomean)})`
          : `${ratioText(geomean)} from ${isCrowned ? 'best' : 'top'}`,
      note: callNote(call, nameOf(reference), 'behind'),
      isCrowned: false,
    });
  }
  return standings;
}

function ratioText(ratio: number | null): string {
  return ratio === null ? '–' : formatTimes(ratio);
}

/**
 * One number's text against its group's best (or the base run's number): "best" only when it
 * leads every other run of the group beyond the noise, free of error findings; "≈ top, p = 0.41"
 * within the noise of the group's top; else its ratio "from best" or "from top".
 */
export function cellStanding(
  metric: MetricComparison,
  board: Scoreboard,
  group: string,
  run: string,
  evidence: LeadEvidence,
): Standing {
  const cells = metric.cells.filter(
    (cell) => cell.group === group && board.runs.some((scored) => scored.run === cell.run),
  );
  const own = cells.find((cell) => cell.run === run);
  const ratio =
    board.runs.find((scored) => scored.run === run)?.cells.find((cell) => cell.group === group)?.ratio ?? null;
  if (board.reference.kind === 'base' || board.betterIs === 'neither' || own === undefined)
    return { text: ratio === null ? '–' : board.reference.kind === 'base' ? formatTimes(ratio) : '', isCrowned: false };
  const top = cells.reduce((best, cell) => (ratioOf(board, cell) < ratioOf(board, best) ? cell : best), own);
  const isTop = top === own || ratio === 1;
  if (isTop) {
    const others = cells.filter((cell) => cell !== own).map((cell) => groupCall(metric, own, cell, evidence));
    const isCrowned = others.length > 0 && others.every((call) => call.kind === 'beyond');
    const isTied = others.some((call) => call.kind === 'inside' || call.kind === 'similar');
    return { text: isCrowned ? 'best' : isTied ? '≈ top' : 'top', isCrowned };
  }
  const call = groupCall(metric, top, own, evidence);
  const crowned = cellStanding(metric, board, group, top.run, evidence).isCrowned;
  const times = ratio === null ? '–' : formatTimes(ratio);
  if (call.kind === 'inside') return { text: `≈ top (${times}, ${formatPValue(call.pValue)})`, isCrowned: false };
  if (call.kind === 'similar') return { text: `≈ top (${times})`, isCrowned: false };
  return {
    text: `${times} from ${crowned ? 'best' : 'top'}${call.kind === 'ahead' ? ', not tested' : ''}`,
    isCrowned: false,
  };
}

/** A cell's ratio to the group's best as the board has it (for finding the group's top). */
function ratioOf(board: Scoreboard, cell: { run: string; group: string }): number {
  return (
    board.runs.find((scored) => scored.run === cell.run)?.cells.find((c) => c.group === cell.group)?.ratio ?? Infinity
  );
}
