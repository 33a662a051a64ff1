import type { System } from '../../content/run-schema.ts';

/**
 * What the disks run.yaml records can do at most, for the physics rules (BF301-BF304): the
 * ceiling of each disk's interface, the random I/O rate of a spindle and its slowest access.
 * Every figure is generous, the most the hardware could do, so that a number beyond it cannot
 * have come from the disks. The sources are in rules.ts.
 */

type Disk = NonNullable<System['disks']>[number];

/** One interface's ceiling and the words that say how it was read. */
export interface InterfaceCeiling {
  bytesPerSec: number;
  /** `SATA 6 Gb/s: 600 MB/s`. */
  reading: string;
}

const MB = 1e6;

/**
 * Interfaces of virtual disks: their bandwidth is whatever the host gives, and the flags they
 * report (a virtio disk says rotational) describe nothing physical.
 */
const VIRTUAL = /virtio|xen|vmware|hyper-?v|para ?virt|\bloop\b|iscsi|\bnfs\b|\bebs\b|elastic block store/i;

/** SATA and SAS line rates (Gb/s) to bytes a second: 8b/10b encoding, 10 bits a byte. */
const SERIAL_8B10B: Record<string, number> = { '1.5': 150 * MB, '3': 300 * MB, '6': 600 * MB, '12': 1200 * MB };
/** SAS-4 ("24G") signals at 22.5 Gb/s with 128b/150b encoding: 2,400 MB/s a lane. */
const SAS_24G = 2400 * MB;
/** A SAS disk has two ports, both usable at once (wide or multipath): twice a lane. */
const SAS_PORTS = 2;

/** PCIe per lane and generation: 8b/10b up to 2.0, 128b/130b from 3.0, PAM4 and FLIT from 6.0. */
const PCIE_LANE: Record<number, number> = {
  1: 250 * MB,
  2: 500 * MB,
  3: 984.6 * MB,
  4: 1969 * MB,
  5: 3938 * MB,
  6: 7877 * MB,
};
/** The widest PCIe link, assumed when the text names a generation but no lanes. */
const PCIE_MAX_LANES = 16;

/** True for an interface text that names a virtual disk (virtio, xen, ...). */
export function isVirtualInterface(text: string | undefined): boolean {
  return text !== undefined && VIRTUAL.test(text);
}

/**
 * The ceiling of one disk's interface from run.yaml's free text ("SATA 6Gb/s", "SATA2", "SAS",
 * "NVMe PCIe 4.0 x4"); null for a virtual disk, or a text it cannot read.
 */
export function interfaceCeiling(text: string | undefined): InterfaceCeiling | null {
  if (text === undefined || isVirtualInterface(text)) return null;
  if (/\bsata|serial ata/i.test(text)) return sataCeiling(text);
  if (/\bsas\b|serial attached/i.test(text)) return sasCeiling(text);
  if (/pci-?e|pci express|nvme/i.test(text)) return pcieCeiling(text);
  return null;
}

/** The Gb/s a text names ("6Gb/s", "3 Gbit/s", "12G"), as its key in SERIAL_8B10B. */
function lineRate(text: string): string | null {
  const match = /(\d+(?:\.\d+)?)\s*g(?:b(?:it)?(?:\/s|ps)?|\b)/i.exec(text);
  return match?.[1] ?? null;
}

function sataCeiling(text: string): InterfaceCeiling {
  const rate = lineRate(text);
  const generation = /sata\s*-?\s*(iii|ii|i|3|2|1)\b/i.exec(text)?.[1]?.toLowerCase();
  const byGeneration: Record<string, string> = { i: '1.5', '1': '1.5', ii: '3', '2': '3', iii: '6', '3': '6' };
  const key = rate !== null && SERIAL_8B10B[rate] !== undefined ? rate : byGeneration[generation ?? ''];
  // SATA of an unknown generation: its fastest, 6 Gb/s.
  const gbps = key !== undefined && key !== '12' ? key : '6';
  const bytesPerSec = SERIAL_8B10B[gbps] as number;
  return { bytesPerSec, reading: `SATA ${gbps} Gb/s: ${bytesPerSec / MB} MB/s` };
}

function sasCeiling(text: string): InterfaceCeiling {
  const rate = lineRate(text);
  const lane = rate !== null && SERIAL_8B10B[rate] !== undefined ? (SERIAL_8B10B[rate] as number) : SAS_24G;
  const named = rate !== null && SERIAL_8B10B[rate] !== undefined ? `SAS ${rate} Gb/s` : 'SAS (24G, the fastest)';
  const bytesPerSec = lane * SAS_PORTS;
  return { bytesPerSec, reading: `${named}: ${lane / MB} MB/s a port, two ports: ${bytesPerSec / MB} MB/s` };
}

function pcieCeiling(text: string): InterfaceCeiling | null {
  const generation = Number(/(?:gen\s*|pci-?e\s*|pci express\s*)([1-6])(?:\.0)?\b/i.exec(text)?.[1] ?? Number.NaN);
  const lane = PCIE_LANE[generation];
  if (lane === undefined) return null;
  const lanesText = /\bx\s*(1|2|4|8|16)\b/i.exec(text)?.[1];
  const lanes = lanesText === undefined ? PCIE_MAX_LANES : Number(lanesText);
  const bytesPerSec = lane * lanes;
  const assumed = lanesText === undefined ? ' (no lanes given: the widest link)' : '';
  return {
    bytesPerSec,
    reading: `PCIe ${generation}.0 x${lanes}${assumed}: ${Number((bytesPerSec / MB).toFixed(0))} MB/s`,
  };
}

/** The recorded disks' total ceiling: each disk's × its count; null when any disk's is unknown. */
export function disksCeiling(disks: readonly Disk[]): { bytesPerSec: number; reading: string } | null {
  if (disks.length === 0) return null;
  let bytesPerSec = 0;
  const readings: string[] = [];
  for (const disk of disks) {
    const ceiling = interfaceCeiling(disk.interface);
    if (ceiling === null) return null;
    bytesPerSec += ceiling.bytesPerSec * disk.count;
    readings.push(`${disk.count} × ${ceiling.reading}`);
  }
  return { bytesPerSec, reading: readings.join(' + ') };
}

/** The fastest spindles made, assumed when run.yaml does not give the RPM (for rates). */
export const FASTEST_RPM = 15000;
/** The slowest spindles of servers and laptops, assumed when run.yaml does not give the RPM (for latencies). */
export const SLOWEST_RPM = 5400;
/**
 * Random I/Os a spindle can complete per revolution, at most: a random I/O waits on average half
 * a revolution for its sector (the datasheets' "average latency") plus a seek; four a
 * revolution allow twice that with no seek at all, room for command queuing on a short span.
 */
export const RANDOM_IOS_PER_REVOLUTION = 4;
/**
 * The longest seek counted, in ms: the full-stroke write seek (max) of a 5,400 RPM laptop disk
 * (Hitachi Travelstar 5K320: 26.0 ms), slower than any server disk's.
 */
export const FULL_STROKE_SEEK_MS = 26;

/** The recorded disks when every one spins and none is virtual; null otherwise (SSDs, virtio, unknown). */
export function spinningDisks(disks: readonly Disk[] | undefined): readonly Disk[] | null {
  if (disks === undefined || disks.length === 0) return null;
  // An EBS volume (lsblk MODEL "Amazon Elastic Block Store") is a network volume whatever it reports.
  const spinning = disks.every(
    (disk) => disk.rotational === true && !isVirtualInterface(disk.interface) && !isVirtualInterface(disk.model),
  );
  return spinning ? disks : null;
}

/** Random I/Os a second the spindles can do at most: count × RPM/60 × 4 for each disk entry. */
export function spindlesRandomCeiling(disks: readonly Disk[]): { iops: number; reading: string } {
  let iops = 0;
  const readings: string[] = [];
  for (const disk of disks) {
    const rpm = disk.rpm ?? FASTEST_RPM;
    const perSpindle = (rpm / 60) * RANDOM_IOS_PER_REVOLUTION;
    iops += perSpindle * disk.count;
    const assumed = disk.rpm === undefined ? ' (RPM not recorded: the fastest)' : '';
    readings.push(`${disk.count} × ${Math.round(perSpindle)} at ${rpm} RPM${assumed}`);
  }
  return { iops, reading: readings.join(' + ') };
}

/** The slowest single access of the disks, in ns: a full-stroke seek and a full revolution. */
export function slowestAccessNs(disks: readonly Disk[]): { ns: number; reading: string } {
  let slowestRpm = Number.POSITIVE_INFINITY;
  for (const disk of disks) slowestRpm = Math.min(slowestRpm, disk.rpm ?? SLOWEST_RPM);
  const revolutionMs = 60000 / slowestRpm;
  const ms = FULL_STROKE_SEEK_MS + revolutionMs;
  const assumed = disks.some((disk) => disk.rpm === undefined) ? ', RPM not recorded: the slowest' : '';
  const reading = `${FULL_STROKE_SEEK_MS} ms full-stroke seek + ${Number(revolutionMs.toFixed(1))} ms revolution at ${slowestRpm} RPM${assumed}`;
  return { ns: ms * 1e6, reading };
}

/** Spindles in all. */
export function spindleCount(disks: readonly Disk[]): number {
  return disks.reduce((sum, disk) => sum + disk.count, 0);
}
