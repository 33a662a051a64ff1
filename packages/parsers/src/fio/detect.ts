import type { Detection } from '../parser.ts';
import type { FioParseFormat } from './parse-fio.ts';
import { isTerseLine } from './parse-terse.ts';

/**
 * Recognises fio output from the head of an input. Each format has marks no other tool
 * prints: JSON's `"fio version"` key (or `"jobs"` with `"jobname"`), terse lines starting
 * `3;fio-`, normal text's `name: (groupid=0, jobs=1): err=` job lines and `Run status group`.
 * When the head holds more than one format with results, the format is `mixed`.
 */

const JSON_MARK = /"fio version"\s*:\s*"([^"]*)"/;
const JOB_HEADER = /^\S[^\n]*: \(groupid=\d+, jobs=\d+\): err=/m;
const RUN_STATUS = /^Run status group \d+ \(all jobs\):/m;
const ERROR_LINE = /^\s*fio: pid=\d+, err=\d+/m;
const PREAMBLE = /^\S[^\n]*: \(g=\d+\): rw=/m;
const VERSION_LINE = /^(fio-\d[^\s]*|fio \d[\d.]*)\s*$/m;

export function detectFioHead(head: string): Detection | null {
  const kinds: FioParseFormat[] = [];
  let version: string | null = null;

  const json = JSON_MARK.exec(head);
  const hasJobsKey = /"(?:jobs|client_stats)"\s*:\s*\[/.test(head) && head.includes('"jobname"');
  if (json !== null || hasJobsKey) {
    kinds.push(head.includes('"bins"') ? 'json+' : 'json');
    version = json?.[1] ?? null;
  }
  const terseLine = findTerseLine(head);
  if (terseLine !== null) {
    kinds.push('terse');
    const field = terseLine.split(';', 2)[1] ?? '';
    if (version === null && field.startsWith('fio-')) version = field;
  }
  const hasNormal = JOB_HEADER.test(head) || RUN_STATUS.test(head);
  if (hasNormal) kinds.push('normal');
  if (version === null) version = VERSION_LINE.exec(head)?.[1]?.replace(' ', '-') ?? null;

  const [only] = kinds;
  if (only !== undefined) {
    return { tool: 'fio', format: kinds.length > 1 ? 'mixed' : only, version, confidence: 0.95 };
  }
  // A run that failed before printing results: fio's error line, with its job lines perhaps.
  if (ERROR_LINE.test(head)) return { tool: 'fio', format: 'normal', version, confidence: 0.6 };
  // Job lines and a version line, but the results are past the head or missing.
  if (PREAMBLE.test(head)) return { tool: 'fio', format: 'mixed', version, confidence: 0.5 };
  return null;
}

function findTerseLine(head: string): string | null {
  let start = 0;
  while (start < head.length) {
    let end = head.indexOf('\n', start);
    if (end === -1) end = head.length;
    const code = head.charCodeAt(start);
    if (code >= 50 && code <= 53 && head.charCodeAt(start + 1) === 59) {
      const line = head.slice(start, end);
      if (isTerseLine(line)) return line;
    }
    start = end + 1;
  }
  return null;
}
