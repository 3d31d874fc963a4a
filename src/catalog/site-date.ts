/**
 * The day a build counts reference-price ages to. Prices older than a year are history and
 * never ranked (`STALE_PRICE_DAYS`), so a site checked on a later day gives other answers:
 * `SITE_TODAY` (YYYY-MM-DD) pins the day, and `npm test` builds and checks the site as of a
 * fixed one, whatever day it runs on. Unset, a build counts to its own day and a visitor's
 * plan to the visitor's.
 */
type Env = Readonly<Record<string, string | undefined>>;

/** The pinned day, if `SITE_TODAY` names one; a malformed one fails the build. */
export function pinnedSiteDay(env: Env = process.env): string | undefined {
  const day = env["SITE_TODAY"];
  if (day === undefined || day === "") return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)))
    throw new Error(`SITE_TODAY must be a day as YYYY-MM-DD, not "${day}"`);
  return day;
}

/** The day this build counts price ages to: the pinned one, else today. */
export const siteDay = (env: Env = process.env): string =>
  pinnedSiteDay(env) ?? new Date().toISOString().slice(0, 10);
