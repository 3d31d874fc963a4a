import { defineStrings } from "./define.ts";

/** Strings of the reference-price tables (`content/prices.json`). */
export const priceStrings = defineStrings(
  {
    moves:
      "Prices move. Each row is what its source listed on the date in the row, nothing more: check the provider's page before you rent. {count} rows from {providers} providers, read between {first} and {last}; each row's age is counted in days to {built}, when this page was built.",
    noConversion:
      "Each row stays in the currency it was listed in. The estimator's reference price for a GPU is its lowest on-demand price per GPU-hour read in the last {days} days, in either currency: a price in the other currency than the plan's is converted at the exchange rate below that was in force on the plan's date, and every converted figure says so, with the rate, its date and source. The currency you choose changes how costs are shown, never which hardware ranks first. A price you enter, in either currency, always replaces the reference.",
    ratesTitle: "Exchange rates",
    ratesCaption:
      "USD/CNY readings the estimator converts with: a plan uses the most recent one on or before its date.",
    rate: "Rate",
    rateDate: "Date",
    rateSource: "Source",
    rateValue: "1 {base} = {rate} {quote}",
    ratesNote:
      "Reference rates (the ECB's, the CFETS central parity), not what a bank or card charges; a converted price is an estimate of what the listed one costs in your currency.",
    kinds:
      "Only on-demand rows are reference prices. Community hosts (RunPod Community Cloud, the Vast.ai marketplace), spot, serverless and reserved rows are listed for comparison: they can be taken back mid-run, move daily, bill per request or need a commitment.",
    sourceKinds:
      "Provider page: the provider's own page or documentation. Dated copy: a public copy of it (a repository that transcribes the page or queries the provider's price API, a dated snapshot of a price index), linked beside the provider's page where known; provider pages print no date, so the copy's date is the reading's date. A row older than {days} days is history: listed because it is sourced, never used to price or rank a plan; a GPU with only such rows asks for your price.",
    cnyTitle: "Mainland-China prices (CNY)",
    noCny:
      "No mainland-China price could be sourced with a date: AutoDL, Alibaba Cloud, Tencent Cloud and Volcano Engine show GPU prices in consoles and price calculators, and no dated copy of them was found. Undated aggregator figures are left out. If you rent in CNY, enter the price you are quoted, in CNY, in the cost calculator.",
    someCny:
      "{count} dated CNY prices, for {gpus}, from {providers}; the table below lists every one with its date, its age and what it was read from. Rows older than {days} days are history: old list prices, kept because they are sourced, never used to price or rank a plan. AutoDL, Alibaba Cloud, Volcano Engine, Huawei Cloud and Baidu AI Cloud show GPU prices only in consoles and price calculators, and no dated copy of their current prices was found; undated figures quoted in articles are left out. Every other GPU has no CNY price here: if you rent in CNY, enter the price you are quoted, in CNY, in the calculators.",
    unpricedTitle: "GPUs with no sourced price",
    unpriced:
      "No dated public price was found for these catalog GPUs: {names}. Enter the price you are offered for them in the cost calculator; none is invented here.",
    byGpuTitle: "Prices by GPU",
    caption: "{gpu}: published prices, lowest per GPU-hour first in each currency.",
    cnyCaption: "Every CNY price, by GPU, lowest first; ages counted to {built}.",
    gpu: "GPU",
    age: "Age",
    ageDays: "{days} days",
    stale: "history: never used in a ranking",
    provider: "Provider",
    region: "Region",
    product: "Product",
    gpus: "GPUs per instance",
    perGpuHour: "Price per GPU-hour",
    kind: "Kind",
    date: "Date read",
    source: "Source",
    regionNotStated: "not stated",
    listedPerInstanceHour: "listed {price} {currency} per instance-hour",
    listedPerGpuSecond: "listed {price} {currency} per GPU-second",
    monthly: "{price} {currency} per instance-month",
    reference: "reference price",
    "kind.on-demand": "On-demand",
    "kind.spot": "Spot",
    "kind.community": "Community host",
    "kind.serverless": "Serverless",
    "kind.reserved": "Reserved",
    "sourceKind.primary": "Provider page",
    "sourceKind.copy": "Dated copy",
    providerPage: "provider page",
  },
  {
    moves:
      "价格会变。每一行只是其来源在该行日期上列出的价格：租用前请到服务商页面核对。共 {count} 行，来自 {providers} 家服务商，读取于 {first} 至 {last}；每行的“距今”按天数算到本页构建的 {built}。",
    noConversion:
      "每一行都保留它标价时的币种。估算模块给一款 GPU 的参考价，是最近 {days} 天内读取的、两种币种中最低的按量每卡时价格：与方案币种不同的价格，按方案日期当时适用的下列汇率换算，每个换算后的数字都会注明，并给出汇率、日期和来源。您选择的币种只改变费用的显示方式，不改变哪种硬件排在前面。您自己填写的价格（任一币种）总是优先于参考价。",
    ratesTitle: "汇率",
    ratesCaption: "估算模块用于换算的美元/人民币汇率：方案使用其日期当天或之前最近的一条。",
    rate: "汇率",
    rateDate: "日期",
    rateSource: "来源",
    rateValue: "1 {base} = {rate} {quote}",
    ratesNote:
      "这些是参考汇率（欧洲央行参考汇率、中国外汇交易中心中间价），不是银行或银行卡实际收取的汇率；换算后的价格是对标价折合成您的币种的估计。",
    kinds:
      "只有按量（on-demand）行是参考价。社区主机（RunPod Community Cloud、Vast.ai 市场）、竞价、Serverless 和预留行仅供对比：它们可能在运行中被收回、每天变动、按请求计费或需要承诺用量。",
    sourceKinds:
      "服务商页面：服务商自己的页面或文档。带日期副本：它的公开副本（转录页面或查询服务商价格 API 的代码仓库、价格指数的带日期快照），已知时旁边另附服务商页面链接；服务商页面本身不印日期，所以以副本的日期为读取日期。超过 {days} 天的行是历史价格：因为有来源而列出，从不用于方案的计价或排名；只有这类价格的 GPU 会请您填写自己的报价。",
    cnyTitle: "中国大陆价格（人民币）",
    noCny:
      "没有找到带日期的中国大陆价格来源：AutoDL、阿里云、腾讯云、火山引擎的 GPU 价格显示在控制台和价格计算器里，没有找到它们带日期的副本。不带日期的聚合站数字没有收录。如果您以人民币租用，请在成本计算器中填写您拿到的人民币报价。",
    someCny:
      "共 {count} 条带日期的人民币价格，涉及 {gpus}，来自 {providers}；下表逐条列出日期、距今天数和读取来源。超过 {days} 天的行是历史价格：旧刊例价，收录它们是因为有来源，从不用于方案的计价或排名。AutoDL、阿里云、火山引擎、华为云、百度智能云的 GPU 价格只显示在控制台和价格计算器里，没有找到它们当前价格带日期的副本；文章里不带日期的数字没有收录。其余 GPU 在这里没有人民币价格：如果您以人民币租用，请在计算器中填写您拿到的人民币报价。",
    unpricedTitle: "没有来源价格的 GPU",
    unpriced:
      "下列目录 GPU 没有找到带日期的公开价格：{names}。请在成本计算器中填写您拿到的报价；这里不编造任何价格。",
    byGpuTitle: "各 GPU 的价格",
    caption: "{gpu}：公开价格，每种币种内按每卡时价格从低到高排列。",
    cnyCaption: "全部人民币价格，按 GPU 分组、从低到高排列；距今天数算到 {built}。",
    gpu: "GPU",
    age: "距今",
    ageDays: "{days} 天",
    stale: "历史价格：不参与排名",
    provider: "服务商",
    region: "地域",
    product: "产品",
    gpus: "每实例 GPU 数",
    perGpuHour: "每卡时价格",
    kind: "类型",
    date: "读取日期",
    source: "来源",
    regionNotStated: "未注明",
    listedPerInstanceHour: "标价 {price} {currency} / 实例·小时",
    listedPerGpuSecond: "标价 {price} {currency} / 卡·秒",
    monthly: "{price} {currency} / 实例·月",
    reference: "参考价",
    "kind.on-demand": "按量",
    "kind.spot": "竞价",
    "kind.community": "社区主机",
    "kind.serverless": "Serverless",
    "kind.reserved": "预留",
    "sourceKind.primary": "服务商页面",
    "sourceKind.copy": "带日期副本",
    providerPage: "服务商页面",
  },
);
