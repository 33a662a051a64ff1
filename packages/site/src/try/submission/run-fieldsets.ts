// The run.yaml parts of the submission form: the run, its system, the tools' versions, each
// output, the commands and notes. Controls are named by their run.yaml path.

import type { ToolName } from '@benchfolio/parsers';
import { RAW_OUTPUT_EXTENSIONS, REFUSED_RUN_ENDINGS } from '@benchfolio/parsers/content';
import { TOOL_DESCRIPTORS } from '../../tools/index.ts';
import { element, fieldElement as field, fieldset } from './form-fields.ts';
import type { PrefillOutput, Seen, SubmissionPrefill } from './prefill.ts';

export function runFieldset(document: Document, prefill: SubmissionPrefill): HTMLElement {
  const set = fieldset(document, 'Run: run.yaml', 'submission-run');
  set.append(
    field(document, {
      name: 'run-id',
      label: 'Run id (folder name under runs/)',
      isRequired: true,
      placeholder: 'ext4-defaults',
      hint: `Lowercase words joined by hyphens, not ending in ${REFUSED_RUN_ENDINGS.join(' or ')} (the site’s own files are named so).`,
    }),
    field(document, {
      name: 'label',
      label: 'Label',
      isRequired: true,
      hint: 'How the site names the run ("ext4, defaults").',
    }),
    field(document, {
      name: 'value',
      label: 'Value of the variable',
      isRequired: true,
      hint: 'This run’s value of what the experiment varies ("ext4"); every run has a different one.',
    }),
    field(document, { name: 'date', label: 'Date', seen: prefill.date, placeholder: 'YYYY-MM-DD' }),
    field(document, {
      name: 'repeat',
      label: 'Repeats',
      inputMode: 'numeric',
      value: prefill.repeat === null ? '' : String(prefill.repeat),
      hint:
        prefill.repeat === null
          ? 'How many times the same configuration ran, when more than once.'
          : `From your outputs: ${prefill.repeat} outputs share a tool and workload.`,
    }),
  );
  return set;
}

export function systemFieldset(document: Document, prefill: SubmissionPrefill, disks: HTMLElement): HTMLElement {
  const { system } = prefill;
  const set = fieldset(document, 'System', 'submission-system');
  const cpu = fieldset(document, 'CPU');
  cpu.append(
    field(document, {
      name: 'system.cpu.model',
      label: 'Model',
      hint: 'As /proc/cpuinfo "model name" says; required when any CPU field is given.',
    }),
    field(document, { name: 'system.cpu.count', label: 'Sockets', inputMode: 'numeric' }),
    field(document, { name: 'system.cpu.cores', label: 'Cores in all', inputMode: 'numeric' }),
    field(document, {
      name: 'system.cpu.threads',
      label: 'Hardware threads (logical CPUs)',
      inputMode: 'numeric',
      seen: system.cpuThreads,
    }),
    field(document, { name: 'system.cpu.governor', label: 'cpufreq governor' }),
  );
  const memory = fieldset(document, 'Memory');
  memory.append(
    field(document, { name: 'system.memory.bytes', label: 'Bytes (MemTotal × 1024)', inputMode: 'numeric' }),
    field(document, { name: 'system.memory.description', label: 'Description' }),
  );
  const filesystem = fieldset(document, 'Filesystem');
  filesystem.append(
    field(document, {
      name: 'system.filesystem.type',
      label: 'Type',
      hint: 'ext4, xfs, btrfs, …; required when any filesystem field is given.',
    }),
    field(document, { name: 'system.filesystem.mkfs', label: 'mkfs command or options' }),
    field(document, { name: 'system.filesystem.mount_options', label: 'Mount options (findmnt)' }),
    field(document, { name: 'system.filesystem.mountpoint', label: 'Mount point' }),
  );
  const raid = fieldset(document, 'RAID');
  raid.append(
    field(document, { name: 'system.raid.level', label: 'Level' }),
    field(document, {
      name: 'system.raid.controller',
      label: 'Controller',
      hint: 'Model, or "md" for Linux software RAID.',
    }),
    field(document, { name: 'system.raid.cache', label: 'Cache' }),
  );
  set.append(
    field(document, { name: 'system.host', label: 'Host name', seen: system.host }),
    field(document, { name: 'system.kernel', label: 'Kernel (uname -r)', seen: system.kernel }),
    field(document, { name: 'system.os', label: 'OS (os-release PRETTY_NAME)' }),
    field(document, { name: 'system.virtualization', label: 'Virtualization (systemd-detect-virt)' }),
    field(document, { name: 'system.instance_type', label: 'Cloud instance type' }),
    cpu,
    memory,
    disks,
    field(document, { name: 'system.io_scheduler', label: 'I/O scheduler' }),
    field(document, { name: 'system.lvm', label: 'md/LVM/dm layers' }),
    filesystem,
    raid,
  );
  return set;
}

export function toolsFieldset(document: Document, prefill: SubmissionPrefill): HTMLElement {
  const set = fieldset(document, 'Tools: versions as they print them', 'submission-tools');
  const tools = new Map<ToolName, Seen<string>[]>(prefill.tools.map((entry) => [entry.tool, entry.versions]));
  for (const output of prefill.outputs) if (!tools.has(output.tool)) tools.set(output.tool, []);
  for (const [tool, versions] of tools) {
    const { title, submission } = TOOL_DESCRIPTORS[tool];
    const hint = submission.versionHint;
    set.append(
      field(document, {
        name: `tools.${tool}`,
        // "bonnie++ (as “bonnie++ 2.00a”)": the version as run.yaml writes it.
        label: `${title} (as “${submission.versionExample}”)`,
        seen: versions,
        ...(hint === undefined ? {} : { hint }),
      }),
    );
  }
  return set;
}

export function outputsFieldset(document: Document, outputs: readonly PrefillOutput[]): HTMLElement {
  const set = fieldset(document, 'Outputs: the raw files, byte for byte', 'submission-outputs');
  outputs.forEach((output, index) => {
    const path = (key: string) => `outputs.${index}.${key}`;
    const box = fieldset(document, `${output.source}: ${output.tool}, ${output.format} output`, 'submission-output');
    box.dataset.source = output.source;
    box.append(
      field(document, {
        name: path('file'),
        label: 'File name in the run folder',
        value: output.file,
        isRequired: true,
        hint: `Named as the runner names its outputs: <tool>--<what>.txt. Text only: ${RAW_OUTPUT_EXTENSIONS.join(', ')} or no extension.`,
      }),
      field(document, { name: path('tool'), label: 'Tool', kind: 'hidden', value: output.tool }),
      field(document, { name: path('format'), label: 'Format', kind: 'hidden', value: output.format }),
      field(document, {
        name: path('workload'),
        label: 'Workload',
        ...(output.workload === null ? {} : { seen: [{ value: output.workload, files: [output.source] }] }),
        hint: 'Groups outputs across runs on the charts.',
      }),
      field(document, {
        name: path('repeat'),
        label: 'Repeat',
        inputMode: 'numeric',
        ...(output.repeat === null ? {} : { seen: [{ value: output.repeat, files: [output.source] }] }),
      }),
      field(document, { name: path('command'), label: 'The exact command that printed it', kind: 'textarea', rows: 2 }),
      field(document, {
        name: path('note'),
        label: 'Note',
        kind: 'textarea',
        rows: 2,
        ...(output.note === null ? {} : { seen: [{ value: output.note, files: [output.source] }] }),
      }),
    );
    if (output.cut !== null) box.append(...cutElements(document, output, path('truncated.accepted')));
    if (output.parameters.length > 0) box.append(parametersElement(document, output));
    set.append(box);
  });
  return set;
}

/**
 * What the form says of an output cut short, and the reason it asks for: validate refuses a cut
 * output unless run.yaml accepts it (`truncated: { accepted: "<why>" }`), which the form writes
 * only when the reader gives one.
 */
function cutElements(document: Document, output: PrefillOutput, name: string): HTMLElement[] {
  const cut = output.cut;
  if (cut === null) return [];
  const note = element(
    document,
    'p',
    `Cut short: ${cut.message} (line ${cut.line}). validate refuses a cut output unless run.yaml says why it is published all the same; without a reason, publish the whole output instead.`,
    'submission-cut',
  );
  note.dataset.submissionCut = '';
  const reason = field(document, {
    name,
    label: 'Why publish it cut short (truncated: accepted)',
    kind: 'textarea',
    rows: 2,
    isRequired: true,
    hint: 'Such as “the operator stopped iostat with ^C after the last job”.',
  });
  return [note, reason];
}

function parametersElement(document: Document, output: PrefillOutput): HTMLElement {
  const details = element(document, 'details', '', 'submission-parameters');
  details.append(element(document, 'summary', 'What this output prints of its parameters'));
  const list = element(document, 'dl');
  for (const group of output.parameters) {
    list.append(
      element(document, 'dt', group.subject),
      element(document, 'dd', group.values.map(({ name, value }) => `${name}=${value}`).join(', ')),
    );
  }
  details.append(list);
  return details;
}

export function commandsFieldset(document: Document): HTMLElement {
  const set = fieldset(document, 'Commands and notes', 'submission-commands');
  set.append(
    field(document, {
      name: 'commands',
      label: 'Commands, in order (one per line)',
      kind: 'textarea',
      rows: 4,
      hint: 'The exact commands as run: your outputs do not print them.',
    }),
    field(document, { name: 'notes', label: 'Notes', kind: 'textarea', rows: 3 }),
  );
  return set;
}
