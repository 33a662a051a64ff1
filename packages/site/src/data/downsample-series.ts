/**
 * Min/max downsampling of several series that share one time axis (an iostat device's figures):
 * the samples are cut into `maxPoints / 2` consecutive buckets, and each bucket becomes two
 * points, at its first and last time, carrying each series' smallest and largest value in the
 * order they occurred. Every peak and trough survives, so the drawn envelope is the same as the
 * full series', at a bounded size. Series at or under `maxPoints` come back unchanged.
 */
export function downsampleMinMax<K extends string>(
  t: readonly number[],
  series: Readonly<Record<K, ReadonlyArray<number | null>>>,
  maxPoints: number,
): { t: number[]; series: Record<K, Array<number | null>> } {
  const keys = Object.keys(series) as K[];
  if (t.length <= maxPoints || maxPoints < 2) {
    return {
      t: [...t],
      series: Object.fromEntries(keys.map((key) => [key, [...series[key]]])) as Record<K, Array<number | null>>,
    };
  }
  const buckets = Math.floor(maxPoints / 2);
  const outT: number[] = [];
  const out = Object.fromEntries(keys.map((key) => [key, [] as Array<number | null>])) as Record<
    K,
    Array<number | null>
  >;
  for (let bucket = 0; bucket < buckets; bucket++) {
    const start = Math.floor((bucket * t.length) / buckets);
    const end = Math.floor(((bucket + 1) * t.length) / buckets);
    if (end <= start) continue;
    outT.push(t[start] as number, t[end - 1] as number);
    for (const key of keys) {
      const values = series[key];
      let minIndex = -1;
      let maxIndex = -1;
      for (let i = start; i < end; i++) {
        const value = values[i];
        if (value === null || value === undefined) continue;
        if (minIndex === -1 || value < (values[minIndex] as number)) minIndex = i;
        if (maxIndex === -1 || value > (values[maxIndex] as number)) maxIndex = i;
      }
      if (minIndex === -1) out[key].push(null, null);
      else {
        const [first, second] = minIndex <= maxIndex ? [minIndex, maxIndex] : [maxIndex, minIndex];
        out[key].push(values[first] as number, values[second] as number);
      }
    }
  }
  return { t: outT, series: out };
}
