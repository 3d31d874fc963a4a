/**
 * The decode-speed calibration rows (content/reference/decode-calibration.tsv): they parse,
 * name catalog GPUs, hold none of the held-out validation rows, agree with their own
 * architecture columns, and the schema refuses broken rows.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CALIBRATION_COLUMNS,
  CALIBRATION_URL,
  loadCalibration,
  parseCalibration,
  type CalibrationRow,
} from "../../../src/accuracy/calibration.ts";
import { loadCatalog } from "../../../src/catalog/load.ts";

const text = readFileSync(CALIBRATION_URL, "utf8");
const rows = loadCalibration();
const gpuIds = new Set(loadCatalog().map((g) => g.id));

/** The file with one cell of one row replaced, to break. */
function withCell(id: string, column: (typeof CALIBRATION_COLUMNS)[number], value: string) {
  const at = CALIBRATION_COLUMNS.indexOf(column);
  return text
    .split("\n")
    .map((line) => {
      if (!line.startsWith(`${id}\t`)) return line;
      const cells = line.split("\t");
      cells[at] = value;
      return cells.join("\t");
    })
    .join("\n");
}

/** The problems the parser reports for a broken file. */
function problemsOf(broken: string, ids: ReadonlySet<string> = gpuIds): string {
  try {
    parseCalibration(broken, ids);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("the broken file parsed");
}

describe("decode-calibration.tsv", () => {
  it("parses: every row with its source, date, engine and a catalog GPU", () => {
    // 140 decode rows, and 148 TensorRT-LLM 0.9 static-batch rows (fp16 on A100 and H100,
    // fp8 at 128/128 on H100, H200 and L40S).
    expect(rows).toHaveLength(288);
    for (const r of rows) {
      expect(gpuIds.has(r.gpu), `${r.id}: ${r.gpu}`).toBe(true);
      expect(r.source.length, r.id).toBeGreaterThan(3);
    }
    const engines = new Set(rows.map((r) => r.engine));
    for (const e of ["transformers", "vllm", "sglang", "llama.cpp", "exllamav2", "tensorrt-llm"])
      expect(engines.has(e as CalibrationRow["engine"]), e).toBe(true);
  });

  it("holds none of the held-out validation figures", () => {
    for (const figure of [84.28, 121.82, 211]) {
      expect(rows.map((r) => r.tokens_per_s)).not.toContain(figure);
      const escaped = String(figure).replace(".", "\\.");
      expect(new RegExp(`(?<![\\d.])${escaped}(?!\\d)`).test(text), String(figure)).toBe(false);
    }
  });

  it("holds none of the held-out rows", () => {
    const qwenVllm7bBf16 = rows.filter(
      (r) =>
        r.engine === "vllm" &&
        r.model === "Qwen2.5-7B-Instruct" &&
        r.weight_format === "fp16" &&
        r.source.includes("speed_benchmark"),
    );
    expect(qwenVllm7bBf16).toEqual([]);
    const pr4766OnGeForce = rows.filter(
      (r) =>
        r.engine === "llama.cpp" &&
        r.source.includes("#4766") &&
        (r.gpu === "rtx-3090" || r.gpu === "rtx-4090"),
    );
    expect(pr4766OnGeForce).toEqual([]);
    const exl2Llama2On4090 = rows.filter(
      (r) =>
        r.engine === "exllamav2" &&
        r.model === "Llama-2-7B" &&
        r.weight_format === "exl2" &&
        r.weight_bits === 4 &&
        r.gpu === "rtx-4090",
    );
    expect(exl2Llama2On4090).toEqual([]);
  });

  it("states parameter counts that agree with the architecture columns (within 0.5%)", () => {
    for (const r of rows) {
      const attention =
        r.hidden * r.heads * r.head_dim * 2 + 2 * r.hidden * r.kv_heads * r.head_dim;
      const mlp = (experts: number) =>
        r.experts === undefined
          ? 3 * r.hidden * r.ffn
          : experts * 3 * r.hidden * (r.expert_ffn ?? 0);
      const embeddings = r.vocab * r.hidden * (r.tied_embeddings ? 1 : 2);
      const total = r.layers * (attention + mlp(r.experts ?? 0)) + embeddings;
      const active = r.layers * (attention + mlp(r.active_experts ?? 0)) + embeddings;
      expect(Math.abs(r.params_total / total - 1), `${r.id} total`).toBeLessThan(0.005);
      expect(Math.abs(r.params_active / active - 1), `${r.id} active`).toBeLessThan(0.005);
    }
  });

  it("gives GGUF types the widths of their ggml blocks", () => {
    const gguf = (type: string) =>
      rows.filter((r) => r.weight_format === "gguf" && r.notes.includes(`GGUF ${type}:`));
    expect(gguf("Q4_0").length).toBeGreaterThan(0);
    for (const r of gguf("Q4_0")) expect(r.weight_bits, r.id).toBe(4.5);
    for (const r of gguf("Q5_0")) expect(r.weight_bits, r.id).toBe(5.5);
    for (const r of gguf("Q6_K")) expect(r.weight_bits, r.id).toBe(6.5625);
    expect(gguf("Q4_K_M").length).toBeGreaterThan(0);
    for (const r of gguf("Q4_K_M")) {
      expect(r.weight_bits, r.id).toBeGreaterThan(4.5);
      expect(r.weight_bits, r.id).toBeLessThan(4.9);
    }
  });

  it("says how the GPUs of every multi-GPU row were joined", () => {
    const multi = rows.filter((r) => r.gpus > 1);
    expect(multi.length).toBeGreaterThan(0);
    for (const r of multi) expect(r.link, r.id).toBeDefined();
    for (const r of rows.filter((x) => x.gpus === 1)) expect(r.link, r.id).toBeUndefined();
  });
});

describe("the calibration schema refuses broken rows", () => {
  it("a row without a source", () => {
    expect(problemsOf(withCell("awq-01", "source", ""))).toMatch(/line \d+: source:/);
  });

  it("a date that is not a date", () => {
    expect(problemsOf(withCell("awq-01", "date", "early 2024"))).toMatch(
      /date must be YYYY, YYYY-MM or YYYY-MM-DD/,
    );
  });

  it("an engine outside the seven", () => {
    expect(problemsOf(withCell("awq-01", "engine", "mlc-llm"))).toMatch(/line \d+: engine:/);
  });

  it("a weight width that does not fit its format", () => {
    expect(problemsOf(withCell("awq-01", "weight_bits", "16"))).toMatch(
      /awq-01: 16 bits do not fit awq/,
    );
  });

  it("a GPU the catalog lacks", () => {
    const ids = new Set([...gpuIds].filter((id) => id !== "p40"));
    expect(problemsOf(text, ids)).toMatch(/GPU "p40" is not in the catalog/);
  });

  it("a multi-GPU row without its link, and a single-GPU row with one", () => {
    expect(problemsOf(withCell("vllm-05", "link", ""))).toMatch(
      /vllm-05: a multi-GPU row needs its link/,
    );
    expect(problemsOf(withCell("awq-01", "link", "pcie"))).toMatch(
      /awq-01: a single-GPU row has no link/,
    );
  });

  it("a dense model whose active parameters differ from its total", () => {
    expect(problemsOf(withCell("awq-01", "params_active", "1000"))).toMatch(
      /awq-01: a dense model uses all its parameters/,
    );
  });

  it("an MoE row with only some expert columns", () => {
    expect(problemsOf(withCell("qwen3-sg-37", "expert_ffn", ""))).toMatch(
      /qwen3-sg-37: experts, active_experts, expert_ffn and shared_experts go together/,
    );
  });

  it("a header with other columns", () => {
    expect(problemsOf(text.replace("tokens_per_s", "tok_s"))).toMatch(/the header must be/);
  });

  it("a duplicate id", () => {
    const [header, first] = text.split("\n");
    expect(problemsOf(`${header}\n${first}\n${first}\n`)).toMatch(/duplicate id/);
  });
});
