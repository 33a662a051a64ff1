import {
  _bytesField,
  _countField,
  _flagField,
  _wordField,
  _workloadPhrase,
  type FingerprintField,
  type FingerprintSource,
  type Operation,
  type WorkloadFingerprint,
  type WorkloadKind,
} from '../fingerprint.ts';
import type { DdResult, DdRun } from './schema.ts';

/**
 * dd's workload fingerprint, one per statistics report. dd prints only what it moved (records
 * in and out, bytes); its operands are in the command line, which the caller may give (a
 * run.yaml's command) or the output may hold (a pasted prompt line `$ dd if=/dev/zero of=x
 * bs=1M count=1024 oflag=direct`; the last such line before a report is its command). From the
 * command: `bs` (or `obs`), `count`, `iflag`/`oflag` direct and (d)sync, `conv=fdatasync`/`fsync`,
 * and the direction (`if=/dev/zero` or `/dev/urandom` writes, `of=/dev/null` reads). From the
 * report: the bytes copied, the records written, and the block size they imply when every
 * record was whole (bytes / records out).
 */

export interface DdFingerprintContext {
  /** The text the result was parsed from, for a dd command line printed in it. */
  text?: string | undefined;
  /** The command that ran dd, when the caller has it. */
  command?: string | undefined;
}

export function _ddFingerprints(result: DdResult, context: DdFingerprintContext = {}): WorkloadFingerprint[] {
  const commandLines = context.text === undefined ? [] : readCommandLines(context.text);
  return result.runs.map((run) => {
    const printed = commandLines.filter((command) => command.line < run.line).at(-1);
    const command =
      printed !== undefined
        ? { operands: printed.operands, source: 'command' as const }
        : context.command === undefined
          ? null
          : { operands: readOperands(context.command), source: 'command' as const };
    return fingerprintOf(run, command?.operands ?? null, command?.source ?? 'command');
  });
}

function fingerprintOf(
  run: DdRun,
  operands: ReadonlyMap<string, string> | null,
  commandSource: FingerprintSource,
): WorkloadFingerprint {
  const fields: FingerprintField[] = [];
  let op: Operation | null = null;
  if (operands !== null) {
    const input = operands.get('if');
    const output = operands.get('of');
    if (input !== undefined && /^\/dev\/(?:zero|u?random)$/.test(input)) op = 'write';
    else if (output === '/dev/null') op = 'read';
    const bs = _readDdSize(operands.get('bs') ?? operands.get(op === 'read' ? 'ibs' : 'obs') ?? '');
    if (bs !== null) fields.push(_bytesField({ key: 'bs', label: 'block size', source: commandSource, weight: 3 }, bs));
    const count = _readDdSize(operands.get('count') ?? '');
    if (count !== null) fields.push(_countField({ key: 'count', label: 'count', source: commandSource }, count));
    const flags = [...(operands.get('iflag') ?? '').split(','), ...(operands.get('oflag') ?? '').split(',')].filter(
      (flag) => flag !== '',
    );
    fields.push(
      _flagField({ key: 'direct', label: 'direct', source: commandSource, weight: 3 }, flags.includes('direct')),
    );
    const conv = (operands.get('conv') ?? '').split(',');
    const sync = [
      ...(flags.includes('sync') ? ['O_SYNC'] : []),
      ...(flags.includes('dsync') ? ['O_DSYNC'] : []),
      ...(conv.includes('fdatasync') ? ['fdatasync at end'] : []),
      ...(conv.includes('fsync') ? ['fsync at end'] : []),
    ];
    fields.push(
      _wordField(
        { key: 'sync', label: 'sync', source: commandSource, weight: 2 },
        sync.length === 0 ? 'none' : sync.join(', '),
      ),
    );
  }
  const out = run.recordsOut;
  const bytes = run.transfer?.bytesCopied ?? null;
  if (
    !fields.some((f) => f.key === 'bs') &&
    out !== null &&
    bytes !== null &&
    out.partial === 0 &&
    out.full > 0 &&
    bytes % out.full === 0
  ) {
    // Every record written was whole and the bytes divide evenly among them: each was bytes / records long,
    // the output block size. (A write cut short by a full disk is in the bytes, not in the records.)
    fields.push(_bytesField({ key: 'bs', label: 'block size', source: 'report', weight: 3 }, bytes / out.full));
  }
  if (bytes !== null)
    fields.push(_bytesField({ key: 'size', label: 'bytes copied', source: 'report', weight: 2 }, bytes));
  // dd reads and writes in order: every dd workload is sequential.
  const kind: WorkloadKind = {
    category: 'io',
    access: 'sequential',
    op,
    source: op === null ? 'report' : commandSource,
  };
  return {
    tool: 'dd',
    workload: 'dd',
    run: run.index,
    line: run.line,
    kind,
    summary: _workloadPhrase({ kind, fields }),
    fields,
  };
}

/** dd command lines in a text (a prompt line before the output): `dd` followed by `name=value` operands. */
function readCommandLines(text: string): { line: number; operands: Map<string, string> }[] {
  const found: { line: number; operands: Map<string, string> }[] = [];
  text.split('\n').forEach((line, index) => {
    const match = /(?:^|[\s;(|&$#])dd((?:\s+[a-z]+=\S+)+)/.exec(line);
    if (match !== null) found.push({ line: index + 1, operands: readOperands(match[1] ?? '') });
  });
  return found;
}

function readOperands(command: string): Map<string, string> {
  const operands = new Map<string, string>();
  for (const match of command.matchAll(/(?:^|\s)([a-z]+)=(\S+)/g)) {
    operands.set(match[1] as string, (match[2] as string).replace(/^['"]|['"]$/g, ''));
  }
  return operands;
}

/**
 * A dd size operand (coreutils dd.c, xstrtoumax): a number, an optional suffix c (1), w (2), b
 * (512), K/k/M/G/T/P/E (powers of 1024), with `B` after the letter powers of 1000 (`kB`, `MB`),
 * with `iB` powers of 1024 (`MiB`); `NxM` multiplies. Null for anything else.
 */
export function _readDdSize(text: string): number | null {
  if (text === '') return null;
  let product = 1;
  for (const factor of text.split('x')) {
    const match = /^(\d+)(?:(c|w|b)|([kKMGTPE])(B|iB)?)?$/.exec(factor);
    if (match === null) return null;
    let value = Number(match[1]);
    if (match[2] !== undefined) value *= match[2] === 'c' ? 1 : match[2] === 'w' ? 2 : 512;
    if (match[3] !== undefined) {
      const power = 'KMGTPE'.indexOf(match[3].toUpperCase()) + 1;
      value *= (match[4] === 'B' ? 1000 : 1024) ** power;
    }
    product *= value;
  }
  return product;
}
