import type { Detection } from '../parser.ts';
import { SYSBENCH_FORMAT } from './values.ts';

// The header line, anywhere in the head (a prompt line or a WARNING may come first).
const VERSION_LINE =
  /^\uFEFF?sysbench (\d+\.\d+(?:\.\d+)?(?:-[0-9a-zA-Z.]+)?)(?:: {2}multi-threaded system evaluation benchmark| \(using [^)\n]*\))?[ \t]*$/m;
// Block headings only sysbench prints: enough to recognise a copy that starts at the statistics.
const STATISTICS_HEADING =
  /^[ \t]*(?:General statistics:|Test execution summary:|SQL statistics:|OLTP test statistics:)[ \t]*$/m;
const FAIRNESS = /^[ \t]*Threads fairness:[ \t]*$/m;
const INTERVAL_1X = /^\[ *\d[\d.]*s *\] (?:thds|threads): /m;
// sysbench.report_json's report without the header (a copy of the report alone): its members in order.
const REPORT_JSON = /^[ \t]*\{[ \t]*\r?\n[ \t]*"time": +\d+,[ \t]*\r?\n[ \t]*"threads": \d+,[ \t]*\r?\n[ \t]*"tps": /m;

/**
 * Recognises a sysbench text output from its head. The version line names the tool; without it
 * (a copy of the statistics only) a statistics heading together with "Threads fairness:" or an
 * interval line is still unmistakable, at a lower confidence.
 */
export function detectSysbenchHead(head: string): Detection | null {
  const version = VERSION_LINE.exec(head);
  if (version !== null) {
    return { tool: 'sysbench', format: SYSBENCH_FORMAT, version: version[1] ?? null, confidence: 0.95 };
  }
  if (STATISTICS_HEADING.test(head) && (FAIRNESS.test(head) || /Latency \(ms\):|per-request statistics:/.test(head))) {
    return { tool: 'sysbench', format: SYSBENCH_FORMAT, version: null, confidence: 0.7 };
  }
  if (REPORT_JSON.test(head)) {
    return { tool: 'sysbench', format: SYSBENCH_FORMAT, version: null, confidence: 0.6 };
  }
  if (INTERVAL_1X.test(head)) {
    return { tool: 'sysbench', format: SYSBENCH_FORMAT, version: null, confidence: 0.5 };
  }
  return null;
}
