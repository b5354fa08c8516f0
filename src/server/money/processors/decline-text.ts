import type { ErrorKey } from "#shared/i18n/catalogs/areas.ts";
import { errorText } from "#shared/i18n/error-key.ts";
import type { ErrorMessage } from "#server/i18n/error-language.ts";
import { translate } from "#server/i18n/translate.ts";

/**
 * A card processor's refusal as the person is told it, by its code (Stripe's decline code, else
 * its error code; the simulated processor uses Stripe's): the key of its message in the "errors"
 * area, so that it is worded in the request's language (docs/languages.md, "The server's texts").
 * Stripe's codes that come with the plain "Your card was declined." are the generic decline. A code
 * this map does not know is passed through with the processor's own text (Stripe's English): what
 * it says is still the truest account of the refusal.
 */
const DECLINE_KEYS: Readonly<Record<string, ErrorKey>> = {
  card_declined: "errors.card.declined",
  generic_decline: "errors.card.declined",
  do_not_honor: "errors.card.declined",
  lost_card: "errors.card.declined",
  stolen_card: "errors.card.declined",
  pickup_card: "errors.card.declined",
  restricted_card: "errors.card.declined",
  fraudulent: "errors.card.declined",
  insufficient_funds: "errors.card.insufficientFunds",
  authentication_required: "errors.card.authenticationRequired",
  payment_intent_authentication_failure: "errors.card.authenticationFailed",
  canceled: "errors.card.canceled",
  incorrect_cvc: "errors.card.incorrectCvc",
  invalid_cvc: "errors.card.incorrectCvc",
  incorrect_number: "errors.card.incorrectNumber",
  invalid_number: "errors.card.incorrectNumber",
  invalid_expiry_month: "errors.card.invalidExpiryMonth",
  invalid_expiry_year: "errors.card.invalidExpiryYear",
  card_not_supported: "errors.card.notSupported",
  processing_error: "errors.card.processingError",
  // The adapters' own refusals (stripe.ts, simulated.ts).
  payment_failed: "errors.card.paymentFailed",
  charge_refused: "errors.card.refused",
  missing_card: "errors.cards.detailsMissing",
  invalid_payment_method: "errors.card.saveFailed",
};

/** The refusal's message: by key when its code has one, else the processor's text as it is. */
export function declineText(code: string, processorText: string): ErrorMessage {
  const key = Object.hasOwn(DECLINE_KEYS, code) ? DECLINE_KEYS[code] : undefined;
  return key ? errorText(key) : { written: processorText };
}

/**
 * A charge's failure as the ledger keeps it (the processor's English text, a record) quoted to a
 * person in their language (the promotion_failed mail): the key whose English it is, among the
 * refusals above and the ledger's own notes; else as stored.
 */
export function storedReasonIn(stored: string, language: Parameters<typeof translate>[0]): string {
  const key = [...new Set([...Object.values(DECLINE_KEYS), ...LEDGER_NOTES])].find((candidate) => translate("en", candidate) === stored);
  return key ? translate(language, key) : stored;
}

const LEDGER_NOTES: readonly ErrorKey[] = ["errors.ledger.notInTime", "errors.ledger.releasedFirst"];
