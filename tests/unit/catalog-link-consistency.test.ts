/**
 * GPUs of one board class (die and segment) share their link facts unless each difference is
 * cited (`src/catalog/link-consistency.ts`): the catalog passes, and the case it was written
 * for, an RTX 4090D left "unverified" beside the RTX 4090's sourced "no", is caught.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOG_URL, loadCatalog } from "../../src/catalog/load.ts";
import { catalogSchema } from "../../src/catalog/schema.ts";
import { boardClass, dieOf, linkConsistencyIssues } from "../../src/catalog/link-consistency.ts";

type Facts = Parameters<typeof linkConsistencyIssues>[0][number];

/** A minimal entry: PCIe only, its P2P as given. */
function card(
  id: string,
  architecture: string,
  segment: Facts["segment"],
  pcieP2p: Facts["multiGpu"]["pcieP2p"],
  link: Partial<Pick<Facts["multiGpu"], "link" | "linkGBps">> = {},
): Facts {
  return {
    id,
    architecture,
    segment,
    multiGpu: {
      link: "pcie",
      pcie: { gen: 4, lanes: 16 },
      pcieP2p,
      nodeGpus: { value: [1, 8], unverified: true },
      ...link,
    },
  } as Facts;
}

describe("board classes", () => {
  it("name the die and the segment", () => {
    expect(dieOf("Ada AD102")).toBe("AD102");
    expect(dieOf("Ampere GA102 (full, 84 SMs)")).toBe("GA102");
    expect(dieOf("CDNA3")).toBe("CDNA3");
    expect(boardClass({ architecture: "Ada AD102", segment: "consumer" })).toBe("AD102 consumer");
  });
});

describe("link facts within a board class", () => {
  const cited = { value: "no" as const, source: "tinygrad-p2p", note: "stock driver: no" };

  it("flag an unchecked P2P beside a cited one, and only that card", () => {
    const issues = linkConsistencyIssues([
      card("a", "Ada AD102", "consumer", cited),
      card("b", "Ada AD102", "consumer", { value: "unverified", note: "same driver" }),
    ]);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(
      /^b: PCIe peer-to-peer "unverified" differs within the AD102 consumer class \(a\)/,
    );
  });

  it("pass when the class agrees, or differs only across classes", () => {
    expect(
      linkConsistencyIssues([
        card("a", "Ada AD102", "consumer", cited),
        card("b", "Ada AD102", "consumer", cited),
      ]),
    ).toEqual([]);
    // A data-center AD102 card is another board class (another driver).
    expect(
      linkConsistencyIssues([
        card("a", "Ada AD102", "consumer", cited),
        card("c", "Ada AD102", "datacenter", { value: "unverified" }),
      ]),
    ).toEqual([]);
  });

  it("pass a cited difference, each side with its source and note", () => {
    expect(
      linkConsistencyIssues([
        card("a", "Ada AD102", "consumer", cited),
        card("b", "Ada AD102", "consumer", { value: "yes", source: "s", note: "a patched board" }),
      ]),
    ).toEqual([]);
  });

  it("need a sourced link figure where a class's links differ", () => {
    // An empty source stands for one left out (the schema refuses that too).
    const bridge = (source: string) =>
      card(
        "bridged",
        "Ampere GA102",
        "consumer",
        { value: "unverified" },
        {
          link: "nvlink-bridge",
          linkGBps: { value: 112.5, source },
        },
      );
    const plain = card("plain", "Ampere GA102", "consumer", { value: "unverified" });
    expect(linkConsistencyIssues([bridge("whitepaper"), plain])).toEqual([]);
    expect(linkConsistencyIssues([bridge(""), plain])).toEqual([
      'bridged: link "nvlink-bridge" differs within the GA102 consumer class (plain) without a sourced link figure',
    ]);
  });

  it("hold over the catalog", () => {
    expect(linkConsistencyIssues(loadCatalog())).toEqual([]);
  });

  it("catch the catalog's RTX 4090D as it was: P2P unverified beside the RTX 4090's no", () => {
    const raw = JSON.parse(readFileSync(CATALOG_URL, "utf8")) as {
      id: string;
      multiGpu: Record<string, unknown>;
    }[];
    const d = raw.find((g) => g.id === "rtx-4090d")!;
    d.multiGpu["pcieP2p"] = {
      value: "unverified",
      note: "same AD102 GeForce driver",
      noteZh: "与 RTX 4090 相同的 AD102 GeForce 驱动",
    };
    const issues = linkConsistencyIssues(catalogSchema.parse(raw));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^rtx-4090d: .*AD102 consumer class \(rtx-4090\)/);
  });
});
