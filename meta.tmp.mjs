import { build } from "esbuild";
import { gzipSync } from "node:zlib";
const entries = process.argv.slice(2);
const src = entries.map((e, i) => `export * as m${i} from "./${e}";`).join("\n");
const r = await build({
  stdin: { contents: src, resolveDir: process.cwd(), loader: "ts" },
  bundle: true,
  minify: true,
  format: "esm",
  write: false,
  metafile: true,
  jsx: "automatic",
  jsxImportSource: "preact",
  platform: "browser",
  external: ["*/share.ts", "./share.ts"],
  plugins: [
    {
      name: "ext",
      setup(b) {
        b.onResolve({ filter: /share\.ts$/ }, (a) => ({ path: a.path, external: true }));
      },
    },
  ],
});
const out = Object.values(r.metafile.outputs)[0];
const rows = Object.entries(out.inputs)
  .map(([k, v]) => [v.bytesInOutput, k])
  .sort((a, b) => b[0] - a[0]);
let total = 0;
for (const [b] of rows) total += b;
console.log("total min", total, "gz", gzipSync(r.outputFiles[0].contents, { level: 9 }).length);
for (const [b, k] of rows.slice(0, 60)) console.log(String(b).padStart(6), k);
