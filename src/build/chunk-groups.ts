/**
 * How the calculators' code is grouped into files, declared once. Left to itself the
 * bundler makes one file per set of islands that share a module (two dozen small files on a
 * calculator page), and each file is compressed on its own: the same code measured 28.7 kB
 * gzipped file by file against 23.2 kB as one file. The groups:
 *
 * - `base`: Preact, nanostores and what every island with inputs shares (number and select
 *   inputs, store persistence, field tables, the engine loader), on every page with islands.
 *   One file rather than two (libraries, inputs) saves about 0.4 kB on each calculator page
 *   and on the run analyzer; the checklist pages, which need only the libraries, load the
 *   inputs too (about 14.7 kB in all, well inside the budget);
 * - `measured`, `cost`: what the run analyzer hands to the calculators (its measurements,
 *   the cost options it fills), each only on the pages that plan or compare costs;
 * - `plan`: the plan's request and the prices the user entered, only on the pages that plan;
 * - `ui`: the calculators' widgets, stores and result views, which a page needs to show and
 *   edit its inputs and the results it was built with;
 * - `frameworks`: the training frameworks' profiles, on the pages with training widgets;
 * - `engine`: the request checker, the model resolver and every estimator and task, which
 *   load on the first edit (`src/stores/engine.ts`).
 *
 * A group also takes the dependencies of its modules that no group of higher priority has
 * taken: the modules the inputs share with the engine (field tables, option lists) go to
 * `ui`, which comes first; the engine takes the rest. Modules no group names (Vite's helper
 * for `import()`, the parts only some widgets show) the bundler places itself.
 */
const under = (...paths: string[]) => {
  const tests = paths.map((p) => new RegExp(`[\\\\/]src[\\\\/]${p.replace(/\//g, "[\\\\/]")}$`));
  return (id: string) => tests.some((t) => t.test(id.split("?")[0] ?? id));
};

/**
 * Preact, nanostores and Astro's Preact client. Not Preact's hooks nor `@nanostores/preact`
 * (its `useStore` is a hook): the calculators' islands subscribe without them
 * (`islands/calculators/hooks.ts`), so only the checklist and the run analyzer load them,
 * in a file of their own (about 1.2 kB gzipped less on every calculator page); nor
 * `@nanostores/persistent`, which only the checklist uses (`stores/storage.ts` keeps the
 * calculators' stores), nor the nanostores parts only those two use (maps, key listeners).
 */
const libraries = (id: string) =>
  /[\\/]node_modules[\\/](preact|nanostores|@nanostores|@astrojs[\\/]preact)[\\/]/.test(id) &&
  !/[\\/]node_modules[\\/](preact[\\/]hooks|@nanostores[\\/](preact|persistent)|nanostores[\\/](map|deep-map|listen-keys))[\\/]/.test(
    id,
  );

/** What the calculators share with the run analyzer: number inputs, the field tables its inputs read. */
const inputs = under(
  "estimate/(vocabulary|units|hardware/gpu)\\.ts",
  "estimate/(request/field|request/issue|memory/fields)\\.ts",
  "stores/(catalog|persist|engine|lazy|field-store|field-codec)\\.ts",
  "i18n/format\\.ts",
  "islands/calculators/(NumberField|SelectField|parse-number)\\.tsx?",
);

export const CHUNK_GROUPS = [
  { name: "base", priority: 100, test: (id: string) => libraries(id) || inputs(id) },
  // What the run analyzer hands to the calculators, each apart so a page loads only its
  // own: the measurements (the pages that plan), the cost options it fills (the pages
  // that compare costs).
  {
    name: "measured",
    priority: 93,
    test: under("stores/measured\\.ts", "estimate/measured/fields\\.ts"),
  },
  {
    name: "cost",
    priority: 93,
    test: under("estimate/cost/fields\\.ts", "stores/cost\\.ts"),
  },
  // The plan's results and what only the pages that plan read: the prices the user entered,
  // and opening a row on a detailed page (what sets that page's stores loads on a click).
  // The plan's request is built by the engine (`stores/results/plan.ts`), so loads with it.
  {
    name: "plan",
    // Below `ui`, so the stores and views the plan shares with every widget stay there.
    priority: 89,
    test: under(
      "stores/results/plan\\.ts",
      "stores/(your-prices|open-row)\\.ts",
      "stores/views/plan-rows\\.ts",
    ),
  },
  { name: "engine", priority: 80, test: under("stores/engine-impl\\.ts") },
  // How each serving engine takes memory: which settings the inference inputs offer.
  { name: "engine-memory", priority: 86, test: under("estimate/serving/engine-memory\\.ts") },
  // The frameworks' profiles, which the training fields show and the engine applies: only
  // pages with training widgets load them up front.
  {
    name: "frameworks",
    priority: 85,
    test: under(
      "estimate/memory/(frameworks|training-defaults)\\.ts",
      "stores/views/training-shown\\.ts",
    ),
  },
  {
    name: "ui",
    priority: 90,
    test: under(
      "estimate/(vocabulary|model/arch-fields|units|hardware/gpu)\\.ts",
      "estimate/(request/(field|issue)|[a-z]+/([a-z]+-)?fields)\\.ts",
      // The weights-file reader's store, controls and worker load when a user picks that way;
      // the plan's request and each widget's results only where a page shows that widget.
      "stores/(?!share|all-stores|checklists|engine-impl|model-files|weights-|plan-request|your-prices|front-door|open-row|row-state)[a-z-]+\\.ts",
      // What every widget's view is made of; each widget's own view stays with the widget.
      "stores/views/(define|fields|result|model-name|model-picker)\\.ts",
      "i18n/(format|messages|text)\\.ts",
      // Each widget stays in its own file, so a page loads only the widgets it shows; so do
      // the parts only some widgets show (the memory verdict and bar, the cost and plan charts).
      "islands/calculators/(?!TrainingMemory|InferenceMemory|Throughput|ComputeTime|CostComparison|CostChart|PlanChart|GpuFit|WeightsFiles|MemoryVerdict|MemoryWidget|StackedBar|FrontDoor)[A-Za-z-]+\\.tsx?",
    ),
  },
];
