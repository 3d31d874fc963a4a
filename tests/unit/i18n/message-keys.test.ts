/**
 * Message keys are checked where they are used: `msg` takes only a key both dictionaries
 * define (or fallbacks whose last is one), so a misspelt or removed key fails the type check
 * (`npm run check`, which covers this file) instead of printing itself on a page. The
 * `@ts-expect-error` lines below fail that check if the typing ever lets them through.
 */
import { describe, expect, it } from "vitest";
import { calculatorStrings } from "../../../src/i18n/calculators.ts";
import { codedKey, msg, say } from "../../../src/i18n/text.ts";

describe("message keys", () => {
  it("a known key renders in both languages; an unknown one is refused by the type checker", () => {
    expect(say(calculatorStrings("en"), "en", msg("pt.hours"))).toBe("Billed hours (likely range)");
    expect(say(calculatorStrings("zh-cn"), "zh-cn", msg("pt.hours"))).toBe("计费小时（可能范围）");
    // @ts-expect-error: no dictionary has this key
    msg("pt.hourz");
    // @ts-expect-error: a fallback list must end in a key that exists
    msg(["pt.hours", "pt.hourz"]);
    msg(["pt.hourz", "pt.hours"]);
  });

  it("a key built from a core code goes through codedKey, and a missing one shows as itself", () => {
    // What the built-page check (tests/dist) looks for: text shaped like a key.
    expect(say(calculatorStrings("en"), "en", msg(codedKey("as.no-such-assumption")))).toBe(
      "as.no-such-assumption",
    );
  });
});
