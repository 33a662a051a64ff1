import { _bonnieFingerprints } from './bonnie/index.ts';
import { _ddFingerprints } from './dd/index.ts';
import type { WorkloadFingerprint } from './fingerprint.ts';
import { _fioFingerprints } from './fio/index.ts';
import { _iostatFingerprints } from './iostat/index.ts';
import type { ParseOutput } from './parser.ts';
import { _sadfFingerprints } from './sadf/index.ts';
import { _sysbenchFingerprints } from './sysbench/index.ts';

/** What the caller knows beside the parsed output; each is optional and read only where it says more. */
export interface FingerprintContext {
  /** The text the output was parsed from: fio's `Laying out IO file` lines, a dd command line printed in it. */
  text?: string | undefined;
  /** The command that ran the tool (a run.yaml's `command`): dd's operands. */
  command?: string | undefined;
  /** The memory of the machine the run was on, in bytes: bonnie++'s file size relative to it. */
  memoryBytes?: number | undefined;
}

/**
 * The workload fingerprints of a parsed output, one per workload: per fio job (or group), per
 * sysbench, bonnie++ or dd run, per iostat output, per sadf host. A fio log gives none: it
 * carries no job parameters (its job's fingerprint is in the output it was written beside).
 */
export function fingerprintOutput(output: ParseOutput, context: FingerprintContext = {}): WorkloadFingerprint[] {
  switch (output.tool) {
    case 'fio':
      return _fioFingerprints(output.result, context);
    case 'sysbench':
      return _sysbenchFingerprints(output.result);
    case 'bonnie':
      return _bonnieFingerprints(output.result, context);
    case 'dd':
      return _ddFingerprints(output.result, context);
    case 'iostat':
      return _iostatFingerprints(output.result);
    case 'sadf':
      return _sadfFingerprints(output.result);
    case 'fio-log':
      return [];
  }
}
