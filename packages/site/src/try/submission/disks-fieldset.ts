// The disks of run.yaml `system.disks`: one fieldset each, prefilled with the devices the outputs
// name, with buttons to add and remove disks (the rest renumbered, as the controls are named by
// their index).

import type { Control } from './form-fields.ts';
import { element, fieldElement as field, fieldset } from './form-fields.ts';
import type { SubmissionPrefill } from './prefill.ts';

interface DiskValues {
  model: string;
  device: string;
  count: string;
  size_bytes: string;
  rotational: string;
  interface: string;
  scheduler: string;
  /** The files that named the device, when it came from the outputs. */
  from: string[];
}

const DISK_KEYS = ['model', 'device', 'count', 'size_bytes', 'rotational', 'interface', 'scheduler'] as const;

/** The disks, one fieldset each, with buttons to add and remove them (renumbered on change). */
export function disksFieldset(
  document: Document,
  prefill: SubmissionPrefill,
): { element: HTMLElement; onChange(listener: () => void): void } {
  const set = fieldset(document, 'Disks', 'submission-disks');
  const note = element(
    document,
    'p',
    'Each disk needs its model (lsblk -d -o NAME,MODEL), which no output prints: give it, or remove the devices that are not disks under test.',
    'submission-hint',
  );
  const list = element(document, 'div', '', 'submission-disk-list');
  const add = element(document, 'button', 'Add a disk');
  add.type = 'button';
  set.append(note, list, add);
  const listeners: Array<() => void> = [];
  let disks: DiskValues[] = prefill.system.devices.map((seen) => ({
    ...emptyDisk(),
    device: seen.value,
    from: seen.files,
  }));

  const read = (): DiskValues[] =>
    disks.map((disk, index) => {
      const next = { ...disk };
      for (const key of DISK_KEYS) {
        const control = list.querySelector<Control>(`[name="system.disks.${index}.${key}"]`);
        if (control) next[key] = control.value;
      }
      return next;
    });
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const render = () => {
    list.replaceChildren(
      ...disks.map((disk, index) =>
        diskBox(document, disk, index, () => {
          disks = read().filter((_, other) => other !== index);
          render();
          add.focus();
          changed();
        }),
      ),
    );
  };
  add.addEventListener('click', () => {
    disks = [...read(), emptyDisk()];
    render();
    list.querySelector<Control>(`[name="system.disks.${disks.length - 1}.model"]`)?.focus();
    changed();
  });
  render();
  return { element: set, onChange: (listener) => listeners.push(listener) };
}

/** One disk's fieldset, its controls named by index (`system.disks.0.model`), and its remove button. */
function diskBox(document: Document, disk: DiskValues, index: number, onRemove: () => void): HTMLFieldSetElement {
  const box = fieldset(document, `Disk ${index + 1}${disk.device ? ` (${disk.device})` : ''}`, 'submission-disk');
  const path = (key: string) => `system.disks.${index}.${key}`;
  box.append(
    field(document, { name: path('model'), label: 'Model', value: disk.model, isRequired: true }),
    field(document, {
      name: path('device'),
      label: 'Device',
      value: disk.device,
      ...(disk.from.length > 0 && disk.device !== '' ? { seen: [{ value: disk.device, files: disk.from }] } : {}),
    }),
    field(document, { name: path('count'), label: 'Count', value: disk.count, inputMode: 'numeric' }),
    field(document, { name: path('size_bytes'), label: 'Size in bytes', value: disk.size_bytes, inputMode: 'numeric' }),
    field(document, {
      name: path('rotational'),
      label: 'Rotational',
      kind: 'select',
      value: disk.rotational,
      options: [
        { value: '', label: 'not stated' },
        { value: 'true', label: 'yes (spinning)' },
        { value: 'false', label: 'no (SSD, NVMe)' },
      ],
    }),
    field(document, {
      name: path('interface'),
      label: 'Interface',
      value: disk.interface,
      placeholder: 'SATA, NVMe, virtio',
    }),
    field(document, { name: path('scheduler'), label: 'I/O scheduler', value: disk.scheduler }),
  );
  const remove = element(document, 'button', `Remove disk ${index + 1}`);
  remove.type = 'button';
  remove.dataset.removeDisk = String(index);
  remove.addEventListener('click', onRemove);
  box.append(remove);
  return box;
}

function emptyDisk(): DiskValues {
  return { model: '', device: '', count: '', size_bytes: '', rotational: '', interface: '', scheduler: '', from: [] };
}
