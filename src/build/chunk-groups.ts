/**
 * How the calculators' code is grouped into files, declared once. Left to itself the
 * bundler makes one file per set of islands that share a module (two dozen small files on a
 * calculator page), and each file is compressed on its own: the same code measured 28.7 kB
 * gzipped file by file against 23.2 kB as one file. The groups:
 *
 * - `vendor`: Preact and nanostores, on every page with islands;
 * - `shared` and `inputs`: what the run analyzer shares with the calculators (number
 *   inputs, store persistence, paper peaks), so the analyzer loads no calculator code;
 * - `ui`: the calculators' widgets, stores and result views, which a page needs to show and
 *   edit its inputs and the results it was built with;
 * - `engine`: the request checker, the model resolver and every estimator and task, which
 *   load on the first edit (`src/stores/engine.ts`).
 *
 * A group also takes the dependencies of its modules that no group of higher priority has
 * taken: the modules the inputs share with the engine (field tables, option lists) go to
 * `ui`, which comes first; the engine takes the rest.
 */
const under = (...paths: string[]) => {
  const tests = paths.map((p) => new RegExp(`[\\\\/]src[\\\\/]${p.replace(/\//g, "[\\\\/]")}$`));
  return (id: string) => tests.some((t) => t.test(id.split("?")[0] ?? id));
};

export const CHUNK_GROUPS = [
  {
    name: "vendor",
    priority: 100,
    // Preact's hooks are left out: only the run analyzer uses them.
    test: (id: string) =>
      /[\\/]node_modules[\\/](preact|nanostores|@nanostores|@astrojs[\\/]preact)[\\/]|preload-helper/.test(
        id,
      ) && !/[\\/]preact[\\/]hooks[\\/]/.test(id),
  },
  // What the run analyzer shares with the engine (its GPU comparison) and with the calculators
  // (number inputs, stored measurements, the cost store it fills), so it loads neither.
  {
    name: "shared",
    priority: 95,
    test: under("estimate/(diagnosis|precision|result)\\.ts"),
  },
  {
    name: "inputs",
    priority: 96,
    test: under(
      "estimate/(vocabulary|units|gpu)\\.ts",
      "estimate/tasks/(field|issue|cost-fields)\\.ts",
      "stores/(catalog|persist|engine|lazy|field-store|field-codec|cost|measured)\\.ts",
      "i18n/format\\.ts",
      "islands/calculators/(NumberField|SelectField|parse-number)\\.tsx?",
    ),
  },
  { name: "engine", priority: 80, test: under("stores/engine-impl\\.ts") },
  {
    name: "ui",
    priority: 90,
    test: under(
      "estimate/(vocabulary|arch-fields|units|gpu)\\.ts",
      "estimate/tasks/(field|issue|[a-z]+-fields)\\.ts",
      // The weights-file reader's store, controls and worker load when a user picks that way; the
      // plan's request and results only where a page shows a plan.
      "stores/(?!share|all-stores|checklists|engine-impl|model-files|weights-|plan-request|front-door)[a-z-]+\\.ts",
      "stores/results/(?!plan\\.ts)[a-z-]+\\.ts",
      "i18n/(format|messages)\\.ts",
      // Each widget stays in its own file, so a page loads only the widgets it shows; so do
      // the parts only the memory widgets show (the verdict, the stacked bar) and the plan rows'
      // verdict words, which only the plan widgets show.
      "islands/calculators/(?!TrainingMemory|InferenceMemory|Throughput|ComputeTime|CostComparison|CostChart|GpuFit|WeightsFiles|MemoryVerdict|StackedBar|FrontDoor|verdict-text)[A-Za-z-]+\\.tsx?",
    ),
  },
];
