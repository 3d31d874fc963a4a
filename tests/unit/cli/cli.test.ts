/**
 * The command line. What it answers for a request is tested in process (`estimate()`, the
 * function `main.ts` hands the process's input to); the process itself (arguments, standard
 * input, exit status, which stream gets what) is tested by spawning Node, once per behaviour.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { estimate } from "../../../src/cli/estimate.ts";
import { allFinite } from "../estimate/helpers.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const NODE = join(root, "node_modules/.bin/node");
const dir = mkdtempSync(join(tmpdir(), "estimate-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `node src/cli/main.ts ...args`, with `stdin` as its standard input. */
function cliProcess(args: string[], stdin = "") {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(NODE, ["src/cli/main.ts", ...args], { cwd: root });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
/** Node's start-up on a busy machine takes seconds: a generous guard against a hung process. */
const PROCESS_TIMEOUT = 120_000;

// The six requests of the spec, verbatim.
const SPEC: [string, string, string[]][] = [
  [
    "train-memory (preset)",
    `{"task":"train-memory","model":{"preset":"llama-3.1-8b"},"precision":"bf16-mixed",
     "optimizer":"adamw","microBatch":2,"seqLen":2048,"recompute":"full","gpus":1}`,
    ["allocatorPeakBytes", "nvidiaSmiBytes", "recommendedBytes", "breakdown"],
  ],
  [
    "train-memory (architecture + QLoRA)",
    `{"task":"train-memory","model":{"layers":32,"hidden":4096,"heads":32,"kvHeads":8,
     "ffn":14336,"vocab":128256},"precision":"bf16","optimizer":"adamw",
     "lora":{"rank":8,"targets":["q","v"],"baseBits":4},"microBatch":1,"seqLen":1024}`,
    ["allocatorPeakBytes", "nvidiaSmiBytes", "recommendedBytes", "breakdown"],
  ],
  [
    "infer-memory",
    `{"task":"infer-memory","model":{"params":7e9},"weightBits":4,"contextTokens":4096,
     "sequences":8,"kvBits":16,"gpu":"rtx-4090"}`,
    ["allocatorPeakBytes", "nvidiaSmiBytes", "recommendedBytes", "breakdown"],
  ],
  [
    "decode-speed",
    `{"task":"decode-speed","model":{"preset":"llama-2-7b"},"weightBits":16,"gpu":"rtx-4090"}`,
    ["tokensPerSecond", "boundTokensPerSecond", "efficiency"],
  ],
  [
    "train-time",
    `{"task":"train-time","model":{"params":7e9},"tokens":2e10,"gpu":"a100-80gb-sxm",
     "gpus":8,"mfu":0.4}`,
    ["hours", "total", "breakdown"],
  ],
  [
    "cost",
    `{"task":"cost","options":[{"gpu":"rtx-4090","gpus":1,"pricePerHour":2.5,"runHours":72},
     {"gpu":"rtx-4090","gpus":4,"pricePerHour":10,"scaling":0.75}],"setupHours":2,
     "rerunFraction":0.1,"storageGB":500,"storagePricePerGBMonth":0.3}`,
    ["hours", "total", "breakdown"],
  ],
];

describe("estimate command line: the spec's six requests", () => {
  it.each(SPEC)("%s exits 0 with its result fields, no NaN", (_name, text, fields) => {
    const r = estimate(text);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    for (const f of fields) expect(out, f).toHaveProperty(f);
    expect(r.stdout).not.toMatch(/NaN|Infinity|null,\s*"total"/);
    expect(allFinite(out)).toBe(true);
  });
  it("decode-speed is bound by the bytes read per token", () => {
    const r = estimate(SPEC[3]![1]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { tokensPerSecond: number; boundTokensPerSecond: number };
    // Every weight but the input embedding's unread rows, plus the KV cache (0.5 MiB per
    // token) at the mean context of the default request (vLLM, a 1024-token prompt, 256 output
    // tokens): 1 prompt step at half the prompt and 255 decode steps at 1024 + 255/2.
    const read = 2 * 6_738_415_616 - 2 * 32000 * 4096 + 2 * 4096;
    const context = (1024 / 2 + 255 * (1024 + 255 / 2)) / 256;
    expect(out.boundTokensPerSecond).toBeCloseTo(1008e9 / (read + context * 2 ** 19), 6);
  });
  it("gives the numbers the library gives: train-time 243.24 h; cost picks the 1-card option", () => {
    // 7e9 parameters with the shape assumed from the count (model.ts shapeFromParams): hidden
    // round(cbrt(128 x 7e9 / 12) / 64) x 64 = 4224, 33 layers. Per token 6·N plus attention
    // 3 x 2 x 33 layers x (4224 + 4224) x 2049/2 causal keys at the default 2048 tokens; on
    // 8 A100s at the given 40% MFU, the DDP all-reduce hidden behind the backward (scaling 1).
    const perToken = 6 * 7e9 + 3 * 2 * 33 * (2 * 4224) * (2049 / 2);
    const hours = (perToken * 2e10) / (8 * 312e12 * 0.4) / 3600;
    expect(hours).toBeCloseTo(243.24, 2);
    expect((JSON.parse(estimate(SPEC[4]![1]).stdout) as { hours: number }).hours).toBeCloseTo(
      hours,
      6,
    );
    expect((JSON.parse(estimate(SPEC[5]![1]).stdout) as { cheapest: number }).cheapest).toBe(0);
  });
  it("prints warnings as English messages", () => {
    const out = JSON.parse(estimate(SPEC[2]![1]).stdout) as { messages: string[] };
    expect(out.messages.some((m) => m.includes("Only a parameter count was given"))).toBe(true);
  });
});

describe("estimate command line: bad requests exit 1 naming the field", () => {
  it.each([
    [
      "1e400 as a JSON literal",
      `{"task":"infer-memory","model":{"params":7e9},"weightBits":4,"contextTokens":1e400,"sequences":1}`,
      /^contextTokens: must be a number/m,
    ],
    [
      "1e400 params",
      `{"task":"infer-memory","model":{"params":1e400},"weightBits":4,"contextTokens":1,"sequences":1}`,
      /^model/m,
    ],
    [
      "NaN literal (not JSON)",
      `{"task":"infer-memory","model":{"params":NaN},"weightBits":4,"contextTokens":1,"sequences":1}`,
      /^request: not valid JSON/m,
    ],
    ["truncated JSON", `{"task":"train-memory",`, /^request: not valid JSON/m],
    ["unknown task", `{"task":"predict"}`, /^task: must be one of: train-memory/m],
    [
      "negative size",
      `{"task":"train-memory","model":{"preset":"llama-3.1-8b"},"microBatch":-2,"seqLen":2048}`,
      /^microBatch: must be from 1 to 65,536 sequences/m,
    ],
    [
      "zero sequences",
      `{"task":"infer-memory","model":{"params":7e9},"weightBits":4,"contextTokens":10,"sequences":0}`,
      /^sequences: /m,
    ],
    [
      "wrong type",
      `{"task":"decode-speed","model":{"params":7e9},"weightBits":"16","gpu":"rtx-4090"}`,
      /^weightBits: /m,
    ],
    [
      "unknown preset",
      `{"task":"decode-speed","model":{"preset":"gpt-5"},"weightBits":16,"gpu":"rtx-4090"}`,
      /^model\.preset: names no preset \("gpt-5"\)/m,
    ],
    [
      "unknown GPU",
      `{"task":"decode-speed","model":{"preset":"llama-2-7b"},"weightBits":16,"gpu":"h900"}`,
      /^gpu: names no catalog GPU \("h900"\); known: .*rtx-4090/m,
    ],
    [
      "unknown GPU in a cost option",
      `{"task":"cost","options":[{"gpu":"h900","gpus":1,"pricePerHour":1,"runHours":1}]}`,
      /^options\.0\.gpu: /m,
    ],
    [
      "bad pasted config",
      `{"task":"train-memory","model":{"hfConfig":{"model_type":"gpt2","n_layer":12}},"microBatch":1,"seqLen":8}`,
      /^model\.hfConfig\.n_embd: config.json field "n_embd" is missing/m,
    ],
    ["a JSON array", `[1,2]`, /^request: must be an object/m],
    [
      "a misspelt field",
      `{"task":"train-memory","model":{"preset":"llama-3.1-8b"},"batchSize":8}`,
      /^batchSize: is not a field of this request; did you mean "microBatch"\?/m,
    ],
    [
      "hidden_size 1e12 in a pasted config",
      `{"task":"train-memory","model":{"hfConfig":{"num_hidden_layers":32,"hidden_size":1e12,"num_attention_heads":32,"intermediate_size":14336,"vocab_size":128256}}}`,
      /^model\.hfConfig\.hidden_size: config.json field "hidden_size" is 1,000,000,000,000, outside 1 to 131,072/m,
    ],
    [
      "tensor parallel above the GPU count",
      `{"task":"train-memory","model":{"preset":"llama-3.1-8b"},"gpus":2,"tensorParallel":4}`,
      /^tensorParallel: must be at most the GPU count \(2\)/m,
    ],
  ])("%s", (_name, text, pattern) => {
    const r = estimate(text);
    expect(r.code, r.stdout).toBe(1);
    expect(r.stderr).toMatch(pattern);
    expect(r.stdout).toBe("");
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+|TypeError/);
  });
  it("two bad fields are both reported", () => {
    const r = estimate(
      `{"task":"train-memory","model":{"preset":"llama-3.1-8b"},"batchSize":8,"seqLen":0}`,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^batchSize: /m);
    expect(r.stderr).toMatch(/^seqLen: /m);
  });
  it("a broken cross-field rule is reported beside a bad field, unless it reads one", () => {
    const r = estimate(
      `{"task":"train-memory","model":{"preset":"llama-3.1-8b"},"microBach":2,"gpus":2,"tensorParallel":3}`,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'microBach: is not a field of this request; did you mean "microBatch"?\n' +
        "tensorParallel: must be at most the GPU count (2)\n",
    );
    // With the GPU count itself wrong, the rule comparing against it says nothing.
    const s = estimate(
      `{"task":"train-memory","model":{"preset":"llama-3.1-8b"},"gpus":0,"tensorParallel":3}`,
    );
    expect(s.stderr).toMatch(/^gpus: /m);
    expect(s.stderr).not.toMatch(/^tensorParallel: /m);
  });
  it("an input whose result would not be finite exits 1 naming it", () => {
    // Within its range, no input reaches a non-finite result: the check is a safety net,
    // exercised here through the runner on a task whose estimator overflows on purpose.
    const r = estimate(
      `{"task":"train-time","samples":1e16,"flopsPerSample":1e25,"gpu":"rtx-4090","deadlineHours":1e-300}`,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^(deadlineHours|flopsPerSample|samples): /m);
  });
});

describe("estimate command line: the process", () => {
  it(
    "reads a file, writes the result to stdout and nothing to stderr, exits 0",
    async () => {
      const file = join(dir, "train-time.json");
      writeFileSync(file, SPEC[4]![1]);
      const r = await cliProcess([file]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      // 243.24 h, worked out in the in-process test of the same request above.
      const { hours } = JSON.parse(r.stdout) as { hours: number };
      expect(hours).toBeCloseTo(243.24, 2);
    },
    PROCESS_TIMEOUT,
  );
  it(
    "reads standard input with -",
    async () => {
      const r = await cliProcess(["-"], SPEC[3]![1]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ task: "decode-speed" });
    },
    PROCESS_TIMEOUT,
  );
  it(
    "a bad request exits 1 with every issue on stderr and nothing on stdout",
    async () => {
      const r = await cliProcess(
        ["-"],
        `{"task":"train-memory","model":{"preset":"llama-3.1-8b"},"microBach":2,"gpus":2,"tensorParallel":3}`,
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(
        'microBach: is not a field of this request; did you mean "microBatch"?\n' +
          "tensorParallel: must be at most the GPU count (2)\n",
      );
    },
    PROCESS_TIMEOUT,
  );
  it(
    "--log LOG ranks a plan on a log, read from a file, the request from standard input",
    async () => {
      const log = fileURLToPath(new URL("../../fixtures/logs/vllm-v1-server.log", import.meta.url));
      const plan = `{"task":"plan","workload":{"task":"serve","model":{"preset":"llama-3.1-8b"},"users":16,"outputTokensPerSecondPerUser":10},"gpus":["h100-sxm"],"pricesOn":"2026-12-01","measured":{"gpu":"h100-sxm"}}`;
      const r = await cliProcess(["-", "--log", log], plan);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/read as a vLLM server log\n$/);
      // The reader's steady 1,580 tokens/s (tests/unit/run-log/readers/serving.test.ts).
      const { basis } = JSON.parse(r.stdout) as { basis: { measuredTokensPerSecond: number } };
      expect(basis.measuredTokensPerSecond).toBeCloseTo(1580, 9);
      const bare = await cliProcess(["-", "--log"], plan);
      expect(bare.code).toBe(2);
      expect(bare.stderr).toMatch(/usage:.*--log LOG/);
    },
    PROCESS_TIMEOUT,
  );
  it(
    "a missing file or no argument exits 2 with a usage line",
    async () => {
      const missing = await cliProcess([join(dir, "nope.json")]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/cannot read/);
      expect(missing.stdout).toBe("");
      const none = await cliProcess([]);
      expect(none.code).toBe(2);
      expect(none.stderr).toMatch(/usage:/);
    },
    PROCESS_TIMEOUT,
  );
});
