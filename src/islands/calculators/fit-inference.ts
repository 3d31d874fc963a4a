/**
 * The inference estimator as the GPU fit table loads it on demand. A module of its own, so
 * the lazy load does not make the core itself a dynamic entry (which would split it from
 * the inference page's static bundle and add the bundler's runtime there).
 */
export { inferenceMemory } from "../../estimate/inference-memory.ts";
