import { defineStrings } from "./define.ts";

/** Strings of "Your prices" on the decision table: the prices per GPU-hour the user entered. */
export const yourPriceStrings = defineStrings(
  {
    "gf.yp.title": "Your prices",
    "gf.yp.note":
      "Until you enter a price for a GPU, its row uses the lowest dated reference price in the plan's currency, with its source linked in the price column.",
    "gf.yp.row": "Price {n}",
    "gf.yp.remove": "Remove price {n}",
    "gf.yp.add": "Add a price",
    "gf.yp.clear": "Clear my prices",
    "gf.yp.currency": "Currency of this price",
    "f.pricePerGpuHour": "Quoted price",
    /** What a plan's issue about one of your prices is labelled (`prices.<gpu>.currency`). */
    "f.prices": "Your price",
    "opt.currency.unset": "Your prices' currency, else US dollars",
    "fd.yourCost": "{cost} (your price)",
  },
  {
    "gf.yp.title": "你的价格",
    "gf.yp.note":
      "某种 GPU 在你填入价格之前，它那一行按方案币种下注明日期的最低参考价格计算，来源链接列在价格一栏。",
    "gf.yp.row": "价格 {n}",
    "gf.yp.remove": "删除价格 {n}",
    "gf.yp.add": "添加价格",
    "gf.yp.clear": "清除我的价格",
    "gf.yp.currency": "这个价格的币种",
    "f.pricePerGpuHour": "报价",
    "f.prices": "你的价格",
    "opt.currency.unset": "跟随你的价格的币种，没有则用美元",
    "fd.yourCost": "{cost}（按你的价格）",
  },
);
