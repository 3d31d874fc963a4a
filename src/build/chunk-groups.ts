/**
 * How the calculators' code is grouped into files, declared once. Left to itself the
 * bundler makes one file per set of islands that share a module (two dozen small files on a
 * calculator page), and each file is compressed on its own: the same code measured 28.7 kB
 * gzipped file by file against 23.2 kB as one file. The groups follow the code's layers, so
 * a page loads the layers its islands use and little else:
 *
 * - `vendor`: Preact and nanostores, on every page with islands;
 * - `base`: the request checker, store persistence, number input and formatting, shared by
 *   the calculators and the run analyzer;
 * - `calc`: what every calculator widget shares (model, task runner, frame, results);
 * - `train`, `time`, `serve`, `cost`, `fit`: one per kind of estimate, with its fields,
 *   stores and widgets;
 *   `cost-store` apart, since the run analyzer writes the cost store without computing.
 *
 * A group also takes the dependencies of its modules that no group of higher priority has
 * taken, so the shared layers come first.
 */
const under = (...paths: string[]) => {
  const tests = paths.map((p) => new RegExp(`[\\\\/]src[\\\\/]${p.replace(/\//g, "[\\\\/]")}$`));
  return (id: string) => tests.some((t) => t.test(id.split("?")[0] ?? id));
};

const TRAIN = [
  "estimate/(training-memory|activations|lora|optimizer)\\.ts",
  "estimate/tasks/(training-fields|train-memory)\\.ts",
  "stores/training\\.ts",
  "stores/results/train-memory\\.ts",
  "islands/calculators/TrainingMemory\\.tsx",
];
const TIME = [
  "estimate/(training-flops|compute-time)\\.ts",
  "estimate/tasks/(train-time|job-fields)\\.ts",
  "stores/job\\.ts",
  "stores/results/train-time\\.ts",
  "islands/calculators/ComputeTime\\.tsx",
];
const SERVE = [
  "estimate/(inference-memory|kv-cache|inference-speed)\\.ts",
  "estimate/tasks/(serving-fields|infer-memory|decode-speed)\\.ts",
  "stores/serving\\.ts",
  "stores/results/(infer-memory|decode-speed)\\.ts",
  "islands/calculators/(InferenceMemory|Throughput)\\.tsx",
];
const COST_STORE = ["estimate/tasks/cost-fields\\.ts", "stores/cost\\.ts"];
const COST = [
  "estimate/cost\\.ts",
  "estimate/tasks/cost\\.ts",
  "stores/results/cost\\.ts",
  "islands/calculators/(CostComparison|CostChart)\\.tsx",
];
const MEASURED = ["stores/measured\\.ts"];
const FIT = [
  "estimate/fit-rank\\.ts",
  "estimate/tasks/(fit-rank|nested)\\.ts",
  "stores/fit\\.ts",
  "stores/results/fit-rank\\.ts",
  "islands/calculators/GpuFit\\.tsx",
];
const BASE = [
  "estimate/tasks/(check|check-value|field|issue|nearest)\\.ts",
  "estimate/(gpu|units|precision|result)\\.ts",
  "stores/(catalog|persist|field-codec|field-store)\\.ts",
  "i18n/format\\.ts",
  "islands/calculators/(NumberField|SelectField|parse-number)\\.tsx?",
];
const CALC = [
  "estimate/(model|model-value|model-source|arch-fields|memory-views|presets)\\.ts",
  "estimate/tasks/(task|context|memory-fields)\\.ts",
  "stores/(model|lazy|link-note|outcome|requests)\\.ts",
  "i18n/messages\\.ts",
  "islands/calculators/(hooks|Frame|ShareBar|ShowRequest|FieldInput|Figures|ResultSummary|StackedBar|model-label|LinkNote|ModelPicker)\\.tsx?",
];

export const CHUNK_GROUPS = [
  {
    name: "vendor",
    priority: 100,
    // The preload helper too: the island renderer imports it, and it must not drag a layer in.
    // Preact's hooks are left out: only the run analyzer uses them.
    test: (id: string) =>
      /[\\/]node_modules[\\/](preact|nanostores|@nanostores|@astrojs[\\/]preact)[\\/]|preload-helper/.test(
        id,
      ) && !/[\\/]preact[\\/]hooks[\\/]/.test(id),
  },
  { name: "base", priority: 90, test: under(...BASE) },
  { name: "calc", priority: 80, test: under(...CALC) },
  { name: "cost-store", priority: 70, test: under(...COST_STORE) },
  { name: "measured", priority: 70, test: under(...MEASURED) },
  { name: "train", priority: 60, test: under(...TRAIN) },
  { name: "time", priority: 60, test: under(...TIME) },
  { name: "serve", priority: 60, test: under(...SERVE) },
  { name: "cost", priority: 60, test: under(...COST) },
  { name: "fit", priority: 60, test: under(...FIT) },
];
