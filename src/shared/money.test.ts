import { describe, expect, it } from "vitest";
import { formatCents, parseMoneyToCents, processingFeeCents, refundAfterFeeCents } from "./money.ts";

describe("money", () => {
  it("parses amounts to integer cents", () => {
    expect(parseMoneyToCents("12")).toBe(1200);
    expect(parseMoneyToCents("12.5")).toBe(1250);
    expect(parseMoneyToCents(" 0.07 ")).toBe(7);
    expect(parseMoneyToCents("-1")).toBeNull();
    expect(parseMoneyToCents("1.234")).toBeNull();
    expect(parseMoneyToCents("abc")).toBeNull();
  });

  it("formats cents as dollars", () => {
    expect(formatCents(1250)).toBe("$12.50");
    expect(formatCents(0)).toBe("$0.00");
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
