import type { Detection } from '../parser.ts';
import { _readBsdTransfer } from './bsd-transfer-line.ts';
import { DD, DD_FORMAT } from './context.ts';
import { _isTransferFailure, _readTransfer } from './transfer-line.ts';
import { _recordsLanguage, COUNT_SPACE } from './words.ts';

/**
 * Recognises a dd output from the head of the input: a records pair (`N+M records in` then
 * `N+M records out`, or their German and French words), a transfer statement (`N bytes (...)
 * copied, T s, R B/s`, or the BSD dd's `N bytes transferred in S secs (R bytes/sec)`), and a
 * `dd (coreutils) 9.1` version line, which names the version. The
 * other tools print none of these. Words of another language count for less: the shape of a
 * transfer statement alone is still particular to dd.
 */
const VERSION = /^[ \t>]*dd \((?:GNU )?(?:coreutils|fileutils)\) (\S+)/m;
const LEAD = /^[ \t>]*/;
const RECORDS = new RegExp(`^(\\d+)\\+(\\d+)${COUNT_SPACE}(\\S(?:.*\\S)?)$`);

export function _detectDdHead(head: string): Detection | null {
  const version = VERSION.exec(head)?.[1] ?? null;
  let hasKnownRecords = false;
  let hasKnownTransfer = false;
  let hasOtherTransfer = false;
  let previousRecords: string | null = null;
  for (const raw of head.split('\n')) {
    const line = raw.slice((LEAD.exec(raw) as RegExpExecArray)[0].length).trimEnd();
    const records = RECORDS.exec(line);
    if (records !== null) {
      const known = _recordsLanguage(records[3] as string);
      if (known?.role === 'out' && previousRecords !== null && _recordsLanguage(previousRecords)?.role === 'in') {
        hasKnownRecords = true;
      }
      previousRecords = records[3] as string;
      continue;
    }
    if (line !== '') previousRecords = null;
    if (/^\d/.test(line)) {
      const gnu = _readTransfer(line, 0);
      const transfer = _isTransferFailure(gnu) ? (_readBsdTransfer(line, 0) ?? gnu) : gnu;
      if (!_isTransferFailure(transfer)) {
        if (transfer.language !== null) hasKnownTransfer = true;
        else hasOtherTransfer = true;
      }
    }
    if (hasKnownRecords && hasKnownTransfer) break;
  }
  const detection = (confidence: number): Detection => ({ tool: DD, format: DD_FORMAT, version, confidence });
  if (hasKnownRecords || hasKnownTransfer) return detection(version === null ? 0.9 : 0.95);
  if (hasOtherTransfer) return detection(0.6);
  if (version !== null) return detection(0.5);
  return null;
}
