/** What a calculator page loads with the engine, one file per language (`engineDataFile`). */
import type { APIRoute, GetStaticPaths } from "astro";
import { engineDataFile } from "../../components/calculators/catalog.ts";
import { LANGS } from "../../i18n/lang.ts";

export const getStaticPaths = (async () =>
  Promise.all(
    LANGS.map(async (lang) => {
      const file = await engineDataFile(lang);
      return { params: { name: file.name }, props: { body: file.body } };
    }),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response((props as { body: string }).body, {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
