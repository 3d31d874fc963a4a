import { defineStrings } from "./define.ts";

/** Strings of the printable checklists (`src/islands/Checklist.tsx`). */
export const checklistStrings = defineStrings(
  {
    progress: "{checked} / {total} checked",
    reset: "Reset",
    "reset.done": "Cleared all ticks in “{title}”.",
    export: "Export as Markdown",
    "export.copied": "Copied “{title}” to the clipboard as Markdown ({total} lines).",
    "export.noClipboard": "The clipboard is not available here; use the download link.",
    download: "Download {file}",
    why: "Why:",
    good: "Good answer:",
    hint: "Ticks are saved in this browser only.",
  },
  {
    progress: "已勾选 {checked} / {total}",
    reset: "清空",
    "reset.done": "已清空“{title}”的全部勾选。",
    export: "导出为 Markdown",
    "export.copied": "已把“{title}”以 Markdown 复制到剪贴板（共 {total} 项）。",
    "export.noClipboard": "当前环境无法使用剪贴板，请用下载链接保存。",
    download: "下载 {file}",
    why: "原因：",
    good: "正常结果：",
    hint: "勾选状态只保存在本浏览器中。",
  },
);

export type ChecklistStrings = (typeof checklistStrings)["en"];
