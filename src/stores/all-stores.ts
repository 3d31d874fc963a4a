/** Registers every calculator store, for links and Reset (see share.ts). */
import "./model.ts";
import "./training.ts";
import "./serving.ts";
import "./job.ts";
import "./cost.ts";
import "./fit.ts";
import "./your-prices.ts";
