import type { Detection } from '../parser.ts';

// sadf -j, iostat -o JSON and mpstat -o JSON all begin {"sysstat": {"hosts": [...]. Only sadf
// writes the data file's `file-date` in the host header and a `timestamp` object (iostat and
// mpstat print `date` and a `timestamp` string), whatever activities the output holds.
const JSON_START = /^\s*\{\s*"sysstat"\s*:/;
const SADF_MARK = /"file-date"\s*:|"timestamp"\s*:\s*\{/;

/**
 * Recognises sadf -j from the head of an input. The confidence is above iostat's 0.95 for its
 * JSON, whose detection also claims any `{"sysstat": ...}` holding a `"disk":` key.
 */
export function _detectSadfHead(head: string): Detection | null {
  if (!JSON_START.test(head) || !SADF_MARK.test(head)) return null;
  return { tool: 'sadf', format: 'json', version: sysdataVersion(head), confidence: 0.97 };
}

/** `"sysdata-version": 2.15` of sysstat 10.1 to 11.4, the only version sadf -j names. */
function sysdataVersion(head: string): string | null {
  return /"sysdata-version"\s*:\s*"?([\d.]+)/.exec(head)?.[1] ?? null;
}
