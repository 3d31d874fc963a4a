/**
 * GPUs of one board class (the same die and market segment, hence the same driver) share
 * their link facts: whether PCIe peer-to-peer works, and what joins the GPUs of a node. Where
 * members of a class differ, each one's fact must be cited and explained: a peer-to-peer value
 * with its source and a note, a GPU-to-GPU link with its sourced bandwidth figure. A fact
 * left "unverified" beside a settled one is the case this catches (the RTX 4090D once ranked
 * above the RTX 4090 that way, on the same AD102 GeForce driver).
 */
import type { GpuEntry } from "./schema.ts";

/** The die an architecture names ("Ada AD102" → "AD102"); the whole name when it names none. */
export function dieOf(architecture: string): string {
  return /\b[A-Z]{2,3}\d{3}\b/.exec(architecture)?.[0] ?? architecture;
}

/** The board class: die and segment ("AD102 consumer"). */
export const boardClass = (g: Pick<GpuEntry, "architecture" | "segment">): string =>
  `${dieOf(g.architecture)} ${g.segment}`;

type LinkFacts = Pick<GpuEntry, "id" | "architecture" | "segment" | "multiGpu">;

/** Every difference within a board class that no cited note explains, one line each. */
export function linkConsistencyIssues(gpus: readonly LinkFacts[]): string[] {
  const classes = new Map<string, LinkFacts[]>();
  for (const g of gpus) {
    const key = boardClass(g);
    classes.set(key, [...(classes.get(key) ?? []), g]);
  }
  const out: string[] = [];
  for (const [key, members] of classes) {
    if (members.length < 2) continue;
    const ids = (except: LinkFacts) =>
      members
        .filter((m) => m !== except)
        .map((m) => m.id)
        .join(", ");
    const p2p = new Set(members.map((m) => m.multiGpu.pcieP2p.value));
    if (p2p.size > 1)
      for (const m of members) {
        const f = m.multiGpu.pcieP2p;
        if (!f.source || !f.note)
          out.push(
            `${m.id}: PCIe peer-to-peer "${f.value}" differs within the ${key} class (${ids(m)}) without a source and a note`,
          );
      }
    const links = new Set(members.map((m) => m.multiGpu.link));
    if (links.size > 1)
      for (const m of members) {
        if (m.multiGpu.link === "pcie") continue;
        if (!m.multiGpu.linkGBps?.source)
          out.push(
            `${m.id}: link "${m.multiGpu.link}" differs within the ${key} class (${ids(m)}) without a sourced link figure`,
          );
      }
  }
  return out;
}
