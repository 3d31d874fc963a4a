import { defineStrings } from "./define.ts";

/**
 * Strings of the memory widgets' verdict and details (`v.`): the memory to rent, whether a
 * GPU holds it, the breakdown's overheads and the headroom warnings.
 */
export const memoryStrings = defineStrings(
  {
    "f.headroom": "Headroom",
    "r.smi": "nvidia-smi will show (MiB = 2²⁰ bytes)",
    "r.breakdownGB": "Breakdown per GPU (GB = 10⁹ bytes): the parts of the memory to rent",
    "v.rent": "Rent at least {gb} per GPU",
    "v.rentGpus": "Rent at least {gb} per GPU, on each of {count} GPUs",
    "v.unit":
      "GB = 10⁹ bytes: the allocator's peak plus {headroom} headroom (which holds its cache), plus the CUDA context, never less than what nvidia-smi will show; rounded up to 0.1 GB.",
    "v.chosen": "Fits on your {gpu}:",
    "v.capacity": "({capacity} usable, nvidia-smi memory.total)",
    "v.fitsOn": "Fits on (catalog GPUs, smallest memory first):",
    "v.tightOn": "Tight on (the peak fits, the headroom does not):",
    "v.fit.fits": "yes, with headroom",
    "v.fit.tight": "tight: the peak fits, the headroom lacks {short}; a short real run decides",
    "v.fit.does-not-fit": "no",
    "v.more": "and {count} more",
    "tm.none": "none; add GPUs with ZeRO-3/FSDP, LoRA/QLoRA or recomputation.",
    "im.none":
      "none; split the model over GPUs (tensor parallel), or use fewer weight or KV cache bits or a shorter context.",
    "v.details": "Where the figure comes from",
    "v.explain":
      "PyTorch's allocator counts in GiB (2³⁰ bytes) and nvidia-smi in MiB (2²⁰ bytes). nvidia-smi shows the allocator's peak plus its cached-but-free memory and the CUDA context. The memory to rent puts the headroom on the allocator's peak, where it also holds that cache, so the cache is not counted twice.",
    "breakdown.weights": "Weights",
    "breakdown.allocator-reserve": "Allocator cache (reserved, free)",
    "breakdown.cuda-context": "CUDA context",
    "breakdown.headroom": "Headroom",
    "as.allocator-fragmentation": "Allocator fragmentation",
    "as.cuda-context-bytes": "CUDA context",
    "as.headroom": "Headroom",
    "warn.exceeds-gpu-memory":
      "Even without headroom this needs {neededBytes} as nvidia-smi counts it, more than the {capacityBytes} {gpu} has ({capacityMiB} MiB in nvidia-smi): it will not start.",
    "warn.headroom-below-seed-range":
      "Headroom {headroom} is below the usual {headroomMin}–{headroomMax}.",
    "warn.headroom-above-seed-range":
      "Headroom {headroom} is above the usual {headroomMin}–{headroomMax}.",
  },
  {
    "f.headroom": "余量",
    "r.smi": "nvidia-smi 将显示（MiB = 2²⁰ 字节）",
    "r.breakdownGB": "每张 GPU 的显存构成（GB = 10⁹ 字节）：应租显存由这些部分组成",
    "v.rent": "每张 GPU 至少租 {gb} 显存",
    "v.rentGpus": "每张 GPU 至少租 {gb} 显存，共 {count} 张",
    "v.unit":
      "GB = 10⁹ 字节：分配器峰值加 {headroom} 余量（余量已包含其缓存），再加 CUDA 上下文，且不少于 nvidia-smi 将显示的显存；向上取整到 0.1 GB。",
    "v.chosen": "你选的 {gpu} 装得下吗：",
    "v.capacity": "（可用 {capacity}，即 nvidia-smi 的 memory.total）",
    "v.fitsOn": "装得下的目录 GPU（按显存从小到大）：",
    "v.tightOn": "偏紧的 GPU（峰值装得下，余量不够）：",
    "v.fit.fits": "装得下，含余量",
    "v.fit.tight": "偏紧：峰值装得下，余量差 {short}；以一次短的实测为准",
    "v.fit.does-not-fit": "装不下",
    "v.more": "另有 {count} 种",
    "tm.none": "没有；可用 ZeRO-3/FSDP 增加 GPU，或用 LoRA/QLoRA、重计算。",
    "im.none": "没有；可用张量并行把模型切到多张 GPU，或降低权重、KV 缓存位数，或缩短上下文。",
    "v.details": "这个数字是怎么来的",
    "v.explain":
      "PyTorch 分配器按 GiB（2³⁰ 字节）计，nvidia-smi 按 MiB（2²⁰ 字节）计。nvidia-smi 显示的是分配器峰值，加上已缓存未使用的显存和 CUDA 上下文。应租显存把余量加在分配器峰值上，余量同时容纳这部分缓存，缓存不重复计算。",
    "breakdown.weights": "权重",
    "breakdown.allocator-reserve": "分配器缓存（已保留未使用）",
    "breakdown.cuda-context": "CUDA 上下文",
    "breakdown.headroom": "余量",
    "as.allocator-fragmentation": "分配器碎片",
    "as.cuda-context-bytes": "CUDA 上下文",
    "as.headroom": "余量",
    "warn.exceeds-gpu-memory":
      "即使不留余量，按 nvidia-smi 的口径也需要 {neededBytes}，超过 {gpu} 实际可用的 {capacityBytes}（nvidia-smi 显示 {capacityMiB} MiB）：无法运行。",
    "warn.headroom-below-seed-range": "余量 {headroom} 低于常用的 {headroomMin}–{headroomMax}。",
    "warn.headroom-above-seed-range": "余量 {headroom} 高于常用的 {headroomMin}–{headroomMax}。",
  },
);
