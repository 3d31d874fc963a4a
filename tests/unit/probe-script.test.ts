import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { analyzeRun, parseProbeJson } from "../../src/run-log/index.ts";

const script = fileURLToPath(new URL("../../public/tools/gpu-probe.sh", import.meta.url));
const fakeBin = fileURLToPath(new URL("../fixtures/fake-nvidia-smi", import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function probe(args: string[], env: Record<string, string> = {}) {
  const out = mkdtempSync(join(tmpdir(), "gpu-probe-"));
  dirs.push(out);
  const r = spawnSync("bash", [script, "-o", out, ...args], {
    encoding: "utf8",
    timeout: 30_000,
    env: {
      ...process.env,
      PATH: `${fakeBin}${delimiter}${process.env["PATH"] ?? ""}`,
      GPU_PROBE_DISK_TEST_MIB: "4",
      FAKE_NVIDIA_SMI_SLEEP: "0.2",
      ...env,
    },
  });
  return { ...r, out, files: readdirSync(out).sort() };
}

describe("gpu-probe.sh with a fake nvidia-smi", () => {
  it("records a failing command, writes the JSON and CSV, and exits with the command's status", () => {
    const r = probe(["--", "bash", "-c", "sleep 1; exit 3"]);
    expect(r.status).toBe(3);
    const json = r.files.find((f) => f.endsWith(".json"))!;
    expect(json).toMatch(/^probe-\d{8}T\d{6}Z\.json$/);
    expect(r.files).toContain(json.replace(/\.json$/, ".csv"));
    expect(r.files.some((f) => f.startsWith(".gpu-probe-disk"))).toBe(false);
    const p = parseProbeJson(readFileSync(join(r.out, json), "utf8"));
    if (!p.ok) throw new Error(JSON.stringify(p));
    expect(p.probe.command.exitStatus).toBe(3);
    expect(p.probe.command.argv).toEqual(["bash", "-c", "sleep 1; exit 3"]);
    expect(
      p.probe.command.endEpochSeconds - p.probe.command.startEpochSeconds,
    ).toBeGreaterThanOrEqual(1);
    expect(p.probe.environment).toMatchObject({
      driverVersion: "550.54.15",
      cudaVersion: "12.4",
      gpus: [{ index: 0, name: "NVIDIA GeForce RTX 4090", memoryTotalMiB: 24564 }],
      diskTestMiB: 4,
    });
    expect(p.probe.environment.cpuCount).toBeGreaterThan(0);
    expect(p.probe.samplesCsv).toBe(readFileSync(join(r.out, p.probe.sampling.csvFile), "utf8"));
    expect(p.log.malformedCount).toBe(0);
    expect(p.log.sampleCount).toBeGreaterThanOrEqual(3);
    expect(p.log.gpus[0]!.memoryTotalMiB).toBe(24564);
    const a = analyzeRun(p.log);
    expect(a.gpus[0]!.peakMemoryMiB).toBeGreaterThanOrEqual(3120);
    expect(r.stderr).toContain("nothing was uploaded");
  });

  it("embeds the progress log, several GPUs, and exits 0 on success", () => {
    const cmd =
      'echo "$(date +%s) 10" >> "$GPU_PROBE_PROGRESS"; sleep 1; echo "$(date +%s) 60" >> "$GPU_PROBE_PROGRESS"';
    const r = probe(["-u", "samples", "--", "bash", "-c", cmd], { FAKE_NVIDIA_SMI_GPUS: "2" });
    expect(r.status).toBe(0);
    const p = parseProbeJson(
      readFileSync(
        join(
          r.out,
          r.files.find((f) => f.endsWith(".json"))!,
        ),
        "utf8",
      ),
    );
    if (!p.ok) throw new Error(JSON.stringify(p));
    expect(p.probe.progressUnit).toBe("samples");
    expect(p.progress.map((x) => x.done)).toEqual([10, 60]);
    expect(p.log.gpus.map((g) => g.index)).toEqual([0, 1]);
    expect(p.probe.environment.gpus).toHaveLength(2);
  });

  it("prints help and refuses a missing command", () => {
    const help = spawnSync("bash", [script, "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Nothing is uploaded");
    const none = spawnSync("bash", [script], { encoding: "utf8" });
    expect(none.status).toBe(2);
  });
});
