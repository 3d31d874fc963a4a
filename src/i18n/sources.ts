import { defineStrings } from "./define.ts";
import type { SourceKey } from "../estimate/result.ts";

type SourceKeys = { [K in SourceKey as `src.${K}`]: string };

/**
 * Where each assumed value comes from, named in full in the page's language: a paper, a
 * datasheet, a framework's documentation or source file, or the seed article it corrects.
 * The seed articles the site corrects are named by their titles.
 */
export const sourceStrings = defineStrings<SourceKeys>(
  {
    "src.request": "your input",
    "src.first-option-gpu": "the GPU of the first option, unless you name another",
    "src.currency-default":
      "this page's currency (US dollars on the English site, yuan on the Chinese one); prices in the other are converted",
    "src.from-architecture": "counted from the model's architecture",
    "src.datasheet": "{gpu} datasheet",
    "src.datasheet-dense": "{gpu} datasheet, dense {format} tensor figure",
    "src.single-gpu": "one GPU: no scaling applies",
    "src.estimator": "estimated from the inputs",
    "src.estimator-convention": "this site's convention (80% of the paper speed-up)",
    "src.run-log": "the peak measured on your run (run-log analyzer)",
    "src.user-measured": "your measurement",
    "src.data-parallel": "GPUs ÷ tensor-parallel degree",
    "src.grad-accumulation": "accumulation reuses one micro-batch's activations",
    "src.grads-dtype": "gradients are kept in the parameters' dtype (PyTorch autograd)",
    "src.frozen-base": "the frozen base stays in 16 bits",
    "src.weights-plus-kv": "every active weight and the KV cache are read once per step",
    "src.kv-formula":
      "2 × layers × KV heads × head dim × bytes (MLA: layers × (kv_lora_rank + rope dim) × bytes; DeepSeek-V2, arXiv 2405.04434)",
    "src.no-scale-bits": "none, or already in the bits-per-weight figure (GGUF)",
    "src.storage-months": "billed hours ÷ 730 hours per month",
    "src.first-one-gpu-option": "the first 1-GPU option with measured run hours",
    "src.frames-independent":
      'frames render independently: task-level parallelism, as in the article "GPU计算节点租用前如何估算实际算力需求？" (How to estimate real compute needs before renting a GPU node)',
    "src.fp32-peak":
      "each GPU's FP32 peak in the catalog, from its datasheet: no render score links the two GPUs",
    "src.render-benchmark":
      "published render-benchmark scores of both GPUs in the same benchmark and backend (the catalog's render scores, each with its source and date)",
    "src.zero3-split": "ZeRO-3 over the data-parallel GPUs (Rajbhandari et al. 2020)",
    "src.tensor-parallel-split":
      "tensor parallelism over the GPUs (Shoeybi et al. 2019, Megatron-LM)",
    "src.scaling-default":
      "assumed 100%: the request cannot predict it (no tokens, or no network between nodes); measure it and enter it",
    "src.scaling-predicted":
      "predicted from the GPU's links and the network between nodes at their rated bandwidth (data, tensor, pipeline and expert parallel traffic, minus what overlaps compute) and the pipeline bubble: an upper bound",
    "src.mfu-published":
      "default 40% where no published run applies (FP32 math, GPU families none measured); published 30–56% (Korthikanti et al. 2022; Narayanan et al. 2021; PaLM)",
    "src.mfu-table":
      "median of {rows} published runs ({sources}), table entry {entry}, bubble and exposed traffic taken out",
    "src.mfu-other-size":
      "no published run of this model size on this GPU family and stack: the nearest size class's entry",
    "src.mfu-other-stack":
      "no published run of this training stack here: the other stack's entry (Megatron-Core or PyTorch)",
    "src.mfu-other-family":
      "no published run on this GPU family: the nearest family's share of peak",
    "src.mfu-moe-as-dense":
      "no published MoE run here: a dense model's utilisation, likely optimistic for MoE",
    "src.mfu-fp8-as-16-bit": "no published FP8 run here: the 16-bit rate, no FP8 speed-up assumed",
    "src.flash-attention-bench":
      "{kernel} measured on the {gpu}, causal, head dim {headDim}, forward + backward, at {seqLen} tokens (FlashAttention README benchmarks, 2023: FlashAttention-2 from 99 TFLOPS at 512 tokens to 189 at 16k on A100, 163 to 328 on H100, head dim 128)",
    "src.attention-bench-carried":
      "{kernel} on the {gpu}: not measured there; its A100 speed relative to FlashAttention-2 (FlashAttention README benchmarks, 2023) applied to FlashAttention-2's {gpu} figure, head dim {headDim}, at {seqLen} tokens (both kernels use Ampere's instructions)",
    "src.eager-attention-bench":
      "PyTorch eager attention measured on the {gpu} in the same benchmark, head dim {headDim}, at {seqLen} tokens (23 to 34 TFLOPS on A100, 40 to 63 on H100, head dim 128)",
    "src.model-flops":
      "6·N (4·N on a frozen LoRA base) + attention 6·heads·(d_qk + d_v)·keys per layer, causal half (Narayanan et al. 2021, eq. 3; Chowdhery et al. 2022, PaLM, appendix B)",
    "src.hardware-flops":
      "model FLOPs + the recomputed forward (full) or attention (selective) (Korthikanti et al. 2022); eager attention scores the whole square",
    "src.moe-routing":
      "each MoE layer copies every token's top-k routed copies through memory: 7 passes of top-k × hidden forward (permute, two sorts by expert, unpermute), 7 backward, 7 more under full recomputation, bf16, at the datasheet bandwidth (Megatron-Core's all-to-all token dispatcher)",
    "src.pipeline-bubble":
      "1F1B schedule: (stages − 1) ÷ (virtual stages × micro-batches) of compute (Narayanan et al. 2021, sec. 2.2)",
    "src.network-preset":
      "{network}: its port rate, one port per GPU (NVIDIA DGX H100: 8 × ConnectX-7 400 Gb/s)",
    "src.korthikanti-s4":
      "Korthikanti et al. 2022, Reducing Activation Recomputation in Large Transformer Models (arXiv 2205.05198), sec. 4",
    "src.korthikanti-s5": "Korthikanti et al. 2022 (arXiv 2205.05198), sec. 5",
    "src.zero-bytes":
      "Rajbhandari et al. 2020, ZeRO (arXiv 1910.02054), sec. 3.1; PyTorch automatic mixed precision",
    "src.torch-amp-master": "PyTorch automatic mixed precision keeps the parameters in fp32",
    "src.torch-amp-bytes": "PyTorch AMP: 16-bit copy + fp32 weights + fp32 gradients",
    "src.hu-2021": "Hu et al. 2021, LoRA (arXiv 2106.09685): r·(d_in + d_out) per adapted matrix",
    "src.dettmers-2023": "Dettmers et al. 2023, QLoRA (arXiv 2305.14314), sec. 3",
    "src.nf4-absmax": "one fp32 absmax per 64 weights (Dettmers et al. 2023, QLoRA, sec. 3)",
    "src.gmlake":
      "GMLake (Guo et al., ASPLOS 2024, arXiv 2401.08156): 15% fragmentation on average in LLM fine-tuning",
    "src.hf-anatomy": "Hugging Face Transformers docs, Model training anatomy: 1,343 MiB on a V100",
    "src.llama-cpp-ubatch": "llama.cpp default physical batch n_ubatch = 512",
    "src.llama-cpp-c1":
      "llama.cpp PR #4766 benchmarks (RTX 4090, LLaMA 7B F16 and Q8_0): 70–82% of the bandwidth bound",
    "src.pochenai-calibration":
      "pochenai/llm-inference-calculator calibration: measured time per token 1.8–5.0× the ideal",
    "src.seed-headroom":
      'keep 15–25% above the measured peak: the article "GPU计算节点租用前如何估算实际算力需求？" (How to estimate real compute needs before renting a GPU node)',
    "src.seed-billed-hours":
      'run + setup + data preparation + download + reruns + export (+ idle): the article "GPU计算节点租用前如何估算实际算力需求？" (How to estimate real compute needs before renting a GPU node)',
    "src.billing-assumed":
      "this site's assumption, not a measurement: replace it with your provider's and your own figures",
    "src.seed-measured-gap":
      'a measured gap of only about 10–20%: the article "GPU计算节点租用前如何估算实际算力需求？" (How to estimate real compute needs before renting a GPU node)',
    "src.seed-paper-gap":
      'above the 10–20% band of the article "GPU计算节点租用前如何估算实际算力需求？" (How to estimate real compute needs before renting a GPU node)',
    "src.seed-render":
      'a rule of thumb for Blender Cycles from the article "杭州GPU服务器租用前，先算清你的算力需求" (Wang Jian, idctop.com) (not a measurement)',
    "src.fw-hf-trainer":
      "Transformers Trainer defaults (training_args.py: no gradient checkpointing, adamw_torch_fused with PyTorch 2.8 or later; v5 loads the checkpoint dtype) with PEFT's LoraConfig (r 8, alpha 8, dropout 0, q_proj and v_proj)",
    "src.fw-trl":
      'TRL SFTTrainer 1.10 defaults (trl/trainer/base_config.py, sft_config.py: gradient checkpointing on, bf16 autocast, a model named by id loads in fp32, loss "chunked_nll")',
    "src.fw-llama-factory":
      "LLaMA-Factory 0.9.6 defaults (hparams/finetuning_args.py, model_args.py: lora_rank 8, alpha 16, target all, gradient checkpointing on, trainable parameters in fp32)",
    "src.fw-unsloth":
      'Unsloth defaults (unsloth/models/llama.py, loader.py: r 16, alpha 16, seven projections, 4-bit NF4 base, "unsloth" checkpointing to CPU, fused cross-entropy, its Triton RMSNorm, SwiGLU and LoRA kernels in kernels/fast_lora.py; adamw_8bit in its default training config)',
    "src.fw-torchtune":
      "torchtune recipes llama3_1/8B_lora_single_device.yaml (pure bf16, LoRA r 8 alpha 16 on q, v, output and MLP, activation checkpointing, LinearCrossEntropyLoss, fused AdamW; QLoRA through torchao NF4) and 8B_full_single_device.yaml (PagedAdamW8bit, optimizer_in_bwd)",
    "src.fw-ms-swift":
      "ms-swift 4.6 defaults (swift/arguments/tuner_args.py: lora_rank 8, alpha 32, dropout 0.05, all-linear; gradient checkpointing on, bf16)",
    "src.fw-deepspeed":
      "DeepSpeed bf16 training: bf16 parameters, fp32 master weights, gradients and optimizer states",
    "src.fw-megatron":
      "Megatron-LM bf16 training (megatron/training/arguments.py: fp32 gradient accumulation for bf16, fp32 main parameters in the optimizer)",
    "src.fw-litgpt":
      "LitGPT finetune/lora.py defaults (bf16-mixed on a bf16 GPU, r 8, alpha 16, dropout 0.05, query and value through one fused qkv adapter, no checkpointing on one GPU)",
    "src.peft-adapter-dtype":
      "PEFT upcasts adapters to fp32 (autocast_adapter_dtype=True); torchtune and LitGPT bf16-true keep them in bf16",
    "src.peft-lora-forward":
      "PEFT's LoRA forward (peft/tuners/lora/layer.py): each adapted layer casts its input to the adapter dtype and applies its own dropout; lora_A keeps that input for backward",
    "src.recompute-block":
      "activation checkpointing keeps each block's input and rebuilds one block at a time (PyTorch torch.utils.checkpoint; Korthikanti et al. 2022, sec. 5); offload: Unsloth keeps block inputs in CPU RAM",
    "src.sdpa-default":
      "PyTorch scaled_dot_product_attention, Transformers' default attention when available; eager attention keeps the s² scores",
    "src.loss-standard":
      "Transformers' causal-LM loss upcasts all logits to fp32 (loss/loss_utils.py); cross-entropy keeps its log-softmax for backward",
    "src.loss-chunked":
      "torchtune LinearCrossEntropyLoss: 8 chunks, each upcast on its own (torchtune/modules/loss/cross_entropy_loss.py)",
    "src.loss-fused":
      "fused linear cross-entropy (Liger Kernel fused_linear_cross_entropy.py; Unsloth; Cut Cross-Entropy, arXiv 2411.09009): no full logits",
    "src.fsdp-prefetch":
      "PyTorch FSDP gathers one layer and prefetches the next (BackwardPrefetch.BACKWARD_PRE), and holds one layer's full gradient before reduce-scatter",
    "src.loss-shifted":
      "Transformers' ForCausalLMLoss before v4.49 (PR #35646) and remote-code models copy the upcast logits shifted by one token before the cross-entropy",
    "src.step-phases":
      "the largest of three moments of a step: the end of the forward pass, backward through one block, the optimizer step (PyTorch memory snapshots)",
    "src.fused-kernels":
      "fused kernels keep a norm's input and the MLP's gate and up outputs only (Liger Kernel rms_norm.py, swiglu.py; Unsloth fast_lora.py; torch.compile's min-cut partitioner)",
    "src.fused-optimizer":
      "a fused or per-parameter optimizer step has no model-sized temporaries (AdamW fused=True, Transformers adamw_torch_fused, DeepSpeed FusedAdam, bitsandbytes)",
    "src.torch-foreach":
      "PyTorch's foreach optimizer step holds about one more copy of the parameters (torch.optim docs, foreach)",
    "src.optimizer-in-backward":
      "optimizer step fused into backward: each gradient is applied and freed as soon as it is ready (torchtune optimizer_in_bwd; PyTorch tutorial on register_post_accumulate_grad_hook)",
    "src.litgpt-qkv-views":
      "LitGPT computes q, k and v in one matmul (litgpt/model.py CausalSelfAttention.forward): v stays a view of that output, so attention's saved v keeps all of it; with grouped queries k and v are repeated to every head first",
    "src.lightning-bnb-head":
      "Lightning's BitsandbytesPrecision converts every nn.Linear it is not told to ignore, the output head included; LitGPT passes no ignore_modules (litgpt/finetune/lora.py)",
    "src.dequantize":
      "a k-bit base dequantizes one weight matrix to 16 bits per matmul and frees it when the matmul returns, in the forward pass, for the input gradient and again when a checkpointed block is rebuilt (bitsandbytes autograd/_functions.py MatMul4Bit; torchao linear_nf4; Unsloth fast_dequantize)",
    "src.bnb-paged":
      "bitsandbytes paged optimizers allocate their states with cudaMallocManaged (optim/optimizer.py get_state_buffer), outside PyTorch's allocator; the driver moves them to CPU RAM when the GPU runs short (Dettmers et al. 2023, sec. 3)",
    "src.decode-calibration":
      "fitted to published measurements of {basis}, single-stream and batched (calibration tables on the accuracy page)",
    "src.prefill-mfu":
      "no compute-bound rows to fit: 50%, the range large matrix multiplies reach in training (Megatron-LM 51–56%, PaLM 46.2%)",
    "src.vllm-schedule":
      "vLLM V1 always chunks prompts into steps that also decode: at most max_num_batched_tokens per step (8192 on GPUs of 70 GiB or more other than the A100, else 2048) and max_num_seqs sequences (1024, else 256) (vllm/engine/arg_utils.py)",
    "src.sglang-schedule":
      "SGLang runs prompt chunks (chunked_prefill_size by GPU memory) in steps of their own that pause decoding; --enable-mixed-chunk is off by default (sglang/srt/server_args.py)",
    "src.trtllm-schedule":
      "TensorRT-LLM's in-flight batching puts prompts and decoding in one batch of at most max_num_tokens = 8192 tokens and max_batch_size = 2048 requests; chunked prefill off by default (tensorrt_llm/llmapi/llm_args.py)",
    "src.llama-cpp-schedule":
      "llama.cpp's server adds prompt tokens to the generation batch, n_batch = 2048 per decode call (common/common.h)",
    "src.exllamav2-schedule":
      "ExLlamaV2's dynamic generator prefills in chunks of max_chunk_size = 2048 tokens beside the running jobs (exllamav2/generator/dynamic.py)",
    "src.hf-generate-schedule":
      "Transformers generate runs a batch's prompts in one forward pass, then decodes the batch together (static batching)",
    "src.serve-lengths-default":
      "vllm bench serve's defaults: a prompt of 1024 tokens (--random-input-len) and 256 output tokens (--custom-output-len), as its own help prints them (vllm-project/vllm PR #23867)",
    "src.serve-prompt-cut-to-context":
      "vllm bench serve's default prompt of 1024 tokens (--random-input-len), cut to the shorter context asked: an engine refuses a prompt longer than its context (vLLM's max_model_len, llama.cpp's n_ctx)",
    "src.serve-engine-default":
      "vLLM, assumed when no engine is named: the continuous-batching server most self-hosted serving runs on; choose SGLang, TensorRT-LLM or another engine to see its speed",
    "src.serve-precision-default":
      "16-bit weights (FP16/BF16, as models are published) and a 16-bit KV cache, assumed when no precision is named; choose 8 or 4 bits to see a quantised model",
    "src.serve-format-default":
      "the format the engine loads at these bits when none is named: FP16/BF16 at 16 bits; GGUF in llama.cpp and Ollama; otherwise FP8 at 8 bits and AWQ at 4 in vLLM, SGLang and TensorRT-LLM, EXL2 in ExLlamaV2, bitsandbytes in Transformers",
    "src.format-scales":
      "the format's group scales: GPTQ/AWQ one fp16 scale and zero point per 128 weights; bitsandbytes one fp32 absmax per 64",
    "src.hf-dynamic-cache":
      "Transformers generate grows its DynamicCache with the tokens (transformers docs, KV cache strategies)",
    "src.vllm-kv-pool":
      "vLLM: gpu_memory_utilization × total memory − weights − profiled activation peak − non-torch memory (vllm/v1/worker/gpu_worker.py)",
    "src.sglang-kv-pool":
      "SGLang: mem_fraction_static × free memory − weights, default fraction from the GPU's memory (sglang/srt/server_args.py)",
    "src.trtllm-kv-pool":
      "TensorRT-LLM: free_gpu_memory_fraction 0.9 of the memory left after weights and buffers (KvCacheConfig docs)",
    "src.llama-cpp-context":
      "llama.cpp allocates n_ctx KV cells at load and a compute buffer for n_ubatch = 512 (common/common.h)",
    "src.ollama-context":
      "Ollama runs llama.cpp with num_ctx × num_parallel KV cells (ollama llm/memory.go)",
    "src.exllamav2-cache":
      "ExLlamaV2 preallocates its cache for max_seq_len; Q4/Q8 caches add fp16 scales and an fp16 scratch (exllamav2/cache.py)",
  },
  {
    "src.request": "你的输入",
    "src.first-option-gpu": "第一个方案的 GPU（除非你另行指定）",
    "src.currency-default": "本页的币种（中文站为人民币，英文站为美元）；另一币种的价格按汇率换算",
    "src.from-architecture": "由模型架构计算",
    "src.datasheet": "{gpu} 数据手册",
    "src.datasheet-dense": "{gpu} 数据手册，稠密 {format} 张量算力",
    "src.single-gpu": "单卡：不涉及多卡扩展",
    "src.estimator": "由输入估算",
    "src.estimator-convention": "本站约定（达到纸面提速的 80%）",
    "src.run-log": "你的运行中实测的峰值（运行日志分析器）",
    "src.user-measured": "你的实测",
    "src.data-parallel": "GPU 数 ÷ 张量并行度",
    "src.grad-accumulation": "梯度累积复用同一个微批量的激活值",
    "src.grads-dtype": "梯度与参数同一数据类型（PyTorch autograd）",
    "src.frozen-base": "冻结的基座保持 16 位",
    "src.weights-plus-kv": "每个解码步读取一次全部激活权重和 KV 缓存",
    "src.kv-formula":
      "2 × 层数 × KV 头数 × 头维度 × 字节数（MLA：层数 × (kv_lora_rank + RoPE 维度) × 字节数；DeepSeek-V2，arXiv 2405.04434）",
    "src.no-scale-bits": "没有，或已计入每权重位数（GGUF）",
    "src.storage-months": "计费小时 ÷ 每月 730 小时",
    "src.first-one-gpu-option": "第一个填写了实测运行时间的单卡方案",
    "src.frames-independent":
      "各帧独立渲染：任务级并行，见《GPU计算节点租用前如何估算实际算力需求？》",
    "src.fp32-peak": "目录中各 GPU 数据手册的 FP32 峰值：两张 GPU 之间没有渲染跑分可比",
    "src.render-benchmark":
      "两张 GPU 在同一渲染基准、同一后端下公开的跑分（目录中的渲染跑分，各注来源和日期）",
    "src.zero3-split": "在数据并行 GPU 间按 ZeRO-3 分片（Rajbhandari 等，2020）",
    "src.tensor-parallel-split": "在多张 GPU 间张量并行（Shoeybi 等，2019，Megatron-LM）",
    "src.scaling-default":
      "假定 100%：无法从请求预测（没有 token 数，或没有节点间网络），请实测后填入",
    "src.scaling-predicted":
      "按卡间互联和节点间网络的额定带宽预测（数据、张量、流水线、专家并行的通信，减去与计算重叠的部分）并计入流水线空泡，是上限",
    "src.mfu-published":
      "没有适用的公开实测时默认 40%（FP32 运算、没有实测的 GPU 系列）；公开数据为 30–56%（Korthikanti 等 2022；Narayanan 等 2021；PaLM）",
    "src.mfu-table":
      "{rows} 个公开实测的中位数（{sources}），表项 {entry}，已扣除流水线空泡和未被掩盖的通信",
    "src.mfu-other-size": "该 GPU 系列和训练框架上没有这一规模模型的公开实测：取最接近规模档的表项",
    "src.mfu-other-stack":
      "这里没有该类训练框架的公开实测：取另一类框架（Megatron-Core 或 PyTorch）的表项",
    "src.mfu-other-family": "该 GPU 系列没有公开实测：取最接近系列的峰值占比",
    "src.mfu-moe-as-dense":
      "这里没有 MoE 模型的公开实测：按稠密模型的利用率估算，对 MoE 可能偏乐观",
    "src.mfu-fp8-as-16-bit": "这里没有 FP8 的公开实测：按 16 位的速度估算，不假设 FP8 提速",
    "src.flash-attention-bench":
      "{kernel} 在 {gpu} 上的实测：因果掩码，头维度 {headDim}，前向 + 反向，序列长 {seqLen} token（FlashAttention README 基准，2023：头维度 128 时 FlashAttention-2 在 A100 上从 512 token 的 99 TFLOPS 到 16k 的 189，H100 上从 163 到 328）",
    "src.attention-bench-carried":
      "{kernel} 没有在 {gpu} 上实测过：按它在 A100 上相对 FlashAttention-2 的速度比（FlashAttention README 基准，2023）乘以 FlashAttention-2 在 {gpu} 上的实测，头维度 {headDim}，序列长 {seqLen} token（两者都用 Ampere 架构的指令）",
    "src.eager-attention-bench":
      "同一基准中 PyTorch 普通（eager）注意力在 {gpu} 上的实测：头维度 {headDim}，序列长 {seqLen} token（头维度 128 时 A100 为 23 到 34 TFLOPS，H100 为 40 到 63）",
    "src.model-flops":
      "6·N（冻结的 LoRA 基座为 4·N）+ 每层注意力 6·头数·(d_qk + d_v)·键数，因果掩码取一半（Narayanan 等 2021，式 3；Chowdhery 等 2022，PaLM 附录 B）",
    "src.hardware-flops":
      "模型 FLOPs + 重算的前向（完全重计算）或注意力（选择性重计算）（Korthikanti 等 2022）；普通注意力计算整个方阵",
    "src.moe-routing":
      "MoE 每层都要把每个 token 的 top-k 路由副本在显存中搬运：前向 7 遍 top-k × 隐藏维（重排、两次按专家排序、还原），反向 7 遍，完全重计算时再加 7 遍，bf16，按数据手册带宽计（Megatron-Core 的 all-to-all token 分发器）",
    "src.pipeline-bubble":
      "1F1B 调度：计算时间的 (段数 − 1) ÷ (虚拟段数 × 微批次数)（Narayanan 等 2021，第 2.2 节）",
    "src.network-preset":
      "{network}：按端口速率，每张 GPU 一个端口（NVIDIA DGX H100：8 × ConnectX-7 400 Gb/s）",
    "src.korthikanti-s4":
      "Korthikanti 等，2022，《Reducing Activation Recomputation in Large Transformer Models》（arXiv 2205.05198）第 4 节",
    "src.korthikanti-s5": "Korthikanti 等，2022（arXiv 2205.05198）第 5 节",
    "src.zero-bytes":
      "Rajbhandari 等，2020，ZeRO（arXiv 1910.02054）第 3.1 节；PyTorch 自动混合精度",
    "src.torch-amp-master": "PyTorch 自动混合精度以 fp32 保存参数",
    "src.torch-amp-bytes": "PyTorch AMP：16 位副本 + fp32 权重 + fp32 梯度",
    "src.hu-2021": "Hu 等，2021，LoRA（arXiv 2106.09685）：每个适配矩阵 r·(d_in + d_out)",
    "src.dettmers-2023": "Dettmers 等，2023，QLoRA（arXiv 2305.14314）第 3 节",
    "src.nf4-absmax": "每 64 个权重一个 fp32 absmax（Dettmers 等，2023，QLoRA，第 3 节）",
    "src.gmlake": "GMLake（Guo 等，ASPLOS 2024，arXiv 2401.08156）：大模型微调中平均 15% 的碎片",
    "src.hf-anatomy": "Hugging Face Transformers 文档《Model training anatomy》：V100 上 1,343 MiB",
    "src.llama-cpp-ubatch": "llama.cpp 默认物理批大小 n_ubatch = 512",
    "src.llama-cpp-c1":
      "llama.cpp PR #4766 基准（RTX 4090，LLaMA 7B F16 与 Q8_0）：达到带宽上限的 70–82%",
    "src.pochenai-calibration":
      "pochenai/llm-inference-calculator 的校准：实测每 token 耗时为理想值的 1.8–5.0 倍",
    "src.seed-headroom": "在实测峰值之上保留 15–25%：见《GPU计算节点租用前如何估算实际算力需求？》",
    "src.seed-billed-hours":
      "运行 + 环境搭建 + 数据准备 + 下载 + 重跑 + 导出（+ 空闲）：见《GPU计算节点租用前如何估算实际算力需求？》",
    "src.billing-assumed": "本站的假设，并非实测：请换成你的服务商和你自己的数值",
    "src.seed-measured-gap": "实测差距只有约 10–20%：见《GPU计算节点租用前如何估算实际算力需求？》",
    "src.seed-paper-gap": "超出《GPU计算节点租用前如何估算实际算力需求？》所说的 10–20% 区间",
    "src.seed-render":
      "《杭州GPU服务器租用前，先算清你的算力需求》（王坚，idctop.com）中关于 Blender Cycles 的经验法则（不是实测）",
    "src.fw-hf-trainer":
      "Transformers Trainer 默认值（training_args.py：不开梯度检查点，PyTorch 2.8 及以上时用 adamw_torch_fused；v5 按检查点的数据类型加载）与 PEFT LoraConfig（r 8、alpha 8、dropout 0、q_proj 与 v_proj）",
    "src.fw-trl":
      'TRL SFTTrainer 1.10 默认值（trl/trainer/base_config.py、sft_config.py：开梯度检查点，bf16 autocast，按模型 id 加载时为 fp32，损失为 "chunked_nll"）',
    "src.fw-llama-factory":
      "LLaMA-Factory 0.9.6 默认值（hparams/finetuning_args.py、model_args.py：lora_rank 8、alpha 16、target all、开梯度检查点、可训练参数为 fp32）",
    "src.fw-unsloth":
      'Unsloth 默认值（unsloth/models/llama.py、loader.py：r 16、alpha 16、七个投影层、4 bit NF4 底座、"unsloth" 检查点卸载到 CPU、融合交叉熵，以及 kernels/fast_lora.py 里用 Triton 写的 RMSNorm、SwiGLU 和 LoRA 算子；其默认训练配置用 adamw_8bit）',
    "src.fw-torchtune":
      "torchtune 配方 llama3_1/8B_lora_single_device.yaml（纯 bf16，LoRA r 8、alpha 16，作用于 q、v、输出投影与 MLP，激活检查点，LinearCrossEntropyLoss，融合 AdamW；QLoRA 用 torchao NF4）与 8B_full_single_device.yaml（PagedAdamW8bit，optimizer_in_bwd）",
    "src.fw-ms-swift":
      "ms-swift 4.6 默认值（swift/arguments/tuner_args.py：lora_rank 8、alpha 32、dropout 0.05、all-linear；开梯度检查点，bf16）",
    "src.fw-deepspeed": "DeepSpeed bf16 训练：bf16 参数，fp32 主权重、梯度与优化器状态",
    "src.fw-megatron":
      "Megatron-LM bf16 训练（megatron/training/arguments.py：bf16 时梯度以 fp32 累加，优化器保留 fp32 主参数）",
    "src.fw-litgpt":
      "LitGPT finetune/lora.py 默认值（支持 bf16 的 GPU 上为 bf16-mixed，r 8、alpha 16、dropout 0.05，query 与 value 经同一个融合 qkv 适配器，单卡不开检查点）",
    "src.peft-adapter-dtype":
      "PEFT 将适配器升为 fp32（autocast_adapter_dtype=True）；torchtune 与 LitGPT bf16-true 保持 bf16",
    "src.peft-lora-forward":
      "PEFT 的 LoRA 前向（peft/tuners/lora/layer.py）：每个被适配的层把输入转为适配器的数据类型并各自做 dropout；lora_A 为反向保留该输入",
    "src.recompute-block":
      "激活检查点只保留每个块的输入，反向时逐块重算（PyTorch torch.utils.checkpoint；Korthikanti 等 2022，第 5 节）；卸载：Unsloth 把块输入放在 CPU 内存",
    "src.sdpa-default":
      "PyTorch scaled_dot_product_attention，Transformers 在可用时的默认注意力实现；eager 注意力会保存 s² 的分数矩阵",
    "src.loss-standard":
      "Transformers 因果语言模型损失把全部 logits 升为 fp32（loss/loss_utils.py）；交叉熵为反向保留 log-softmax",
    "src.loss-chunked":
      "torchtune LinearCrossEntropyLoss：分 8 块，逐块升为 fp32（torchtune/modules/loss/cross_entropy_loss.py）",
    "src.loss-fused":
      "融合线性交叉熵（Liger Kernel fused_linear_cross_entropy.py；Unsloth；Cut Cross-Entropy，arXiv 2411.09009）：不生成完整 logits",
    "src.fsdp-prefetch":
      "PyTorch FSDP 聚合一层并预取下一层（BackwardPrefetch.BACKWARD_PRE），在 reduce-scatter 前保留一层的完整梯度",
    "src.decode-calibration": "按 {basis} 的公开实测拟合，含单流与批量（见准确度页的校准表）",
    "src.prefill-mfu":
      "没有受算力限制的实测可拟合：取 50%，即大矩阵乘法在训练中达到的水平（Megatron-LM 51–56%，PaLM 46.2%）",
    "src.vllm-schedule":
      "vLLM V1 总是把提示词切块，与解码放进同一步：每步最多 max_num_batched_tokens 个 token（显存 70 GiB 及以上且不是 A100 的 GPU 为 8192，其余 2048），最多 max_num_seqs 条序列（1024，其余 256）（vllm/engine/arg_utils.py）",
    "src.sglang-schedule":
      "SGLang 把提示词按 chunked_prefill_size（按显存大小取值）切块，单独成步，期间暂停解码；--enable-mixed-chunk 默认关闭（sglang/srt/server_args.py）",
    "src.trtllm-schedule":
      "TensorRT-LLM 的 in-flight batching 把提示词与解码放进同一批：每批最多 max_num_tokens = 8192 个 token、max_batch_size = 2048 个请求；分块预填充默认关闭（tensorrt_llm/llmapi/llm_args.py）",
    "src.llama-cpp-schedule":
      "llama.cpp 服务端把提示词 token 加进生成批次，每次解码调用最多 n_batch = 2048 个（common/common.h）",
    "src.exllamav2-schedule":
      "ExLlamaV2 的动态生成器在运行中的任务旁按 max_chunk_size = 2048 个 token 分块预填充（exllamav2/generator/dynamic.py）",
    "src.hf-generate-schedule":
      "Transformers generate 一次前向处理一批的全部提示词，然后整批一起解码（静态批处理）",
    "src.serve-lengths-default":
      "vllm bench serve 的默认值：提示词 1024 个 token（--random-input-len），输出 256 个 token（--custom-output-len），见其自身打印的参数（vllm-project/vllm PR #23867）",
    "src.serve-prompt-cut-to-context":
      "vllm bench serve 的默认提示词 1024 个 token（--random-input-len），截短到所设的更短上下文：引擎拒绝长于上下文的提示词（vLLM 的 max_model_len、llama.cpp 的 n_ctx）",
    "src.serve-engine-default":
      "未指定引擎时按 vLLM 估算：自建推理服务最常用的连续批处理服务端；选择 SGLang、TensorRT-LLM 等引擎可看它们的速度",
    "src.serve-precision-default":
      "未指定精度时按 16 位权重（FP16/BF16，即模型发布时的精度）和 16 位 KV 缓存估算；选择 8 位或 4 位可看量化模型",
    "src.serve-format-default":
      "未指定格式时取引擎在该位数下加载的格式：16 位为 FP16/BF16；llama.cpp、Ollama 为 GGUF；vLLM、SGLang、TensorRT-LLM 8 位为 FP8，4 位为 AWQ；ExLlamaV2 为 EXL2；Transformers 为 bitsandbytes",
    "src.loss-shifted":
      "Transformers v4.49 之前的 ForCausalLMLoss（PR #35646）与远程代码模型在交叉熵之前，把升为 fp32 的 logits 错开一个 token 再复制一份",
    "src.step-phases":
      "取一步训练中三个时刻的最大值：前向结束、反向经过一个块、优化器更新（PyTorch 显存快照）",
    "src.fused-kernels":
      "融合算子只保留归一化层的输入和 MLP 的 gate、up 输出（Liger Kernel rms_norm.py、swiglu.py；Unsloth fast_lora.py；torch.compile 的 min-cut 划分）",
    "src.fused-optimizer":
      "融合或逐参数的优化器更新没有与模型同大的临时张量（AdamW fused=True、Transformers adamw_torch_fused、DeepSpeed FusedAdam、bitsandbytes）",
    "src.torch-foreach":
      "PyTorch 的 foreach 优化器更新大约多占一份参数大小的显存（torch.optim 文档，foreach）",
    "src.optimizer-in-backward":
      "优化器更新并入反向传播：每个梯度一算出就更新并释放（torchtune optimizer_in_bwd；PyTorch 关于 register_post_accumulate_grad_hook 的教程）",
    "src.litgpt-qkv-views":
      "LitGPT 用一次矩阵乘法算出 q、k、v（litgpt/model.py CausalSelfAttention.forward）：v 只是这份输出的视图，注意力为反向保存 v 时整份输出都留在显存里；分组查询时 k、v 先复制到每个头",
    "src.lightning-bnb-head":
      "Lightning 的 BitsandbytesPrecision 会转换所有未被排除的 nn.Linear，输出头也在内；LitGPT 没有传 ignore_modules（litgpt/finetune/lora.py）",
    "src.dequantize":
      "k bit 底座每次矩阵乘法把一个权重矩阵反量化为 16 bit，乘完即释放：前向一次，求输入梯度时一次，检查点重算时再一次（bitsandbytes autograd/_functions.py MatMul4Bit；torchao linear_nf4；Unsloth fast_dequantize）",
    "src.bnb-paged":
      "bitsandbytes 分页优化器用 cudaMallocManaged 分配状态（optim/optimizer.py get_state_buffer），不经过 PyTorch 的分配器；显存不足时由驱动移到 CPU 内存（Dettmers 等 2023，第 3 节）",
    "src.format-scales":
      "格式的分组缩放：GPTQ/AWQ 每 128 个权重一个 fp16 缩放和零点；bitsandbytes 每 64 个一个 fp32 absmax",
    "src.hf-dynamic-cache":
      "Transformers generate 的 DynamicCache 随 token 增长（transformers 文档：KV cache strategies）",
    "src.vllm-kv-pool":
      "vLLM：gpu_memory_utilization × 总显存 − 权重 − 剖析得到的激活峰值 − 非 PyTorch 显存（vllm/v1/worker/gpu_worker.py）",
    "src.sglang-kv-pool":
      "SGLang：mem_fraction_static × 加载前空闲显存 − 权重，默认比例按 GPU 显存计算（sglang/srt/server_args.py）",
    "src.trtllm-kv-pool":
      "TensorRT-LLM：权重与缓冲之外空闲显存的 free_gpu_memory_fraction 0.9（KvCacheConfig 文档）",
    "src.llama-cpp-context":
      "llama.cpp 加载时分配 n_ctx 个 KV 单元，计算缓冲按 n_ubatch = 512（common/common.h）",
    "src.ollama-context":
      "Ollama 以 num_ctx × num_parallel 个 KV 单元运行 llama.cpp（ollama llm/memory.go）",
    "src.exllamav2-cache":
      "ExLlamaV2 按 max_seq_len 预分配缓存；Q4/Q8 缓存另有 fp16 缩放与 fp16 暂存（exllamav2/cache.py）",
  },
);
