/** Training FLOPs (6·N·D or samples x FLOPs per sample), the TFLOPS a deadline needs, hours on each GPU. */
import { computeTimeView } from "../../stores/views/compute-time.ts";
import { Calculator } from "./Calculator.tsx";
import { island } from "./hooks.ts";

export const ComputeTime = island(Calculator, computeTimeView);
