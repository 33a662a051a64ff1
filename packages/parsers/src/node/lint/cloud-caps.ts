import type { System } from '../../content/run-schema.ts';

/**
 * What an EC2 instance can move to and from its EBS volumes at most (BF305): a small table of
 * AWS's published per-instance maximums, each row as AWS's "EBS optimized by default" table gives
 * it (maximum throughput in MB/s with 128 KiB I/O, maximum IOPS with 16 KiB I/O). The types
 * marked * there reach these maximums for 30 minutes a day; their baseline is lower, so the
 * maximum is the generous ceiling.
 */

export const EBS_CAPS_SOURCE =
  'AWS, Amazon EBS-optimized instances, "EBS optimized by default" table (Maximum throughput (MB/s, 128 KiB I/O); Maximum IOPS (16 KiB I/O)), https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ebs-optimized.html, as in awsdocs/amazon-ec2-user-guide doc_source/ebs-optimized.md at commit 0446b90b9c4d549e52f8f3ce44264038d5fca8ea';

export interface EbsCap {
  /** Maximum throughput, bytes a second (AWS's MB/s are 10^6 bytes: its Mbps over 8). */
  bytesPerSec: number;
  /** Maximum IOPS. */
  iops: number;
}

const MB = 1e6;

/** Rows of AWS's table, as published: `| m5.large * | 4,750 | 593.75 | 18,750 |`. */
const EBS_CAPS: Readonly<Record<string, EbsCap>> = {
  'i3.large': { bytesPerSec: 53.13 * MB, iops: 3000 },
  'm4.large': { bytesPerSec: 56.25 * MB, iops: 3600 },
  'm4.xlarge': { bytesPerSec: 93.75 * MB, iops: 6000 },
  'm5.large': { bytesPerSec: 593.75 * MB, iops: 18750 },
  'm5.xlarge': { bytesPerSec: 593.75 * MB, iops: 18750 },
  'm5.2xlarge': { bytesPerSec: 593.75 * MB, iops: 18750 },
  'c5.large': { bytesPerSec: 593.75 * MB, iops: 20000 },
  'r5.large': { bytesPerSec: 593.75 * MB, iops: 18750 },
  'm6i.large': { bytesPerSec: 1250 * MB, iops: 40000 },
  't3.medium': { bytesPerSec: 260.57 * MB, iops: 11800 },
  't3.large': { bytesPerSec: 347.5 * MB, iops: 15700 },
};

type Disk = NonNullable<System['disks']>[number];

/** An EBS volume as run.yaml names it: lsblk's MODEL on Nitro is "Amazon Elastic Block Store". */
const EBS = /elastic block store|\bebs\b/i;

/**
 * The instance's EBS cap when run.yaml names a listed instance type and every recorded disk is
 * an EBS volume (an instance-store disk is not behind this cap); null otherwise.
 */
export function ebsCap(system: System): (EbsCap & { instanceType: string }) | null {
  const instanceType = system.instance_type?.trim().toLowerCase();
  const cap = instanceType === undefined ? undefined : EBS_CAPS[instanceType];
  const disks = system.disks ?? [];
  if (instanceType === undefined || cap === undefined || disks.length === 0) return null;
  const allEbs = disks.every((disk: Disk) => EBS.test(disk.model) || EBS.test(disk.interface ?? ''));
  return allEbs ? { ...cap, instanceType } : null;
}
