import type { Detection } from '../parser.ts';

// The lines only iostat prints: its avg-cpu header, and a device table header with a known
// first column (Device first, or last with --pretty). mpstat, sar and pidstat print the same
// banner, so the banner alone proves nothing.
const AVG_CPU = /^avg-cpu:[ \t]+%user[ \t]/m;
const DEVICE_HEADER = /^[ \t]*Device:?[ \t]+(?:tps|rrqm\/s|r\/s|rkB\/s|rMB\/s|rsec\/s)[ \t]/m;
const PRETTY_HEADER = /^[ \t]*(?:tps|rrqm\/s|r\/s|w\/s|d\/s|f\/s)[ \t][^\n]*[ \t]Device[ \t]*$/m;
const JSON_START = /^\s*\{\s*"sysstat"\s*:/;
const JSON_IOSTAT_KEY = /"(?:disk|avg-cpu)"\s*:/;
// sadf -j's host header names its data file's date; iostat's names `date` (see sadf/detect.ts).
const JSON_SADF_KEY = /"file-date"\s*:/;

/** Recognises iostat's text and JSON outputs from the head of an input. */
export function detectIostatHead(head: string): Detection | null {
  if (JSON_START.test(head)) {
    // sadf -j starts the same way; iostat's statistics hold "disk" or "avg-cpu".
    return JSON_IOSTAT_KEY.test(head) && !JSON_SADF_KEY.test(head)
      ? { tool: 'iostat', format: 'json', version: null, confidence: 0.95 }
      : null;
  }
  if (AVG_CPU.test(head) || DEVICE_HEADER.test(head) || PRETTY_HEADER.test(head)) {
    return { tool: 'iostat', format: 'text', version: null, confidence: 0.9 };
  }
  return null;
}
