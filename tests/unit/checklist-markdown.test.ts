import { describe, expect, it } from "vitest";
import { checklistFileName, checklistMarkdown, codeSpans } from "../../src/checklists/markdown.ts";
import { decodeTicks, encodeTicks } from "../../src/stores/checklists.ts";

const items = [
  { id: "driver", text: "Driver and CUDA version match (`nvidia-smi`)", why: "not exported" },
  { id: "framework", text: "Framework build matches the runtime" },
  { id: "image", text: "System image\nchosen" },
];

describe("checklistMarkdown", () => {
  it("writes a heading and one task line per item, in order", () => {
    expect(checklistMarkdown("Software", items, new Set(["framework"]))).toBe(
      "## Software\n\n" +
        "- [ ] Driver and CUDA version match (`nvidia-smi`)\n" +
        "- [x] Framework build matches the runtime\n" +
        "- [ ] System image chosen\n",
    );
  });

  it("ignores ticks of items that are not in the list", () => {
    const md = checklistMarkdown("软件兼容性", items, ["gone", "driver"]);
    expect(md.split("\n").filter((l) => l.startsWith("- [x]"))).toHaveLength(1);
    expect(md.startsWith("## 软件兼容性\n\n- [x] Driver")).toBe(true);
  });

  it("has as many task lines as items", () => {
    const md = checklistMarkdown("T", items, []);
    expect(md.match(/^- \[[ x]\] /gm)).toHaveLength(items.length);
  });
});

describe("helpers", () => {
  it("names the download file safely", () => {
    expect(checklistFileName("software")).toBe("checklist-software.md");
    expect(checklistFileName("../Bad id")).toBe("checklist-bad-id.md");
  });
  it("splits code spans", () => {
    expect(codeSpans("run `nvidia-smi` now")).toEqual(["run ", "nvidia-smi", " now"]);
  });
});

describe("stored ticks", () => {
  it("round-trips", () => {
    expect(decodeTicks(encodeTicks(["a", "b", "a"]))).toEqual(["a", "b"]);
  });
  it("stores nothing when nothing is ticked", () => {
    expect(encodeTicks([])).toBeUndefined();
  });
  it.each([
    ["not json", "{oops"],
    ["old format (bare array)", '["a","b"]'],
    ["wrong version", '{"v":0,"checked":["a"]}'],
    ["checked not a list", '{"v":1,"checked":"a"}'],
    ["null", "null"],
    ["number", "42"],
  ])("reads %s as nothing ticked", (_name, value) => {
    expect(decodeTicks(value)).toEqual([]);
  });
  it("drops entries that are not item ids", () => {
    expect(decodeTicks('{"v":1,"checked":["a",3,null,"","b"]}')).toEqual(["a", "b"]);
  });
});
