/**
 * PCIe bandwidth from a link's generation and lanes, so no consumer of the catalog needs
 * the table. PCI-SIG's base specifications fix the per-lane transfer rate (Gen3 8 GT/s,
 * Gen4 16 GT/s, Gen5 32 GT/s) and the 128b/130b line code of all three; one transfer moves
 * one bit per lane. That gives, per direction, 0.985 / 1.969 / 3.938 GB/s per lane, so
 * x16 ≈ 15.8 / 31.5 / 63.0 GB/s, which PCI-SIG rounds to "32 / 64 / 128 GB/s" with both
 * directions summed (PCI-SIG specification overview pages, read 2026 via copies).
 * Protocol overhead (packet headers) lowers what transfers achieve; that belongs to
 * whoever models a transfer, not to the link's figure.
 */
export const PCIE_GIGATRANSFERS_PER_SECOND = { 3: 8, 4: 16, 5: 32 } as const;
export type PcieGen = keyof typeof PCIE_GIGATRANSFERS_PER_SECOND;

/** 128b/130b: 128 payload bits in every 130 sent (PCIe 3.0 onwards). */
const PAYLOAD_SHARE = 128 / 130;
const BITS_PER_BYTE = 8;

/** One direction's peak, GB/s (1e9 bytes per second). */
export function pcieGBpsPerDirection(gen: PcieGen, lanes: number): number {
  return (PCIE_GIGATRANSFERS_PER_SECOND[gen] * PAYLOAD_SHARE * lanes) / BITS_PER_BYTE;
}
