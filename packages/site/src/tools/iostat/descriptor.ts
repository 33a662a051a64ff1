// iostat (sysstat), as the site shows it: a log of device figures over time, taken beside a
// benchmark. Metric names are the library's canonical columns (packages/parsers/src/iostat/columns.ts);
// the words follow sysstat's iostat(1).

import { type IostatReport, type IostatResult, type ParseOutput, parseIostatStream } from '@benchfolio/parsers';
import { DeviceStats } from '../../view/result-tables.ts';
import type { ToolDescriptor } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import { type PrefillFacts, type PrefillRead, printedPairs } from '../prefill-read.ts';
import { iostatResultOf, iostatSections, streamedIostatSections } from './sections.ts';
import { iostatWords } from './words.ts';

export const iostat: ToolDescriptor<'iostat'> = {
  ...TOOL_NAMES.iostat,
  metrics: iostatWords,
  sections: iostatSections,
  // A run's JSON keeps iostat's reports in its outputs; its sections have no bars to compare.
  isCompared: false,
  try: {
    detectedTitle: 'iostat (sysstat)',
    reads:
      'iostat from sysstat: every plain layout (`-x`, `-t`, `-k`/`-m`, `-p`, `--pretty`) and `-o JSON`, logs of any length.',
    placeholder: 'Linux 6.1.0 (host) …',
    parseStream,
    // parseStream keeps the reports and makes no measurements: the sections read the reports.
    sections: streamedIostatSections,
  },
  submission: {
    versionExample: 'sysstat 12.6.1',
    versionHint: 'iostat prints no version in its output: “iostat -V” shows it; write it “sysstat 12.6.1”.',
    runYamlVersion: (printed) => `sysstat ${printed}`,
    fallbackName: 'log',
    read: readIostat,
  },
};

/**
 * An iostat log through the streaming parser: reports are kept (the charts need them, and a
 * report is a few arrays of numbers), the device table is summed up as they come. No
 * measurements are made (tens of millions for a 100 MB log): /try's sections are
 * streamedIostatSections, which read the reports.
 */
async function parseStream(
  chunks: ReadableStream<string> | AsyncIterable<string>,
  { name, format }: { name: string; format: string },
) {
  const stream = parseIostatStream(chunks, { name, format: format === 'json' ? 'json' : 'text' });
  const reports: IostatReport[] = [];
  const stats = new DeviceStats();
  for await (const report of stream) {
    reports.push(report);
    stats.add(report);
  }
  const result: IostatResult = {
    format: format === 'json' ? 'json' : 'text',
    host: stream.host,
    reports,
    isTruncated: stream.isTruncated,
    // The page shows DeviceStats' table and the charts' own summaries instead.
    summary: [],
  };
  const parsed: ParseOutput<'iostat'> = {
    tool: 'iostat',
    format,
    toolVersion: null,
    result,
    measurements: [],
    warnings: stream.warnings,
  };
  return { parsed, tables: [stats.table(`Devices in ${name}`)] };
}

function readIostat(parsed: ParseOutput, facts: PrefillFacts): PrefillRead {
  const result = iostatResultOf(parsed);
  const host = result?.host ?? null;
  if (host !== null) {
    facts.add('kernel', host.release);
    facts.add('host', host.host);
    facts.add('cpuThreads', host.cpuCount);
    facts.add('date', host.dateIso);
  }
  // A streamed log comes with `summary: []`; its reports still name the devices.
  for (const row of result?.summary ?? []) if (!row.isGroup) facts.add('device', row.device);
  for (const report of result?.reports ?? []) {
    for (const row of report.devices) if (!row.isGroup) facts.add('device', row.device);
  }
  const banner =
    host === null
      ? []
      : [
          {
            subject: 'its banner',
            values: printedPairs([
              ['system', host.system],
              ['release', host.release],
              ['host', host.host],
              ['date', host.date],
              ['arch', host.arch],
              ['cpus', host.cpuCount],
            ]),
          },
        ];
  return { workload: null, what: host?.host ?? null, parameters: banner };
}
