import { defineStrings } from "./define.ts";

/**
 * Strings that make an answer read at a glance: the front door's summary that stays in view
 * on a phone, and the decision table's "show all" button on a phone's cards.
 */
export const glanceStrings = defineStrings(
  {
    "fd.glance": "Top option: {option}, {hours}, {cost}",
    "fd.glanceServe": "Top option: {option}, {rate} per user, {cost} per million tokens",
    "fd.glanceLink": "Full answer",
    "gf.showAll": "Show all {count} options",
    "gf.showFewer": "Show the first {count} options",
  },
  {
    "fd.glance": "首选：{option}，{hours}，{cost}",
    "fd.glanceServe": "首选：{option}，每位用户 {rate}，每百万 token {cost}",
    "fd.glanceLink": "完整答案",
    "gf.showAll": "显示全部 {count} 个选项",
    "gf.showFewer": "只显示前 {count} 个选项",
  },
);
