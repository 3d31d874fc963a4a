/** Decode and prefill tokens/s, time to first token and requests/s on the chosen GPU(s), with the bound named. */
import { throughputView } from "../../stores/views/throughput.ts";
import { Calculator } from "./Calculator.tsx";
import { island } from "./hooks.ts";

export const Throughput = island(Calculator, throughputView);
