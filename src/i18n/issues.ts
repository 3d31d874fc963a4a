import { defineStrings } from "./define.ts";

/**
 * What the request checker's issue codes (`src/estimate/request/issue.ts`) say, for the
 * command line (English) and for the message beside a calculator's field. `{range}` and
 * `{unit}` are filled by `issueText` (messages.ts); a `.nearest` variant is used when the
 * checker found a name the user probably meant.
 */
export const issueStrings = defineStrings(
  {
    "issue.required": "is required",
    "issue.not-a-number": "must be a number",
    "issue.not-whole": "must be a whole number",
    "issue.out-of-range": "must be {range}",
    "issue.not-an-option": "must be one of: {options}",
    "issue.not-a-boolean": "must be true or false",
    "issue.not-a-string": "must be a text id",
    "issue.not-a-date": "must be a date, YYYY-MM-DD",
    "issue.not-an-object": "must be an object {…}",
    "issue.not-a-list": "must be a list […]",
    "issue.list-length": "must list {min} to {max} items",
    "issue.duplicate": "lists {value} twice",
    "issue.unknown-field": "is not a field of this request",
    "issue.unknown-field.nearest": 'is not a field of this request; did you mean "{nearest}"?',
    "issue.unknown-task": "must be one of: {options}",
    "issue.unknown-task.nearest": 'must be one of: {options} (did you mean "{nearest}"?)',
    "issue.unknown-gpu": 'names no catalog GPU ("{id}"); known: {known}',
    "issue.unknown-gpu.nearest":
      'names no catalog GPU ("{id}"); did you mean the {nearestName} ("{nearest}")?',
    "issue.gpu-no-bandwidth":
      "names {gpu}, for which no memory bandwidth figure can be relied on, so its speed is not estimated; pick another GPU",
    "issue.gpu-no-compute":
      "names {gpu}, for which no compute peak can be relied on, so its speed is not estimated; pick another GPU",
    "issue.unknown-preset": 'names no preset ("{id}"); known: {known}',
    "issue.unknown-preset.nearest": 'names no preset ("{id}"); did you mean "{nearest}"?',
    "issue.model-kind":
      "must be {preset}, {params}, {hfConfig} or an architecture {layers, hidden, heads, ffn, vocab, …}",
    "issue.hf-not-object": "config.json must be a JSON object",
    "issue.hf-bad-json": "is not valid JSON: paste the whole config.json file",
    "issue.hf-missing": 'config.json field "{key}" is missing or not a usable number',
    "issue.hf-out-of-range": 'config.json field "{key}" is {value}, outside {min} to {max}',
    "issue.hf-model-type":
      'config.json model_type "{type}" is not one this reader knows ({known}); type the architecture in by hand',
    "issue.hf-model-type.nearest":
      'config.json model_type "{type}" is not one this reader knows; did you mean "{nearest}"?',
    "issue.hf-no-model-type":
      "config.json gives no model_type, so its block (gated MLP or not) cannot be told; known types: {known}",
    "issue.hf-too-deep": "config.json nests deeper than {max} levels, which no model's config does",
    "issue.too-many-gpus": "names more GPUs than the catalog holds ({max}); name each GPU once",
    "issue.prompt-exceeds-context": "must be at most the context ({context} tokens)",
    "issue.tp-heads": "must divide the attention heads ({heads}) evenly",
    "issue.tp-kv-copies":
      "must divide the K/V heads ({kvHeads}) evenly, or be a multiple of them (each K/V head is then copied)",
    "issue.tp-kv-heads":
      "must divide the K/V heads ({kvHeads}) evenly (Megatron-LM splits K/V groups without copies)",
    "issue.engine-load-failed":
      "could not be estimated: the estimator did not load (connection?). Edit a field to try again.",
    "issue.currency-mismatch":
      "is in another currency than the plan ({currency}) and no exchange rate joins the two to convert it",
    "issue.tp-exceeds-gpus": "must be at most the GPU count ({gpus})",
    "issue.needs-single-micro-batch":
      "needs gradient accumulation 1: each gradient is applied and freed as soon as it is ready",
    "issue.tp-not-divisor": "must divide the GPU count ({gpus}) evenly",
    "issue.layout-not-divisor":
      "makes tensor × pipeline parallel {product} GPUs, which must divide the GPU count ({gpus}) evenly",
    "issue.stages-exceed-layers":
      "gives {stages} pipeline stages (× virtual stages) for the model's {layers} layers; each stage needs a layer",
    "issue.experts-layout-not-divisor":
      "makes pipeline × expert parallel {product} GPUs, which must divide the GPU count ({gpus}) evenly",
    "issue.experts-not-divisible": "must divide the model's {experts} experts evenly",
    "issue.dense-no-experts": "applies only to a mixture-of-experts model; this one is dense",
    "issue.kv-heads-divide":
      "must be at most the attention heads ({heads}) and divide them evenly (grouped-query attention)",
    "issue.active-experts": "must be at most the experts ({experts})",
    "issue.sliding-layers": "must be at most the layers ({layers})",
    "issue.active-params": "must be at most the parameter count ({params})",
    "issue.needs-one-of": "give {fields}",
    "issue.needs-with": "is needed with {with}",
    "issue.run-hours-needed":
      "is needed unless single-GPU hours or a 1-GPU option with run hours is given",
    "issue.result-not-finite":
      "makes the estimate ({output}) too large to compute; use a smaller value",
    "issue.serving-no-deadline":
      "does not apply to serving, which runs as long as it is rented: the workload's hours set the hours priced",
    "range.closed": "from {min} to {max}{unit}",
    "range.above": "above {min} and at most {max}{unit}",
    // The fields a request takes that no calculator shows as an input: an issue names them
    // (the command line's requests, a log's measured figures, a ranking's options).
    "f.model": "Model",
    "f.lora": "LoRA settings",
    "f.head": "Training head (language model or classifier)",
    "f.dropout": "The model's own dropout",
    "f.cudaContextMiB": "CUDA context (MiB)",
    "f.fragmentation": "Allocator fragmentation",
    "f.scaleBits": "Quantization scale bits per weight",
    "f.weightFileBytes": "Weight file size (bytes)",
    "f.efficiency": "Share of memory bandwidth achieved",
    "f.options": "GPU options",
    "f.reruns": "Reruns",
    "f.storageMonths": "Months of storage",
    "f.workload": "Workload",
    "f.pricesOn": "Prices as of (YYYY-MM-DD)",
    "f.counts": "GPU counts compared",
    "f.measured": "Measured run",
    "f.peakBytes": "Measured peak GPU memory (bytes)",
    "f.tokensPerSecond": "Measured tokens/s",
    "f.concurrency": "Requests running at once",
    "f.burstRequests": "Requests sent at once (burst)",
    "f.hours": "Hours of serving priced",
    "f.throughputA": "Throughput on GPU A (work per hour)",
    "f.throughputB": "Throughput on GPU B (work per hour)",
    "f.peakA": "Peak of GPU A (TFLOPS)",
    "f.peakB": "Peak of GPU B (TFLOPS)",
    "f.gpuA": "GPU A",
    "f.gpuB": "GPU B",
    "f.memoryTotalMiB": "GPU memory total (MiB, as nvidia-smi reports it)",
    "f.throughputPerHour": "Measured throughput (work per hour)",
    "f.totalWork": "The job's total work",
  },
  {
    "issue.required": "必须填写",
    "issue.not-a-number": "必须是数字",
    "issue.not-whole": "必须是整数",
    "issue.out-of-range": "必须{range}",
    "issue.not-an-option": "必须是以下之一：{options}",
    "issue.not-a-boolean": "必须是 true 或 false",
    "issue.not-a-string": "必须是文本 id",
    "issue.not-a-date": "必须是日期，格式 YYYY-MM-DD",
    "issue.not-an-object": "必须是对象 {…}",
    "issue.not-a-list": "必须是列表 […]",
    "issue.list-length": "须列出 {min} 到 {max} 项",
    "issue.duplicate": "{value} 重复出现",
    "issue.unknown-field": "不是此请求的字段",
    "issue.unknown-field.nearest": "不是此请求的字段；是否想写“{nearest}”？",
    "issue.unknown-task": "必须是以下之一：{options}",
    "issue.unknown-task.nearest": "必须是以下之一：{options}（是否想写“{nearest}”？）",
    "issue.unknown-gpu": "目录中没有这种 GPU（“{id}”）；已知：{known}",
    "issue.unknown-gpu.nearest":
      "目录中没有这种 GPU（“{id}”）；是否想选 {nearestName}（“{nearest}”）？",
    "issue.gpu-no-bandwidth":
      "选择了 {gpu}：它没有可靠的显存带宽数据，因此不估算其速度；请换一种 GPU",
    "issue.gpu-no-compute":
      "选择了 {gpu}：它没有可靠的算力峰值数据，因此不估算其速度；请换一种 GPU",
    "issue.unknown-preset": "没有这个预设（“{id}”）；已知：{known}",
    "issue.unknown-preset.nearest": "没有这个预设（“{id}”）；是否想选“{nearest}”？",
    "issue.model-kind":
      "必须是 {preset}、{params}、{hfConfig} 或架构 {layers, hidden, heads, ffn, vocab, …} 之一",
    "issue.hf-not-object": "config.json 必须是一个 JSON 对象",
    "issue.hf-bad-json": "不是有效的 JSON：请粘贴完整的 config.json 文件",
    "issue.hf-missing": "config.json 缺少字段“{key}”，或它不是可用的数字",
    "issue.hf-out-of-range": "config.json 字段“{key}”为 {value}，超出 {min} 到 {max}",
    "issue.hf-model-type":
      "config.json 的 model_type“{type}”不在可识别的类型之列（{known}）；请改为手动填写架构",
    "issue.hf-model-type.nearest":
      "config.json 的 model_type“{type}”不在可识别的类型之列；是否想写“{nearest}”？",
    "issue.hf-no-model-type":
      "config.json 没有 model_type，无法判断模型结构（MLP 是否带门控）；可识别的类型：{known}",
    "issue.hf-too-deep": "config.json 的嵌套超过 {max} 层，没有哪个模型的配置会这样",
    "issue.too-many-gpus": "列出的 GPU 多于目录中的 {max} 种；每种 GPU 只需写一次",
    "issue.prompt-exceeds-context": "不能超过上下文长度（{context} 个 token）",
    "issue.tp-heads": "必须能整除注意力头数（{heads}）",
    "issue.tp-kv-copies":
      "必须能整除 KV 头数（{kvHeads}），或是它的整数倍（此时每个 KV 头会复制多份）",
    "issue.tp-kv-heads": "必须能整除 KV 头数（{kvHeads}）（Megatron-LM 切分 KV 组时不做复制）",
    "issue.engine-load-failed": "无法估算：估算程序没有加载（网络问题？）。修改任一字段即可重试。",
    "issue.currency-mismatch": "与方案的币种（{currency}）不同，且没有可用于换算的汇率",
    "issue.tp-exceeds-gpus": "不能超过 GPU 数量（{gpus}）",
    "issue.needs-single-micro-batch":
      "需要梯度累积为 1：每个梯度一算出就更新并释放，无法跨微批次累加",
    "issue.tp-not-divisor": "必须能整除 GPU 数量（{gpus}）",
    "issue.layout-not-divisor":
      "使张量 × 流水线并行共 {product} 张卡，必须能整除 GPU 数量（{gpus}）",
    "issue.stages-exceed-layers":
      "给出 {stages} 个流水线段（× 虚拟段），而模型只有 {layers} 层；每段至少要有一层",
    "issue.experts-layout-not-divisor":
      "使流水线 × 专家并行共 {product} 张卡，必须能整除 GPU 数量（{gpus}）",
    "issue.experts-not-divisible": "必须能整除模型的 {experts} 个专家",
    "issue.dense-no-experts": "只适用于混合专家（MoE）模型；这个模型是稠密模型",
    "issue.kv-heads-divide": "不能超过注意力头数（{heads}），且必须能整除它（分组查询注意力）",
    "issue.active-experts": "不能超过专家数（{experts}）",
    "issue.sliding-layers": "不能超过层数（{layers}）",
    "issue.active-params": "不能超过参数量（{params}）",
    "issue.needs-one-of": "请填写 {fields}",
    "issue.needs-with": "与 {with} 一起使用时必须填写",
    "issue.run-hours-needed": "除非给出单卡小时数，或某个单卡方案填写了运行小时数，否则必须填写",
    "issue.result-not-finite": "使估算结果（{output}）大到无法计算；请改小",
    "issue.serving-no-deadline":
      "不适用于部署：部署租多久就运行多久，计价小时数由工作负载的 hours 决定",
    "range.closed": "在 {min} 到 {max}{unit} 之间",
    "range.above": "大于 {min} 且不超过 {max}{unit}",
    "f.model": "模型",
    "f.lora": "LoRA 设置",
    "f.head": "训练头（语言模型或分类器）",
    "f.dropout": "模型自身的 dropout",
    "f.cudaContextMiB": "CUDA 上下文（MiB）",
    "f.fragmentation": "显存分配器碎片",
    "f.scaleBits": "每个权重的量化缩放位数",
    "f.weightFileBytes": "权重文件大小（字节）",
    "f.efficiency": "实际达到的显存带宽占比",
    "f.options": "GPU 方案",
    "f.reruns": "重跑次数",
    "f.storageMonths": "存储月数",
    "f.workload": "工作负载",
    "f.pricesOn": "价格日期（YYYY-MM-DD）",
    "f.counts": "比较的 GPU 数量",
    "f.measured": "实测运行",
    "f.peakBytes": "实测单卡显存峰值（字节）",
    "f.tokensPerSecond": "实测 tokens/s",
    "f.concurrency": "同时运行的请求数",
    "f.burstRequests": "一次性发出的请求数（突发）",
    "f.hours": "计价的部署小时数",
    "f.throughputA": "GPU A 上的吞吐（每小时工作量）",
    "f.throughputB": "GPU B 上的吞吐（每小时工作量）",
    "f.peakA": "GPU A 峰值算力（TFLOPS）",
    "f.peakB": "GPU B 峰值算力（TFLOPS）",
    "f.gpuA": "GPU A",
    "f.gpuB": "GPU B",
    "f.memoryTotalMiB": "显存总量（MiB，nvidia-smi 所报）",
    "f.throughputPerHour": "实测吞吐（每小时工作量）",
    "f.totalWork": "任务总工作量",
  },
);
