import { defineStrings } from "./define.ts";

/**
 * Strings of the model picker's weights-file reader (`mf.`), loaded with the engine's data
 * when a reader chooses that way (`WeightsFilesOnDemand.tsx`): the drop zone, what a file's header gave, and why a file could not be read
 * (`mf.err.<code>`, the codes of src/estimate/model/weights-header/byte-source.ts).
 */
export const modelFileStrings = defineStrings(
  {
    "opt.file": "Weights file (.gguf / .safetensors)",
    "mf.drop": "Drop a .gguf or .safetensors file here (every shard at once), or",
    "mf.choose": "choose files",
    "mf.hint":
      "Only the file's header is read, in your browser: never the weights, and nothing is uploaded.",
    "mf.index": "…or paste model.safetensors.index.json",
    "mf.readIndex": "Read the index",
    "mf.reading": "Reading the header…",
    "mf.pasteRead":
      "The pasted index ({size} million characters) was read as pasted; it is too long to show in the box.",
    "mf.retry": "Try again",
    "mf.loadFailed": "The file reader did not load. Check the connection and try again.",
    "mf.params": "Parameters in the file",
    "mf.bytes": "Weight bytes",
    "mf.bpw": "Bits per weight",
    "mf.typesList": "By tensor type: {types}",
    "mf.type": "{name} {bytes}",
    "mf.fileError": "{file}: {text}",
    "mf.applied": "Serving settings now use {bits} bits per weight and no scale bits{engine}.",
    "mf.appliedEngine": ", engine llama.cpp",
    "mf.err.truncated": "The file ends early (a download cut short?).",
    "mf.err.not-weights": "This is not a GGUF or safetensors file.",
    "mf.err.unsupported-version": "GGUF version {version} is not supported (versions 2 and 3 are).",
    "mf.err.header-too-large": "The header is larger than {maxMiB} MiB, so it was not read.",
    "mf.err.bad-header": "The header is damaged.",
    "mf.err.unknown-dtype": "Tensor {tensor} has a dtype this page does not know: {dtype}.",
    "mf.err.unknown-quant-type": "Tensor {tensor} has a ggml type this page does not know: {type}.",
    "mf.err.no-tensors": "No tensors were found.",
    "mf.err.mixed-formats": "Drop GGUF files or safetensors files, not both at once.",
    "mf.err.not-index":
      "This is not a model.safetensors.index.json: it needs metadata.total_size and weight_map.",
    "mf.err.index-quantized":
      "This index lists quantization tensors, so its bytes do not give the parameter count: drop the .safetensors shards instead.",
    "mf.err.out-of-range":
      "{params} parameters is outside what the estimator takes (1 million to 100 trillion).",
    "mf.err.unreadable": "The browser could not read the file.",
    "mf.note.arch-from-metadata": "Architecture taken from the file's metadata ({family}).",
    "mf.note.arch-not-recognised":
      "The {family} metadata describes a shape the estimator cannot express; the exact parameter count is used instead.",
    "mf.note.shape-needs-config":
      "The file holds no head counts: for the KV cache, paste config.json (the weights stay as read here).",
    "mf.note.assumed-16-bit":
      "The parameter count assumes 16-bit weights: an index gives bytes only.",
    "mf.note.shards-missing":
      "{have} of {of} shards read: drop them all together for the whole model.",
    "issue.file-missing": "no weights file read yet: drop one on the model picker",
  },
  {
    "opt.file": "权重文件（.gguf / .safetensors）",
    "mf.drop": "把 .gguf 或 .safetensors 文件拖到这里（分片请一次全部拖入），或",
    "mf.choose": "选择文件",
    "mf.hint": "只在你的浏览器里读取文件头：从不读取权重，也不上传任何内容。",
    "mf.index": "……或粘贴 model.safetensors.index.json",
    "mf.readIndex": "读取索引",
    "mf.reading": "正在读取文件头……",
    "mf.pasteRead": "粘贴的索引长达 {size} 百万字符，框内不予显示，已直接读取。",
    "mf.retry": "重试",
    "mf.loadFailed": "文件读取程序没有加载成功。请检查网络后重试。",
    "mf.params": "文件中的参数量",
    "mf.bytes": "权重字节数",
    "mf.bpw": "每个权重的位数",
    "mf.typesList": "按张量类型：{types}",
    "mf.type": "{name} {bytes}",
    "mf.fileError": "{file}：{text}",
    "mf.applied": "推理设置已改为每个权重 {bits} 位、不另加缩放位{engine}。",
    "mf.appliedEngine": "，引擎 llama.cpp",
    "mf.err.truncated": "文件提前结束（下载不完整？）。",
    "mf.err.not-weights": "这不是 GGUF 或 safetensors 文件。",
    "mf.err.unsupported-version": "不支持 GGUF 第 {version} 版（支持第 2 和第 3 版）。",
    "mf.err.header-too-large": "文件头超过 {maxMiB} MiB，因此没有读取。",
    "mf.err.bad-header": "文件头已损坏。",
    "mf.err.unknown-dtype": "张量 {tensor} 的数据类型本页不认识：{dtype}。",
    "mf.err.unknown-quant-type": "张量 {tensor} 的 ggml 类型本页不认识：{type}。",
    "mf.err.no-tensors": "没有找到任何张量。",
    "mf.err.mixed-formats": "请只拖入 GGUF 文件或只拖入 safetensors 文件，不要混在一起。",
    "mf.err.not-index":
      "这不是 model.safetensors.index.json：它需要 metadata.total_size 和 weight_map。",
    "mf.err.index-quantized":
      "这个索引列出了量化张量，字节数推不出参数量：请改为拖入 .safetensors 分片文件。",
    "mf.err.out-of-range": "{params} 个参数超出估算器的范围（一百万到一百万亿）。",
    "mf.err.unreadable": "浏览器无法读取这个文件。",
    "mf.note.arch-from-metadata": "架构取自文件的元数据（{family}）。",
    "mf.note.arch-not-recognised":
      "{family} 元数据描述的结构估算器无法表达，因此改用精确的参数量。",
    "mf.note.shape-needs-config":
      "文件里没有注意力头数：估算 KV 缓存请粘贴 config.json（权重仍按这里读到的计算）。",
    "mf.note.assumed-16-bit": "参数量按 16 位权重推算：索引只给出字节数。",
    "mf.note.shards-missing":
      "已读取 {of} 个分片中的 {have} 个：请一次拖入全部分片以得到整个模型。",
    "issue.file-missing": "还没有读取权重文件：请把文件拖到模型选择器上",
  },
);
