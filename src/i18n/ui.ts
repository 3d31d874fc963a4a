import { defineStrings } from "./define.ts";

/** Strings of the site's chrome: header, sidebar, footer, home, catalog, 404. */
export const ui = defineStrings(
  {
    "site.name": "GPU Rental Sizing",
    "site.tagline": "Size a GPU rental before you pay for it",
    "skip.link": "Skip to content",
    "nav.guides": "Guides",
    "nav.catalog": "GPU catalog",
    "nav.home": "Home",
    "nav.main": "Main",
    "nav.sidebar": "Guides",
    "lang.switch": "中文",
    "lang.switchHint": " (read this page in Chinese)",
    "theme.toggle": "Dark theme",
    "search.open": "Search",
    "search.label": "Search the guides",
    "search.close": "Close",
    "search.placeholder": "e.g. RTX 4090, KV cache, headroom",
    "search.none": "No results for “{query}”.",
    "search.count": "{count} results",
    "search.unavailable":
      "Search is built with the site (npm run build); it is not available in the dev server.",
    "toc.title": "On this page",
    "table.region": "Table: {columns}",
    "pager.prev": "Previous",
    "pager.next": "Next",
    "pager.label": "More guides",
    "footer.note":
      "Figures come from the estimator on this site or from the sources cited beside them. Tensor figures are dense (without sparsity).",
    "footer.source":
      "Estimates are a starting point: measure a short real run before renting for long.",
    "topic.start": "Start here",
    "topic.measure": "Measure first",
    "topic.sizing": "Sizing by task",
    "topic.hardware": "Hardware",
    "topic.cost": "Cost",
    "topic.checklists": "Checklists",
    "topic.reference": "Reference",
    "home.title": "Size a GPU rental before you pay for it",
    "home.lead":
      "Choosing a GPU by its name goes wrong both ways: too little memory and the job fails; too much card and you pay for idle silicon. This guide shows how to measure what a job needs and turn it into a node type, a GPU count, a rental length and a total cost, with calculators on the page.",
    "home.steps.title": "The method in five steps",
    "home.step1":
      "Measure four things on a small real run: time per task, peak GPU memory, GPU utilisation and concurrency.",
    "home.step2": "Add 15–25% memory headroom to the measured peak.",
    "home.step3": "Measure steady-state throughput (after warm-up), on two node types if you can.",
    "home.step4": "Choose one GPU or several on measured scaling, not on the number of cards.",
    "home.step5": "Count every billed hour: setup, downloads, reruns, export and idle time.",
    "home.start": "Start with the guides",
    "home.catalog": "Compare GPUs",
    "catalog.title": "GPU catalog",
    "catalog.lead":
      "Datasheet figures for the GPUs you can rent, each with its source. Tensor figures are dense; FP16/BF16 figures use FP32 accumulate, which is what mixed-precision training runs at.",
    "catalog.filter": "Filter by name, memory or vendor",
    "catalog.filterHint": "e.g. 4090, H100, 80GB or AMD; every word must match",
    "catalog.filterCount": "{shown} of {total} GPUs shown.",
    "catalog.filterNone":
      "No GPU matches “{query}”. Try part of a name (4090), a memory size (80GB) or a vendor (AMD).",
    "catalog.caption":
      "GPU figures: memory in GB (1 GB = 10⁹ bytes), bandwidth in GB/s, compute in TFLOPS (INT8 in TOPS), power in W. Select a column heading to sort.",
    "catalog.col.name": "GPU",
    "catalog.col.memory": "Memory (GB)",
    "catalog.col.bandwidth": "Bandwidth (GB/s)",
    "catalog.col.fp32": "FP32 (TFLOPS)",
    "catalog.col.tf32": "TF32 tensor (TFLOPS)",
    "catalog.col.fp16": "FP16/BF16 tensor (TFLOPS)",
    "catalog.col.fp8": "FP8 tensor (TFLOPS)",
    "catalog.col.int8": "INT8 tensor (TOPS)",
    "catalog.col.tdp": "Power (W)",
    "catalog.col.link": "GPU-to-GPU link",
    "catalog.col.source": "Sources",
    "catalog.noBf16": "FP16 only, no BF16",
    "catalog.pcieOnly": "PCIe only",
    "catalog.unverified": "unverified",
    "catalog.unverifiedNote":
      "Figures marked “?” have no vendor document behind them (China-market and cloud-only parts); treat them as estimates.",
    "catalog.sparsityTitle": "Why datasheets show two numbers",
    "catalog.sparsity":
      "Since Ampere, NVIDIA datasheets print tensor throughput “with sparsity”: the rate when half of every group of four weights is zero (2:4 structured sparsity). That is twice the dense rate, and ordinary training and inference do not reach it. Every tensor figure here is dense.",
    "catalog.memoryUnits":
      "Datasheets state memory in GB; nvidia-smi reports it in MiB (2²⁰ bytes). The chips come in binary sizes: a “24 GB” RTX 4090 carries 24 GiB = 24 × 1,024 = 24,576 MiB, nvidia-smi's memory.total shows slightly less (the driver keeps some), and the CUDA context takes more before your job allocates anything. The calculators on this site count the datasheet GB as 10⁹ bytes, which leaves a small safety margin.",
    "catalog.erratumTitle": "What the seed article's GPU table got wrong",
    "catalog.erratum.a100":
      "A100 “5 TFLOPS single precision”: it is 19.5 TFLOPS FP32 (non-tensor), 156 TF32 tensor and 312 FP16/BF16 tensor (dense). No A100 figure equals 5.",
    "catalog.erratum.v100":
      "V100 “7 TFLOPS”: that is the PCIe card's FP64 figure; FP32 is 15.7 (SXM2) or 14 (PCIe), FP16 tensor 125 or 112.",
    "catalog.erratum.rtx4090":
      "RTX 4090 “82 TFLOPS”: right as FP32 non-tensor (82.6); its FP16/BF16 tensor rate with FP32 accumulate is 165.2 dense.",
    "catalog.erratum.t4":
      "T4 “1 TFLOPS”: FP32 is 8.1, FP16 tensor 65, INT8 130 TOPS. No T4 figure equals 1.",
    "notFound.title": "Page not found",
    "notFound.lead":
      "There is no page at this address. It may have moved when the guides were reorganised.",
    "notFound.home": "Go to the home page",
  },
  {
    "site.name": "GPU 租用算力估算",
    "site.tagline": "付钱之前，先算清要租什么 GPU",
    "skip.link": "跳到正文",
    "nav.guides": "指南",
    "nav.catalog": "GPU 参数表",
    "nav.home": "首页",
    "nav.main": "主导航",
    "nav.sidebar": "指南目录",
    "lang.switch": "English",
    "lang.switchHint": "（切换到本页的英文版）",
    "theme.toggle": "深色主题",
    "search.open": "搜索",
    "search.label": "搜索指南",
    "search.close": "关闭",
    "search.placeholder": "例如：RTX 4090、KV 缓存、显存余量",
    "search.none": "没有找到与“{query}”相关的内容。",
    "search.count": "共 {count} 条结果",
    "search.unavailable": "搜索索引在构建站点时生成（npm run build），开发服务器中不可用。",
    "toc.title": "本页内容",
    "table.region": "表格：{columns}",
    "pager.prev": "上一篇",
    "pager.next": "下一篇",
    "pager.label": "更多指南",
    "footer.note":
      "页面上的数字要么由本站估算模块计算，要么在旁边注明出处。张量算力均为稠密（不含稀疏）数值。",
    "footer.source": "估算只是起点：长期租用前，先用真实任务短租实测。",
    "topic.start": "从这里开始",
    "topic.measure": "先实测",
    "topic.sizing": "按任务估算",
    "topic.hardware": "硬件",
    "topic.cost": "成本",
    "topic.checklists": "检查清单",
    "topic.reference": "参考",
    "home.title": "租 GPU 之前，先把算力需求算清楚",
    "home.lead":
      "只看显卡型号下单，两头都容易出错：显存不够，任务直接跑不起来；卡选大了，就一直在为闲置的算力付钱。本站讲清楚怎样实测一个任务真正需要什么，再换算成节点规格、卡数、租用时长和总成本，页面上就能直接算。",
    "home.steps.title": "五步方法",
    "home.step1": "用一小段真实任务测四项指标：单任务耗时、显存峰值、GPU 利用率、并发数量。",
    "home.step2": "在实测显存峰值上再留 15%–25% 的余量。",
    "home.step3": "去掉预热阶段，测稳定状态下的有效吞吐；条件允许就在两种节点上各测一次。",
    "home.step4": "单卡还是多卡，看实测的加速比，而不是看卡的数量。",
    "home.step5": "把所有计费时间算进去：环境安装、数据和模型下载、失败重跑、结果导出和闲置。",
    "home.start": "从指南开始",
    "home.catalog": "对比 GPU 参数",
    "catalog.title": "GPU 参数表",
    "catalog.lead":
      "常见可租用 GPU 的官方规格，每个数字都注明出处。张量算力均为稠密数值；FP16/BF16 取 FP32 累加的数值，也就是混合精度训练实际使用的速率。",
    "catalog.filter": "按名称、显存或厂商筛选",
    "catalog.filterHint": "例如 4090、H100、80GB 或 AMD；每个词都要匹配",
    "catalog.filterCount": "显示 {shown} / {total} 款 GPU。",
    "catalog.filterNone":
      "没有与“{query}”匹配的 GPU。可以试试型号的一部分（4090）、显存容量（80GB）或厂商（AMD）。",
    "catalog.caption":
      "GPU 规格：显存单位 GB（1 GB = 10⁹ 字节），带宽 GB/s，算力 TFLOPS（INT8 为 TOPS），功耗 W。点击列标题排序。",
    "catalog.col.name": "GPU",
    "catalog.col.memory": "显存（GB）",
    "catalog.col.bandwidth": "显存带宽（GB/s）",
    "catalog.col.fp32": "FP32（TFLOPS）",
    "catalog.col.tf32": "TF32 张量（TFLOPS）",
    "catalog.col.fp16": "FP16/BF16 张量（TFLOPS）",
    "catalog.col.fp8": "FP8 张量（TFLOPS）",
    "catalog.col.int8": "INT8 张量（TOPS）",
    "catalog.col.tdp": "功耗（W）",
    "catalog.col.link": "卡间互联",
    "catalog.col.source": "出处",
    "catalog.noBf16": "仅 FP16，不支持 BF16",
    "catalog.pcieOnly": "仅 PCIe",
    "catalog.unverified": "未经厂商文件证实",
    "catalog.unverifiedNote":
      "标“?”的数字没有厂商公开文件支撑（国内特供型号、云厂商专用型号），只能当作估计值。",
    "catalog.sparsityTitle": "为什么规格书上有两个数",
    "catalog.sparsity":
      "从 Ampere 开始，NVIDIA 规格书印的张量算力常是“含稀疏”数值，即每 4 个权重中有 2 个为零（2:4 结构化稀疏）时的速率，是稠密速率的两倍，普通训练和推理达不到。本表的张量算力全部是稠密数值。",
    "catalog.memoryUnits":
      "规格书按 GB 标注显存，nvidia-smi 则以 MiB（2²⁰ 字节）显示。显存颗粒按二进制容量制造：“24 GB”的 RTX 4090 实际是 24 GiB = 24 × 1,024 = 24,576 MiB，nvidia-smi 的 memory.total 会略少一些（驱动保留了一部分），任务分配显存之前 CUDA 上下文还要再占一块。本站计算器把规格书上的 GB 按 10⁹ 字节计算，相当于多留了一点余量。",
    "catalog.erratumTitle": "原文 GPU 对比表中的错误",
    "catalog.erratum.a100":
      "A100“单精度 5 TFLOPS”：实际 FP32（非张量）为 19.5 TFLOPS，TF32 张量 156，FP16/BF16 张量 312（稠密）。A100 没有任何一项指标等于 5。",
    "catalog.erratum.v100":
      "V100“7 TFLOPS”：这是 PCIe 版的 FP64 数值；FP32 为 15.7（SXM2）或 14（PCIe），FP16 张量为 125 或 112。",
    "catalog.erratum.rtx4090":
      "RTX 4090“82 TFLOPS”：作为 FP32 非张量算力是对的（82.6）；FP32 累加的 FP16/BF16 张量算力为 165.2（稠密）。",
    "catalog.erratum.t4":
      "T4“1 TFLOPS”：FP32 为 8.1，FP16 张量 65，INT8 130 TOPS。T4 没有任何一项指标等于 1。",
    "notFound.title": "页面不存在",
    "notFound.lead": "这个地址没有页面，可能是指南调整结构时移动了位置。",
    "notFound.home": "返回首页",
  },
);

export type UiKey = keyof (typeof ui)["en"];
