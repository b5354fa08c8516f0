/** Money is integer cents everywhere (hundredths of the configured currency). */
import { DEFAULT_LANGUAGE, INTL_LOCALES, type Language } from "./language.ts";

/**
 * Whole units, then at most two decimals after a point or a comma: "12.50" and, as French writes
 * it, "12,50". A comma followed by three digits ("1,250") is refused rather than guessed: it could
 * be a thousands separator.
 */
const MONEY_PATTERN = /^\d{1,6}([.,]\d{1,2})?$/;

/** "12.5" or "12,5" → 1250. Returns null for anything that is not a plain non-negative amount. */
export function parseMoneyToCents(input: string): number | null {
  const trimmed = input.trim();
  if (!MONEY_PATTERN.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * The smallest charge Stripe accepts, in cents, for each currency the app can be configured with
 * (Stripe's "Minimum and maximum charge amounts" table). Only currencies with two decimals are here:
 * prices are stored in cents, which a zero-decimal currency (JPY) has not, and Stripe treats HUF
 * amounts specially. A paid price below the minimum could never be charged.
 */
export const MINIMUM_CHARGE_CENTS = {
  usd: 50,
  aed: 200,
  aud: 50,
  bgn: 100,
  brl: 50,
  cad: 50,
  chf: 50,
  czk: 1500,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  inr: 50,
  mxn: 1000,
  myr: 200,
  nok: 300,
  nzd: 50,
  pln: 200,
  ron: 200,
  sek: 300,
  sgd: 50,
  thb: 1000,
} as const;

export type Currency = keyof typeof MINIMUM_CHARGE_CENTS;
export const CURRENCIES = Object.keys(MINIMUM_CHARGE_CENTS) as Currency[];
export const DEFAULT_CURRENCY: Currency = "cad";

// Stripe's zero-decimal currencies: amounts in whole units, no cents.
const ZERO_DECIMAL = new Set(["bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd", "vuv", "xaf", "xof", "xpf"]);

export function isCurrency(code: string): code is Currency {
  return Object.hasOwn(MINIMUM_CHARGE_CENTS, code);
}

/** Why the app cannot work in this currency (lower case), or null when it can. */
export function currencyProblem(code: string): string | null {
  if (isCurrency(code)) return null;
  if (ZERO_DECIMAL.has(code)) return `${code} has no cents, and prices are kept in cents: use a currency with two decimals (${CURRENCIES.join(", ")})`;
  return `must be one of ${CURRENCIES.join(", ")}`;
}

/** The minimum paid price in a currency; an unknown one gets Stripe's usual 0.50. */
export function minimumChargeCents(currency: string): number {
  const code = currency.toLowerCase();
  return isCurrency(code) ? MINIMUM_CHARGE_CENTS[code] : 50;
}

/** Whether a price can be charged: free, or at least the minimum charge. */
export function isChargeablePrice(cents: number, currency: string): boolean {
  return cents === 0 || cents >= minimumChargeCents(currency);
}

/**
 * 1250 in the configured currency, in the reader's language: "$12.50" (cad, usd), "€12.50" (eur),
 * "£12.50" (gbp) in English; "12,50 $", "12,50 €" in French. English uses US English with the narrow
 * symbol: the app has one currency, so "$" cannot be mistaken, where en-US would write CAD as "CA$".
 */
export function formatCents(cents: number, currency: string, language: Language = DEFAULT_LANGUAGE): string {
  return formatterFor(currency, language).format(cents / 100);
}

// Making an Intl.NumberFormat costs far more than using one, and a list shows many prices: one
// formatter per currency and language, made when first needed (none at start-up).
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, language: Language): Intl.NumberFormat {
  const code = currency.toUpperCase();
  const key = `${code}|${language}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALES[language], { style: "currency", currency: code, currencyDisplay: "narrowSymbol" });
    formatters.set(key, formatter);
  }
  return formatter;
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
