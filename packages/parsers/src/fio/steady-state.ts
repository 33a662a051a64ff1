/**
 * fio's `--steadystate` setting as it prints it back: JSON `"ss" : "iops:20.000000%"`,
 * `"bw_slope:0.100000%"`, `"iops:500.000000"`, fio >= 3.42 also `"lat:..."` (stat.c,
 * show_thread_status_json: metric, `_slope`
 * for the slope criterion, the limit with six decimals, `%` when it is a percentage).
 */
export interface SteadyStateSpec {
  metric: 'iops' | 'bw' | 'lat';
  isSlope: boolean;
  limit: number;
  isPercent: boolean;
}

const SPEC = /^(iops|bw|lat)(_slope)?:(-?\d+(?:\.\d+)?)(%?)$/;

/** The setting read from its printed form, or null when the text is not one. */
export function _readSteadyStateSpec(text: string): SteadyStateSpec | null {
  const match = SPEC.exec(text.trim());
  if (match === null) return null;
  return {
    metric: match[1] as 'iops' | 'bw' | 'lat',
    isSlope: match[2] !== undefined,
    limit: Number(match[3]),
    isPercent: match[4] === '%',
  };
}

/** JSON `"criterion" : "0.109515%"` (or without `%`): the number, or null. */
export function _readCriterion(text: string): number | null {
  const match = /^(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)%?$/i.exec(text.trim());
  return match === null ? null : Number(match[1]);
}
