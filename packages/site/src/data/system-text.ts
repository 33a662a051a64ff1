import { flattenSystem, type System } from '@benchfolio/parsers/content';

type Disk = NonNullable<System['disks']>[number];

/**
 * run.yaml's `system` as the systems tables show it: flattenSystem's dotted paths and texts,
 * except where a raw value says little to a reader. The disks are described in words, not as
 * `model=..., size_bytes=...` pairs, and the memory in GiB, its exact byte count kept beside it,
 * so that two runs whose memory differs by a few bytes do not read the same.
 */
export function systemTexts(system: System): Map<string, string> {
  const texts = flattenSystem(system);
  if (system.disks !== undefined && system.disks.length > 0) {
    texts.set('disks', system.disks.map(diskText).join('; '));
  }
  const memoryBytes = system.memory?.bytes;
  if (memoryBytes !== undefined) texts.set('memory.bytes', memoryText(memoryBytes));
  return texts;
}

/**
 * "1 × no model reported (virtio_blk), 274.9 GB (256 GiB), virtio, rotational, device vda,
 * scheduler mq-deadline (queue/nr_requests 256)": what run.yaml states of one disk, in its order.
 */
export function diskText(disk: Disk): string {
  const parts = [
    `${disk.count} × ${disk.model}`,
    disk.size_bytes === undefined ? undefined : diskSizeText(disk.size_bytes),
    disk.interface,
    // The kernel's queue/rotational, as stated: a virtual disk may say rotational over an SSD.
    disk.rotational === undefined ? undefined : disk.rotational ? 'rotational' : 'non-rotational',
    disk.rpm === undefined ? undefined : `${grouped.format(disk.rpm)} RPM`,
    disk.device === undefined ? undefined : `device ${disk.device}`,
    disk.scheduler === undefined ? undefined : `scheduler ${disk.scheduler}`,
    disk.queue_depth === undefined ? undefined : `queue depth ${disk.queue_depth}`,
  ];
  const text = parts.filter((part) => part !== undefined).join(', ');
  return disk.note === undefined ? text : `${text} (${disk.note})`;
}

const GB = 1e9;
const TB = 1e12;
const GIB = 2 ** 30;
const TIB = 2 ** 40;
const grouped = new Intl.NumberFormat('en', { useGrouping: true });
const upTo1Decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1, useGrouping: false });

/**
 * A disk's size as it is sold (decimal GB or TB) and as the kernel counts it (GiB or TiB), to
 * one decimal: "274.9 GB (256 GiB)", "2 TB (1.8 TiB)".
 */
export function diskSizeText(bytes: number): string {
  const decimal = bytes >= TB ? `${upTo1Decimal.format(bytes / TB)} TB` : `${upTo1Decimal.format(bytes / GB)} GB`;
  const binary = bytes >= TIB ? `${upTo1Decimal.format(bytes / TIB)} TiB` : `${upTo1Decimal.format(bytes / GIB)} GiB`;
  return `${decimal} (${binary})`;
}

/** Memory in GiB with its byte count: "23.5 GiB (25,276,063,744 bytes)". */
export function memoryText(bytes: number): string {
  return `${upTo1Decimal.format(bytes / GIB)} GiB (${grouped.format(bytes)} bytes)`;
}
