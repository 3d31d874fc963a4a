/**
 * Node options side by side: billed hours (run + setup, download, reruns, export, idle),
 * storage and transfer, total cost, cost per unit of work, and monthly break-even.
 */
import { costView } from "../../stores/views/cost.ts";
import { Calculator } from "./Calculator.tsx";
import { CostChart } from "./CostChart.tsx";
import type { Rendered, WidgetProps } from "./hooks.ts";
import { island } from "./hooks.ts";

type Props = WidgetProps & Rendered<ReturnType<typeof costView.initial>>;

const Markup = (p: Props) => <Calculator {...p} extra={(r) => <CostChart v={r.chart} s={p.s} />} />;

export const CostComparison = island(Markup, costView);
