/**
 * Every passage in the data files has its Chinese twin (`src/catalog/zh-twin.ts`): the
 * schemas refuse a note without its `noteZh`, and a twin without the note it translates,
 * so a missing translation fails the build as well as these tests.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOG_URL } from "../../src/catalog/load.ts";
import { gpuSchema } from "../../src/catalog/schema.ts";
import { inLang } from "../../src/catalog/zh-twin.ts";
import { exchangeRateSchema } from "../../src/prices/exchange-rate-schema.ts";
import { PRICES_URL, RATES_URL } from "../../src/prices/load.ts";
import { priceSchema } from "../../src/prices/schema.ts";

type Raw = Record<string, unknown>;
const read = (url: URL) => JSON.parse(readFileSync(url, "utf8")) as Raw[];

/** Every object in a JSON value, with its path. */
function* objects(value: unknown, path = ""): Generator<[string, Raw]> {
  if (Array.isArray(value))
    for (const [i, v] of value.entries()) yield* objects(v, `${path}[${i}]`);
  else if (value && typeof value === "object") {
    yield [path, value as Raw];
    for (const [k, v] of Object.entries(value)) yield* objects(v, `${path}.${k}`);
  }
}

/** Whether a text holds Chinese characters. */
const hasChinese = (s: unknown) => typeof s === "string" && /\p{Script=Han}/u.test(s);

describe("every note in the data files has its Chinese twin", () => {
  for (const [name, url] of [
    ["gpus.json", CATALOG_URL],
    ["prices.json", PRICES_URL],
    ["exchange-rates.json", RATES_URL],
  ] as const)
    it(name, () => {
      const missing: string[] = [];
      const notChinese: string[] = [];
      for (const [path, obj] of objects(read(url)))
        for (const key of ["note", "notes"]) {
          if (obj[key] === undefined) continue;
          const zh = obj[`${key}Zh`];
          if (zh === undefined) missing.push(`${path}.${key}`);
          // A figure's note may be a bare name ("NVLink4"), the same in both languages.
          else if (!hasChinese(zh) && zh !== obj[key]) notChinese.push(`${path}.${key}Zh`);
        }
      expect(missing).toEqual([]);
      expect(notChinese).toEqual([]);
    });

  it("the exchange rates' sources too", () => {
    for (const row of read(RATES_URL)) expect.soft(hasChinese(row["sourceZh"])).toBe(true);
  });
});

describe("the schemas refuse a missing or stray twin", () => {
  const messages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (r.error?.issues ?? []).map((i) => `${i.path.map(String).join(".")}: ${i.message}`);

  it("a GPU figure's note without its Chinese", () => {
    const gpu = structuredClone(read(CATALOG_URL).find((g) => g["id"] === "t4")) as Raw;
    delete (gpu["bandwidthGBps"] as Raw)["noteZh"];
    expect(messages(gpuSchema.safeParse(gpu))).toEqual([
      'bandwidthGBps.noteZh: t4: "note" needs its Chinese twin "noteZh" (the Chinese pages show it)',
    ]);
  });

  it("a peer-to-peer note and a render score's note without theirs", () => {
    const gpu = structuredClone(read(CATALOG_URL).find((g) => g["id"] === "t4")) as Raw;
    delete ((gpu["multiGpu"] as Raw)["pcieP2p"] as Raw)["noteZh"];
    delete ((gpu["renderScores"] as Raw[])[0] as Raw)["noteZh"];
    expect(messages(gpuSchema.safeParse(gpu))).toEqual([
      expect.stringMatching(/^multiGpu\.pcieP2p\.noteZh: /),
      expect.stringMatching(/^renderScores\.0\.noteZh: /),
    ]);
  });

  it("a Chinese twin of a note that is not there", () => {
    const gpu = structuredClone(read(CATALOG_URL).find((g) => g["id"] === "t4")) as Raw;
    (gpu["fp32Tflops"] as Raw)["noteZh"] = "孤立的译文";
    expect(messages(gpuSchema.safeParse(gpu))).toEqual([
      'fp32Tflops.noteZh: t4: "noteZh" translates a "note" that is not there',
    ]);
  });

  it("a price's note without its Chinese", () => {
    const row = structuredClone(read(PRICES_URL).find((r) => r["note"] !== undefined)) as Raw;
    delete row["noteZh"];
    expect(messages(priceSchema.safeParse(row))).toEqual([
      expect.stringMatching(/^noteZh: .*"note" needs its Chinese twin "noteZh"/),
    ]);
  });

  it("an exchange rate's note or source without its Chinese", () => {
    const row = structuredClone(read(RATES_URL)[0]) as Raw;
    delete row["noteZh"];
    expect(messages(exchangeRateSchema.safeParse(row))).toEqual([
      expect.stringMatching(/^noteZh: .*"note" needs its Chinese twin "noteZh"/),
    ]);
    delete row["sourceZh"];
    expect(messages(exchangeRateSchema.safeParse(row)).map((m) => m.split(":")[0])).toContain(
      "sourceZh",
    );
  });
});

describe("inLang", () => {
  it("gives the Chinese twin on Chinese pages, the original on English ones", () => {
    expect(inLang("zh-cn", "FP16 only, no BF16", "仅 FP16，无 BF16")).toBe("仅 FP16，无 BF16");
    expect(inLang("en", "FP16 only, no BF16", "仅 FP16，无 BF16")).toBe("FP16 only, no BF16");
  });
  it("falls back to the original where a name needs no twin", () => {
    expect(inLang("zh-cn", "NVIDIA A100 datasheet", undefined)).toBe("NVIDIA A100 datasheet");
    expect(inLang("zh-cn", undefined, undefined)).toBeUndefined();
  });
});
