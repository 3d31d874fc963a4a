/** Every calculator's result stores, for the build to write their initial results into the page. */
import "./train-memory.ts";
import "./infer-memory.ts";
import "./decode-speed.ts";
import "./train-time.ts";
import "./cost.ts";
import "./plan.ts";
