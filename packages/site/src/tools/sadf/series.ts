// sadf -j's device figures over time. The library names sar's disk metrics as iostat's (`%util`,
// `await`, `tps`, `read.bw`, `write.bw`), labelled `device`, `sample` and `time` as iostat's
// reports are, so iostat's gathering reads them (tools/iostat/series.ts); only the figures differ.
// sar -d counts requests both ways together (tps): there is no r/s or w/s per device.

import type { Measurement } from '@benchfolio/parsers';
import type { AnyDeviceFigure, DeviceSeries } from '../../view/model.ts';
import { type FigureReading, measuredDeviceSeries } from '../iostat/series.ts';

/** The figures of a device's series from a sar file, in the order the section offers them. */
export const SADF_FIGURES: AnyDeviceFigure[] = [
  'util',
  'await',
  'transfersPerSec',
  'readBytesPerSec',
  'writeBytesPerSec',
];

/** The sadf metric of each figure: sar prints await itself (from the same counters as iostat). */
const SADF_METRIC: Readonly<Partial<Record<AnyDeviceFigure, string>>> = {
  util: '%util',
  await: 'await',
  transfersPerSec: 'tps',
  readBytesPerSec: 'read.bw',
  writeBytesPerSec: 'write.bw',
};

const SADF_READING: FigureReading = {
  figures: SADF_FIGURES,
  metrics: new Set(Object.values(SADF_METRIC)),
  value(figure, read) {
    const metric = SADF_METRIC[figure];
    return metric === undefined ? null : read(metric);
  },
};

/**
 * Each disk's figures over a sadf -j output, full resolution, from its measurements: CPU and
 * io (sar -b) entries count their sample but draw nothing. Times are the seconds since the first
 * statistics entry, from its timestamps (sadf always prints them); disks idle throughout are
 * left out.
 */
export function sadfDeviceSeries(run: string, measurements: readonly Measurement[]): DeviceSeries[] {
  return measuredDeviceSeries(run, measurements, undefined, SADF_READING);
}
