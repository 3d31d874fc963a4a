/**
 * The module graph's rules (`npm run deps`, part of `npm run lint`). Type-only imports count:
 * a cycle through types is still two modules that cannot be understood apart, and ESLint's
 * import-x/no-cycle does not see it.
 */
/** Modules a page's inputs and the command line may read from the core directly: declarations
 * (field tables, option lists, units, issue codes, the GPU's shape, presets), no arithmetic. */
const CORE_DECLARATIONS = [
  "^src/estimate/(index|units|vocabulary|result)[.]ts$",
  "^src/estimate/(hardware/gpu|model/arch-fields|model/presets|serving/engine-memory)[.]ts$",
  "^src/estimate/request/(field|issue|own)[.]ts$",
  "^src/estimate/[a-z]+/[a-z-]*fields[.]ts$",
  "^src/estimate/memory/(frameworks|training-defaults)[.]ts$",
  "^src/estimate/model/weights-header/read[.]ts$",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No module reaches itself again through its imports, type-only ones included.",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-is-pure",
      severity: "error",
      comment:
        "The estimation core imports nothing from the site, the command line or a UI library.",
      from: { path: "^src/estimate/" },
      to: {
        path: "^src/(stores|islands|components|pages|layouts|i18n|cli|workers|run-log|accuracy)/|node_modules/(preact|astro|nanostores|@nanostores)/",
      },
    },
    {
      name: "stores-render-nothing",
      severity: "error",
      comment: "Stores hold state and logic; islands render stores, never the other way round.",
      from: { path: "^src/stores/" },
      to: { path: "^src/(islands|components)/" },
    },
    {
      name: "shells-through-the-entry",
      severity: "error",
      comment:
        "Pages, stores and the command line reach the estimator through src/estimate/index.ts " +
        "(the weights-file reader, which runs in its own worker, through its own entry); " +
        "beside it they may read declarations (field tables, option lists, units) and any type.",
      from: { path: "^src/", pathNot: "^src/(estimate|accuracy)/" },
      to: {
        path: "^src/estimate/",
        pathNot: CORE_DECLARATIONS,
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "engine-on-demand",
      severity: "error",
      comment:
        "Pages run the estimator through the engine (src/stores/engine.ts loads engine-impl.ts " +
        "on the first edit), so islands and stores import its entry only there.",
      from: { path: "^src/(islands|stores)/", pathNot: "^src/stores/engine-impl[.]ts$" },
      to: { path: "^src/estimate/index[.]ts$", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|\\.astro|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".astro"] },
  },
};
