/** A number box shows a value it is given rounded for reading; the expected texts are worked by hand. */
import { describe, expect, it } from "vitest";
import { boxText } from "../../src/stores/views/box-text.ts";

describe("boxText", () => {
  it("rounds a plan row's download hours to four significant digits below 1", () => {
    // 0.0005382690133333333: the 5th significant digit is 2, so 0.0005383 (…269 rounds up).
    expect(boxText(0.0005382690133333333)).toBe("0.0005383");
    expect(boxText(0.1)).toBe("0.1");
  });

  it("keeps whole numbers and rounds others to three decimals from 1 up", () => {
    expect(boxText(72)).toBe("72");
    // 14.96264 -> 14.963 (the 4th decimal, 6, rounds up).
    expect(boxText(14.96264)).toBe("14.963");
    expect(boxText(1e16)).toBe("10000000000000000");
    expect(boxText(-2.5)).toBe("-2.5");
  });

  it("leaves no value as an empty box", () => {
    expect(boxText(Number.NaN)).toBe("");
  });
});
