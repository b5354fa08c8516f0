import { describe, expect, it } from "vitest";
import {
  CURRENCIES,
  currencyProblem,
  formatCents,
  MINIMUM_CHARGE_CENTS,
  parseMoneyToCents,
  processingFeeCents,
  refundAfterFeeCents,
} from "./money.ts";
import { minimumPriceMessage } from "./events.ts";
import { english } from "#test/shared-english.ts";

describe("money", () => {
  it("parses amounts to integer cents", () => {
    expect(parseMoneyToCents("12")).toBe(1200);
    expect(parseMoneyToCents("12.5")).toBe(1250);
    expect(parseMoneyToCents(" 0.07 ")).toBe(7);
    expect(parseMoneyToCents("-1")).toBeNull();
    expect(parseMoneyToCents("1.234")).toBeNull();
    expect(parseMoneyToCents("abc")).toBeNull();
  });

  it("takes a decimal comma, as French writes prices, and refuses what could be a thousands separator", () => {
    expect(parseMoneyToCents("12,50")).toBe(1250);
    expect(parseMoneyToCents("12,5")).toBe(1250);
    expect(parseMoneyToCents("0,07")).toBe(7);
    expect(parseMoneyToCents("1,250")).toBeNull();
    expect(parseMoneyToCents("1.250,00")).toBeNull();
    expect(parseMoneyToCents("12,")).toBeNull();
  });

  it("formats cents as dollars in Canada and the US, as before", () => {
    expect(formatCents(1250, "cad")).toBe("$12.50");
    expect(formatCents(0, "cad")).toBe("$0.00");
    expect(formatCents(1000, "usd")).toBe("$10.00");
    expect(formatCents(7, "USD")).toBe("$0.07");
  });

  it("formats other currencies with their own symbol", () => {
    expect(formatCents(1000, "eur")).toBe("€10.00");
    expect(formatCents(1250, "gbp")).toBe("£12.50");
    expect(formatCents(123456, "eur")).toBe("€1,234.56");
  });

  it("takes only currencies with cents and a known minimum charge: a zero-decimal one such as JPY is refused with a reason", () => {
    expect(currencyProblem("cad")).toBeNull();
    expect(currencyProblem("gbp")).toBeNull();
    expect(currencyProblem("jpy")).toMatch(/has no cents/);
    expect(currencyProblem("huf")).toMatch(/must be one of/);
    expect(currencyProblem("xyz")).toMatch(/must be one of/);
    // Every currency the app takes has two decimals, as prices are kept in cents.
    for (const currency of CURRENCIES) {
      expect(new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits, currency).toBe(2);
    }
  });

  it("knows Stripe's minimum charge in each currency, and says it in the price rule", () => {
    expect(MINIMUM_CHARGE_CENTS.cad).toBe(50);
    expect(MINIMUM_CHARGE_CENTS.usd).toBe(50);
    expect(MINIMUM_CHARGE_CENTS.eur).toBe(50);
    expect(MINIMUM_CHARGE_CENTS.gbp).toBe(30);
    expect(english(minimumPriceMessage("cad"))).toBe("The price must be free or at least $0.50.");
    expect(english(minimumPriceMessage("gbp"))).toBe("The price must be free or at least £0.30.");
  });

  it("charges 2.9% + $0.30, rounded to the cent, and nothing on a free spot", () => {
    expect(processingFeeCents(1000)).toBe(59);
    expect(processingFeeCents(1550)).toBe(75); // 44.95 → 45, + 30
    expect(processingFeeCents(0)).toBe(0);
  });

  it("refunds the price minus the fee, never below zero", () => {
    expect(refundAfterFeeCents(1000)).toBe(941);
    expect(refundAfterFeeCents(20)).toBe(0);
    expect(refundAfterFeeCents(0)).toBe(0);
  });
});

describe("formatCents in French", () => {
  it("writes the configured currency the Canadian French way", () => {
    expect(formatCents(1000, "cad", "fr").replace(/\s/g, " ")).toBe("10,00 $");
    expect(formatCents(1250, "eur", "fr").replace(/\s/g, " ")).toBe("12,50 €");
    expect(formatCents(1250, "gbp", "en")).toBe("£12.50");
  });
});
