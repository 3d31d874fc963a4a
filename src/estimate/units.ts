/**
 * Byte and time units. GPUs are sold in GB (1e9 bytes); PyTorch and nvidia-smi print MiB/GiB
 * (2^20 / 2^30 bytes) and often label them "MB"/"GB". Every figure in this module is in
 * bytes or seconds; these helpers convert only at the edges.
 */
export const BYTES_PER_GB = 1e9;
export const BYTES_PER_GIB = 2 ** 30;
export const BYTES_PER_MIB = 2 ** 20;
export const SECONDS_PER_MINUTE = 60;
export const SECONDS_PER_HOUR = 3600;
/** Average hours in a month (8760 h / 12), the usual basis for monthly cloud pricing. */
export const HOURS_PER_MONTH = 730;
export const FLOPS_PER_TFLOP = 1e12;

export const gbToBytes = (gb: number): number => gb * BYTES_PER_GB;
export const bytesToGB = (bytes: number): number => bytes / BYTES_PER_GB;
export const gibToBytes = (gib: number): number => gib * BYTES_PER_GIB;
export const bytesToGiB = (bytes: number): number => bytes / BYTES_PER_GIB;
export const mibToBytes = (mib: number): number => mib * BYTES_PER_MIB;
export const bytesToMiB = (bytes: number): number => bytes / BYTES_PER_MIB;
export const BITS_PER_BYTE = 8;
/** Network links are rated in gigabits per second; 400 Gb/s moves 50 GB/s. */
export const gbitToGB = (gbit: number): number => gbit / BITS_PER_BYTE;
