/**
 * The network between nodes, per GPU, as training time and the rental plan read it: a rate
 * in Gb/s wins over a named network; a named network carries its preset rate and says which
 * network it was; neither means no run spans nodes. 8 bits per byte turns Gb/s into GB/s.
 */
import { describe, expect, it } from "vitest";
import { interNodeOf } from "../../../../src/estimate/hardware/network-fields.ts";

describe("interNodeOf", () => {
  it("InfiniBand NDR: 400 Gb/s / 8 = 50 GB/s per GPU, from the network preset", () => {
    expect(interNodeOf({ network: "ib-ndr-400" })).toEqual({
      GBps: 50,
      assumption: {
        key: "inter-node-gbps",
        value: 400,
        source: "network-preset",
        sourceParams: { network: "ib-ndr-400" },
      },
    });
  });

  it("25 Gb Ethernet: 25 / 8 = 3.125 GB/s, naming the network in the assumption", () => {
    const r = interNodeOf({ network: "ethernet-25" });
    expect(r?.GBps).toBe(3.125);
    expect(r?.assumption.sourceParams).toEqual({ network: "ethernet-25" });
  });

  it("a rate given in Gb/s wins over the named network: 100 / 8 = 12.5 GB/s, from the request", () => {
    expect(interNodeOf({ network: "ib-ndr-400", interNodeGbps: 100 })).toEqual({
      GBps: 12.5,
      assumption: { key: "inter-node-gbps", value: 100, source: "request" },
    });
  });

  it("neither a network nor a rate: no inter-node figure at all", () => {
    expect(interNodeOf({})).toBeUndefined();
  });
});
