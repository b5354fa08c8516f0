/** Money is integer cents everywhere (DESIGN §5). */

const MONEY_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;

/** "12.5" → 1250. Returns null for anything that is not a plain non-negative amount. */
export function parseMoneyToCents(input: string): number | null {
  const trimmed = input.trim();
  if (!MONEY_PATTERN.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 1250 → "$12.50" */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export interface FeeRule {
  feePercent: number;
  feeFixedCents: number;
}

export const DEFAULT_FEE: FeeRule = { feePercent: 2.9, feeFixedCents: 30 };

/** The processing fee on a price: 2.9% + $0.30 by default, rounded to the cent; 0 when free. */
export function processingFeeCents(priceCents: number, rule: FeeRule = DEFAULT_FEE): number {
  if (priceCents <= 0) return 0;
  return Math.round((priceCents * rule.feePercent) / 100) + rule.feeFixedCents;
}

/** What a player gets back when cancelling: the price minus the fee, never below 0. */
export function refundAfterFeeCents(priceCents: number, rule: FeeRule = DEFAULT_FEE): number {
  return Math.max(0, priceCents - processingFeeCents(priceCents, rule));
}
