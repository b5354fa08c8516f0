import type { SavedCard } from "#shared/registrations.ts";
import { t } from "#web/i18n/i18n.ts";

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
  if (!trimmed || trimmed === "unknown") return t("event.card.unknownBrand");
  return BRANDS[trimmed.toLowerCase()] ?? trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** MM/YY, as printed on the card: { expMonth: 4, expYear: 2029 } → "04/29". */
export function formatCardExpiry(card: Pick<SavedCard, "expMonth" | "expYear">): string {
  return `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear % 100).padStart(2, "0")}`;
}

/** What a screen reader says for it (dots are read one by one): "Visa ending in 4242". */
export function cardSpokenName(card: Pick<SavedCard, "brand" | "last4">): string {
  return t("event.card.spokenName", { brand: brandName(card.brand), last4: card.last4 });
}

/**
 * The card number as typed or pasted, in groups of four: "4242424242424242" → "4242 4242 4242 4242".
 * Anything but digits goes (dashes, spaces people paste); at most 19 digits, the longest card number.
 */
export function formatCardNumberInput(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * The expiry as typed or pasted, MM/YY with the slash put in: a phone's digit pad has no "/".
 * "1230" → "12/30", "12 / 30" → "12/30", "4/29" and "429" → "04/29"; "12" stays "12" (the slash
 * comes with the next digit, so deleting it back works). A four-digit year is kept ("12/2030").
 */
export function formatExpiryInput(raw: string): string {
  const typedSlash = /^\s*(\d{1,2})\s*\/\s*(\d*)/.exec(raw);
  let month: string;
  let year: string;
  if (typedSlash) {
    month = typedSlash[1]!.padStart(2, "0");
    year = typedSlash[2]!;
  } else {
    const digits = raw.replace(/\D/g, "");
    // A month cannot start with 2–9, nor be 13–19: the first digit alone is the month then.
    const oneDigitMonth = /^[2-9]/.test(digits) || /^1[3-9]/.test(digits);
    month = oneDigitMonth ? `0${digits.slice(0, 1)}` : digits.slice(0, 2);
    year = digits.slice(oneDigitMonth ? 1 : 2);
    if (!year) return oneDigitMonth && digits.length > 0 ? month : digits;
  }
  return `${month}/${year.slice(0, 4)}`;
}

/** The security code: digits only, at most 4. */
export function formatCvcInput(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, 4);
}
