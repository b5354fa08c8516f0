import { describe, expect, it } from "vitest";
import { brandName, cardSpokenName, formatCardExpiry } from "./card-format.ts";

describe("card formatting", () => {
  it("writes brands out, whether Stripe's lower-case codes or names already written", () => {
    expect(brandName("visa")).toBe("Visa");
    expect(brandName("amex")).toBe("American Express");
    expect(brandName("mastercard")).toBe("Mastercard");
    expect(brandName("Visa")).toBe("Visa");
    expect(brandName("American Express")).toBe("American Express");
    expect(brandName("link")).toBe("Link");
    expect(brandName("")).toBe("Card");
    expect(brandName("unknown")).toBe("Card");
  });

  it("writes the expiry as MM/YY", () => {
    expect(formatCardExpiry({ expMonth: 4, expYear: 2029 })).toBe("04/29");
    expect(formatCardExpiry({ expMonth: 12, expYear: 2030 })).toBe("12/30");
    expect(formatCardExpiry({ expMonth: 1, expYear: 2105 })).toBe("01/05");
  });

  it("names a card aloud by brand and last four digits", () => {
    const card = { brand: "visa", last4: "4242" };
    expect(cardSpokenName(card)).toBe("Visa ending in 4242");
  });
});
