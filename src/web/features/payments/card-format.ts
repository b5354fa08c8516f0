import type { SavedCard } from "../../../shared/registrations.ts";

// Stripe names brands in lower case ("visa", "amex"); the simulated processor already writes them out.
const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  cartes_bancaires: "Cartes Bancaires",
};

/** "visa" → "Visa"; a name already written out stays as it is; nothing at all → "Card". */
export function brandName(brand: string): string {
  const trimmed = brand.trim();
  if (!trimmed || trimmed === "unknown") return "Card";
  return BRANDS[trimmed.toLowerCase()] ?? trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** MM/YY, as printed on the card: { expMonth: 4, expYear: 2029 } → "04/29". */
export function formatCardExpiry(card: Pick<SavedCard, "expMonth" | "expYear">): string {
  return `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear % 100).padStart(2, "0")}`;
}

/** What a screen reader says for it (dots are read one by one): "Visa ending in 4242". */
export function cardSpokenName(card: Pick<SavedCard, "brand" | "last4">): string {
  return `${brandName(card.brand)} ending in ${card.last4}`;
}
