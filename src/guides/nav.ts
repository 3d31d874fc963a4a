/**
 * Reading order and grouping of the guides for one language. Guides live at
 * `content/guides/<lang>/<slug>.mdx`; the collection id is `<lang>/<slug>`.
 */
import { getCollection, type CollectionEntry } from "astro:content";
import { localePath, type Lang } from "../i18n/lang.ts";
import { TOPICS, type Topic } from "../i18n/topics.ts";

export type Guide = CollectionEntry<"guides">;

export function guideLang(guide: Guide): Lang {
  return guide.id.startsWith("en/") ? "en" : "zh-cn";
}

export function guideSlug(guide: Guide): string {
  return guide.id.slice(guide.id.indexOf("/") + 1);
}

export function guidePath(lang: Lang, slug: string): string {
  return localePath(lang, `/guides/${slug}/`);
}

/** Guides of one language in reading order: by topic, then `order`. */
export async function guidesFor(lang: Lang): Promise<Guide[]> {
  const all = await getCollection("guides", (g) => guideLang(g) === lang);
  return all.sort(
    (a, b) =>
      TOPICS.indexOf(a.data.topic) - TOPICS.indexOf(b.data.topic) || a.data.order - b.data.order,
  );
}

export function groupByTopic(guides: Guide[]): { topic: Topic; guides: Guide[] }[] {
  return TOPICS.map((topic) => ({
    topic,
    guides: guides.filter((g) => g.data.topic === topic),
  })).filter((group) => group.guides.length > 0);
}

/** The path of the same guide in the other language, or that language's guide index. */
export async function alternateGuidePath(lang: Lang, slug: string): Promise<string> {
  const other = await guidesFor(lang);
  return other.some((g) => guideSlug(g) === slug)
    ? guidePath(lang, slug)
    : localePath(lang, "/guides/");
}
