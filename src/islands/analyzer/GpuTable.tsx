/** Memory per GPU: one row per listed GPU, every figure from the table's view store. */
import { useStore } from "@nanostores/preact";
import type { AnalyzerViews, Strings } from "../../stores/analyzer/views/index.ts";

export function GpuTable({ v, t }: { v: AnalyzerViews; t: Strings }) {
  const table = useStore(v.table);
  if (!table) return null;
  return (
    <>
      <div class="calc-scroll" tabIndex={0} role="region" aria-label={t["gpu.h"]}>
        <table data-testid="gpu-table">
          <caption>{t["gpu.h"]}</caption>
          <thead>
            <tr>
              {table.headers.map((h) => (
                <th scope="col" key={h}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.gpu}</th>
                <td data-k="peak">{r.peak}</td>
                <td data-k="total">{r.total}</td>
                <td data-k="rec">{r.rec}</td>
                <td data-k="range">{r.range}</td>
                <td data-k="fit">{r.fit}</td>
                <td data-k="smaller">{r.smaller}</td>
                <td data-k="util">{r.util}</td>
                <td data-k="power">{r.power}</td>
                <td data-k="warmup">{r.warmup}</td>
                <td data-k="window">{r.window}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.more && <p data-testid="gpus-more">{table.more}</p>}
    </>
  );
}
