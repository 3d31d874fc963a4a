import { defineStrings } from "./define.ts";

/**
 * Messages of the shared number field (`src/islands/calculators/NumberField.tsx`), used by
 * every form that takes numbers: the calculators and the run analyzer.
 */
export const numberField = defineStrings(
  {
    "note.readAs": "Read as {value}.",
    "note.labelUnit": "{label} ({unit})",
    "hint.range": "{min} to {max}{unit}",
    "hint.rangeAbove": "above {min}, up to {max}{unit}",
    "err.empty": "Enter a number.",
    "err.negative": "Must not be negative.",
    "err.letters": "Not a number: use digits, e.g. 1.5 or 1e9.",
    "err.comma":
      "Use a point for decimals (1.5, not 1,5); a comma only between groups of three digits (1,000,000).",
    "err.too-large": "Too large to compute with.",
    "err.range": "Allowed: {min} to {max}{unit}.",
    "err.range-above": "Allowed: above {min}, up to {max}{unit}.",
    "err.integer": "Enter a whole number.",
  },
  {
    "note.readAs": "已按 {value} 读取。",
    "note.labelUnit": "{label}（{unit}）",
    "hint.range": "{min} 至 {max}{unit}",
    "hint.rangeAbove": "大于 {min}，至多 {max}{unit}",
    "err.empty": "请输入数字。",
    "err.negative": "不能为负数。",
    "err.letters": "不是数字：请用数字，例如 1.5 或 1e9。",
    "err.comma": "小数请用点号（1.5，而不是 1,5）；逗号只能用作三位一组的千位分隔符（1,000,000）。",
    "err.too-large": "数值太大，无法计算。",
    "err.range": "允许范围：{min} 至 {max}{unit}。",
    "err.range-above": "允许范围：大于 {min}，至多 {max}{unit}。",
    "err.integer": "请输入整数。",
  },
);
