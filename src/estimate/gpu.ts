/**
 * The estimator's view of a GPU: plain numbers in the units their names say. The site and
 * the command line build these from the sourced catalog (`content/gpus.json`, see
 * `src/catalog/`), so the estimator never needs the schema or the sources to compute.
 */
export interface GpuSpec {
  id: string;
  name: string;
  vendor: "NVIDIA" | "AMD";
  segment: "datacenter" | "workstation" | "consumer";
  /** Memory as sold, GB (1e9 bytes). */
  memoryGB: number;
  /** Peak memory bandwidth, GB/s (1e9 bytes per second). */
  bandwidthGBps: number;
  /** FP32 non-tensor peak, TFLOPS. */
  fp32Tflops: number;
  /** Dense tensor peaks, TFLOPS (int8: TOPS); undefined where the GPU lacks the format. */
  tensorTflopsDense: {
    tf32?: number;
    fp16?: number;
    bf16?: number;
    fp8?: number;
    int8?: number;
  };
  /** GPU-to-GPU link, aggregate bidirectional GB/s; undefined means PCIe only. */
  nvlinkGBps?: number;
  tdpW: number;
  /** Names of the figures above that no vendor document backs. */
  unverified: string[];
}
