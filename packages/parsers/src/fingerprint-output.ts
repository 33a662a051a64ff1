import type { FingerprintContext, WorkloadFingerprint } from './fingerprint.ts';
import type { ParseOutput } from './parser.ts';
import { TOOLS, type ToolName } from './tools.ts';

/**
 * What fingerprintOutput asks of a tool: its fingerprints of a result. The parameter is wider than
 * each tool's own (a method's parameters are compared both ways, as BUILTIN_PARSERS' `ndjson`
 * are): an output's `tool` names the tool whose result it holds (ParseOutput is discriminated on
 * it), so each result reaches its own tool's function.
 */
interface Fingerprinting {
  fingerprints(result: ParseOutput['result'], context: FingerprintContext): WorkloadFingerprint[];
}

/** Each tool's fingerprints, by name: from the definitions of TOOLS (each tool's `fingerprints`). */
const FINGERPRINTING: ReadonlyMap<ToolName, Fingerprinting> = new Map(
  TOOLS.map((tool): [ToolName, Fingerprinting] => [tool.name, tool]),
);

/**
 * The workload fingerprints of a parsed output, one per workload: per fio job (or group), per
 * sysbench, bonnie++ or dd run, per iostat output, per sadf host. A fio log gives none: it
 * carries no job parameters (its job's fingerprint is in the output it was written beside).
 */
export function fingerprintOutput(output: ParseOutput, context: FingerprintContext = {}): WorkloadFingerprint[] {
  return FINGERPRINTING.get(output.tool)?.fingerprints(output.result, context) ?? [];
}
