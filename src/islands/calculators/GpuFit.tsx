/**
 * The decision table: every catalog GPU for the workload the other calculators hold, each at
 * its own speed and count, with a verdict, time, cost and whose price it used, and above it
 * the options as a chart when opened. When the run-log analyzer has stored measurements, the
 * memory basis can switch from the estimate to the measured peak (and back); times and costs
 * stay estimates.
 */
import { gpuFitView } from "../../stores/views/gpu-fit.ts";
import { Calculator } from "./Calculator.tsx";
import { island } from "./hooks.ts";

export const GpuFit = island(Calculator, gpuFitView);
