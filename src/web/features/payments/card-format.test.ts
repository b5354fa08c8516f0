import { describe, expect, it } from "vitest";
import { brandName, cardSpokenName, formatCardExpiry, formatCardNumberInput, formatCvcInput, formatExpiryInput } from "./card-format.ts";

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

  it("groups a card number in fours as it is typed or pasted", () => {
    expect(formatCardNumberInput("4")).toBe("4");
    expect(formatCardNumberInput("4242")).toBe("4242");
    expect(formatCardNumberInput("42424")).toBe("4242 4");
    expect(formatCardNumberInput("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumberInput("4242-4242-4242-4242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumberInput(" 4242 4242 4242 4242 ")).toBe("4242 4242 4242 4242");
    expect(formatCardNumberInput("1234567890123456789012")).toBe("1234 5678 9012 3456 789");
  });

  it("puts the expiry's slash in, for a digit pad that has none, and takes pasted forms", () => {
    // Typed one digit at a time on a phone's numeric keyboard.
    const typed = ["1", "12", "123", "1230"].map(formatExpiryInput);
    expect(typed).toEqual(["1", "12", "12/3", "12/30"]);
    // Pasted.
    expect(formatExpiryInput("1230")).toBe("12/30");
    expect(formatExpiryInput("12 / 30")).toBe("12/30");
    expect(formatExpiryInput("12/30")).toBe("12/30");
    expect(formatExpiryInput("12/2030")).toBe("12/2030");
    // A month of one digit, with or without the slash.
    expect(formatExpiryInput("4")).toBe("04");
    expect(formatExpiryInput("429")).toBe("04/29");
    expect(formatExpiryInput("4/29")).toBe("04/29");
    expect(formatExpiryInput("1/29")).toBe("01/29");
    // Deleting the slash back leaves the month.
    expect(formatExpiryInput("12")).toBe("12");
    expect(formatExpiryInput("")).toBe("");
  });

  it("keeps the security code to its digits", () => {
    expect(formatCvcInput("12a3")).toBe("123");
    expect(formatCvcInput("12345")).toBe("1234");
  });
});
