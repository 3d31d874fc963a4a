/**
 * The network between nodes, per GPU: a common kind (its rate from `NETWORK_GBPS`) or a
 * rate in Gb/s, which wins. Shared by training time and the rental plan, so both read it
 * the same way.
 */
import type { Assumption } from "../result.ts";
import type { InterNodeNetwork } from "../vocabulary.ts";
import { INTER_NODE_NETWORKS, NETWORK_GBPS } from "../vocabulary.ts";
import { gbitToGB } from "../units.ts";
import { num, oneOf } from "../request/field.ts";

export const NETWORK_FIELDS = {
  /** A common network between nodes; `interNodeGbps` replaces its rate. */
  network: oneOf(INTER_NODE_NETWORKS),
  /** Network between nodes, per GPU; without it or `network`, no run spans nodes. */
  interNodeGbps: num("gbit-per-second", 0, 1e5, { above: true }),
} as const;

/** The rate between nodes, GB/s per GPU one direction, and where it came from; none when unknown. */
export function interNodeOf(r: {
  network?: InterNodeNetwork;
  interNodeGbps?: number;
}): { GBps: number; assumption: Assumption } | undefined {
  if (r.interNodeGbps !== undefined)
    return {
      GBps: gbitToGB(r.interNodeGbps),
      assumption: { key: "inter-node-gbps", value: r.interNodeGbps, source: "request" },
    };
  if (r.network === undefined) return undefined;
  const gbps = NETWORK_GBPS[r.network];
  return {
    GBps: gbitToGB(gbps),
    assumption: {
      key: "inter-node-gbps",
      value: gbps,
      source: "network-preset",
      sourceParams: { network: r.network },
    },
  };
}
