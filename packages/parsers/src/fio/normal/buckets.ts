/**
 * The buckets of fio's latency distributions and IO depth lines, created whole.
 *
 * Their keys are numbers ("250", "1000", "2000"), which JavaScript stores as array indices:
 * adding them one by one to an empty object makes V8 grow a sparse backing store at each key,
 * about 100 times slower than an object literal holding them all. So each record starts as
 * a literal with every bucket fio has (stat.c: show_lat_u/show_lat_m ranges, io_u_map), and
 * the parser fills in what the line prints.
 *
 * fio's normal text prints only the latency buckets above zero (stat.c show_lat skips
 * `<= 0.0`): a bucket it leaves out is 0, as fio's JSON of the same run says.
 */

/** nsec and usec buckets: 2, 4, 10, ..., 1000 (fio FIO_IO_U_LAT_N_NR / _U_NR). */
export function _fineBuckets(): Record<string, number> {
  return { 2: 0, 4: 0, 10: 0, 20: 0, 50: 0, 100: 0, 250: 0, 500: 0, 750: 0, 1000: 0 };
}

/** msec buckets: 2, 4, ..., 2000 and ">=2000" (fio FIO_IO_U_LAT_M_NR). */
export function _msBuckets(): Record<string, number> {
  return { 2: 0, 4: 0, 10: 0, 20: 0, 50: 0, 100: 0, 250: 0, 500: 0, 750: 0, 1000: 0, 2000: 0, '>=2000': 0 };
}

/** `IO depths` levels 1 to 32; the last bucket (">=64", ">32" in old fio) is added as printed. */
export function _levelDepths(): Record<string, number> {
  return { 1: 0, 2: 0, 4: 0, 8: 0, 16: 0, 32: 0 };
}

/** `submit`/`complete` buckets 0 to 64; ">=64" is added as printed. */
export function _batchDepths(): Record<string, number> {
  return { 0: 0, 4: 0, 8: 0, 16: 0, 32: 0, 64: 0 };
}

type PairKey = number | string;

/**
 * The record of an `IO depths`, `submit` or `complete` line from its pairs (see
 * _readPercentPairs), or the line added to the record already there. The record starts as
 * the literal of every bucket; its keys are stored by number (an element store, where a key
 * string would be converted on every store).
 */
export function _depthsRecord(
  isLevel: boolean,
  count: number,
  keys: readonly PairKey[],
  values: readonly number[],
  into: Record<string, number> | null,
): Record<string, number> {
  if (into === null && count === 7 && keys[6] === '>=64') {
    // fio 1.x to 3.x print every bucket of these lines, in this order: the record is made in
    // one literal, with no store per bucket (three such lines a job).
    const at = (i: number) => values[i] as number;
    if (isLevel && isSequence(keys, LEVEL_KEYS)) {
      return { 1: at(0), 2: at(1), 4: at(2), 8: at(3), 16: at(4), 32: at(5), '>=64': at(6) };
    }
    if (!isLevel && isSequence(keys, BATCH_KEYS)) {
      return { 0: at(0), 4: at(1), 8: at(2), 16: at(3), 32: at(4), 64: at(5), '>=64': at(6) };
    }
  }
  return fill(into ?? (isLevel ? _levelDepths() : _batchDepths()), count, keys, values);
}

/** The numbered keys of a full `IO depths` line and of a full `submit`/`complete` line. */
const LEVEL_KEYS = [1, 2, 4, 8, 16, 32];
const BATCH_KEYS = [0, 4, 8, 16, 32, 64];

/** True when `keys` starts with the numbers of `expected`. */
function isSequence(keys: readonly PairKey[], expected: readonly number[]): boolean {
  for (let i = 0; i < expected.length; i++) if (keys[i] !== expected[i]) return false;
  return true;
}

/**
 * The record of a latency distribution line (`lat (usec) : 250=0.04%, 500=64.11%`), or the
 * line added to the record of its unit when one is already there (fio 2.x prints two lines
 * a unit). Buckets the line leaves out are 0 (see above).
 */
export function _bucketRecord(
  isMs: boolean,
  count: number,
  keys: readonly PairKey[],
  values: readonly number[],
  into: Record<string, number> | null,
): Record<string, number> {
  return fill(into ?? (isMs ? _msBuckets() : _fineBuckets()), count, keys, values);
}

function fill(
  record: Record<string, number>,
  count: number,
  keys: readonly PairKey[],
  values: readonly number[],
): Record<string, number> {
  for (let i = 0; i < count; i++) record[keys[i] as PairKey] = values[i] as number;
  return record;
}
