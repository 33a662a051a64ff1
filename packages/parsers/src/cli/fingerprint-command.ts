import type { WorkloadFingerprint } from '../fingerprint.ts';
import { fingerprintOutput } from '../fingerprint-output.ts';
import type { ParseOutput } from '../parser.ts';
import type { Registry } from '../registry.ts';
import type { ToolName } from '../tools.ts';
import { type CliIO, EXIT_OK } from './cli-io.ts';
import { writeJson } from './json-stream.ts';
import { readWholeText } from './read-whole.ts';

export interface FingerprintFlags {
  tool: ToolName | undefined;
  format: string | undefined;
  json: boolean;
}

interface FileFingerprints {
  file: string;
  tool: ParseOutput['tool'];
  format: string;
  toolVersion: string | null;
  fingerprints: WorkloadFingerprint[];
}

/**
 * `benchfolio fingerprint FILE...`: each workload's fingerprint, as text (one block per file,
 * one line per field with where it was read) or, with `--json`, as JSON (an object for one file,
 * an array for several). A file that cannot be parsed is reported as `parse` reports it.
 */
export async function fingerprintCommand(
  files: readonly string[],
  flags: FingerprintFlags,
  io: CliIO,
  registry: Registry,
  reportError: (error: unknown, file: string, io: CliIO) => number,
): Promise<number> {
  let status = EXIT_OK;
  const found: FileFingerprints[] = [];
  for (const file of files) {
    try {
      const text = await readWholeText(file);
      const output = registry.parse(text, { tool: flags.tool, format: flags.format, name: file });
      found.push({
        file,
        tool: output.tool,
        format: output.format,
        toolVersion: output.toolVersion,
        fingerprints: fingerprintOutput(output, { text }),
      });
    } catch (error) {
      status = Math.max(status, reportError(error, file, io));
    }
  }
  if (found.length === 0) return status;
  if (flags.json) await writeJson(io.stdout, files.length === 1 ? found[0] : found);
  else io.stdout.write(found.map(fingerprintText).join('\n'));
  return status;
}

/** One file's fingerprints for a reader. */
export function fingerprintText({ file, tool, format, toolVersion, fingerprints }: FileFingerprints): string {
  const count = `${fingerprints.length} workload${fingerprints.length === 1 ? '' : 's'}`;
  const lines = [`${file}: ${tool} ${format}${toolVersion === null ? '' : ` (${toolVersion})`}, ${count}`];
  for (const fingerprint of fingerprints) {
    const where = fingerprint.line === null ? '' : ` (line ${fingerprint.line})`;
    lines.push(`  ${fingerprint.workload}: ${fingerprint.summary}${where}`);
    const width = Math.max(0, ...fingerprint.fields.map((field) => field.label.length));
    const valueWidth = Math.max(0, ...fingerprint.fields.map((field) => field.text.length));
    for (const field of fingerprint.fields) {
      lines.push(`    ${field.label.padEnd(width)}  ${field.text.padEnd(valueWidth)}  ${field.source}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
