import { defineStrings } from "./define.ts";

/** Strings of "Your prices" on the decision table: the prices per GPU-hour the user entered. */
export const yourPriceStrings = defineStrings(
  {
    "gf.yp.title": "Your prices",
    "gf.yp.note":
      "Until you enter a price for a GPU, its row uses the lowest reference price read in the last 12 months, in either currency (the other one converted at a dated exchange rate), with its source linked in the price column. Enter a price in either currency: it is converted the same way.",
    "gf.yp.row": "Price {n}",
    "gf.yp.remove": "Remove price {n}",
    "gf.yp.add": "Add a price",
    "gf.yp.clear": "Clear my prices",
    "gf.yp.currency": "Currency of this price",
    "f.pricePerGpuHour": "Quoted price",
    /** What a plan's issue about one of your prices is labelled (`prices.<gpu>.currency`). */
    "f.prices": "Your price",
    "opt.currency.unset": "This page's: US dollars",
    "fd.yourCost": "{cost} (your price)",
    "fd.costConverted": "{cost} (converted from {from})",
    "fd.yourCostConverted": "{cost} (your price, converted from {from})",
    "fd.rates": "Converted at {rate}.",
  },
  {
    "gf.yp.title": "你的价格",
    "gf.yp.note":
      "某种 GPU 在你填入价格之前，它那一行按最近 12 个月内读取的最低参考价格计算，两种币种都算（另一币种按注明日期的汇率换算），来源链接列在价格一栏。你的价格可以用任一币种填写，按同样的方式换算。",
    "gf.yp.row": "价格 {n}",
    "gf.yp.remove": "删除价格 {n}",
    "gf.yp.add": "添加价格",
    "gf.yp.clear": "清除我的价格",
    "gf.yp.currency": "这个价格的币种",
    "f.pricePerGpuHour": "报价",
    "f.prices": "你的价格",
    "opt.currency.unset": "本页默认：人民币",
    "fd.yourCost": "{cost}（按你的价格）",
    "fd.costConverted": "{cost}（由 {from} 换算）",
    "fd.yourCostConverted": "{cost}（按你的价格，由 {from} 换算）",
    "fd.rates": "换算汇率：{rate}。",
  },
);
