import { FAILED_TO_SAVE_CARD, UNEXPECTED_ERROR } from "#shared/registrations.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { ApiError } from "#web/lib/api.ts";

export type CardField = "number" | "expiry" | "cvc";

export interface SaveCardError {
  message: string;
  fields: Partial<Record<CardField, string>>;
}

/**
 * Why saving a card failed: the processor's decline (402) or the server's checks (400, with the
 * field each message belongs to, keyed like "card.number") as they are; 'Failed to save the card.'
 * when the payment provider cannot be reached (502); the generic text for anything else.
 */
export function saveCardError(error: unknown): SaveCardError {
  // Our own texts (src/shared) in the screens' language; the server's are in it already.
  if (!(error instanceof ApiError)) return { message: sharedMessage(UNEXPECTED_ERROR), fields: {} };
  if (error.status === 502) return { message: sharedMessage(FAILED_TO_SAVE_CARD), fields: {} };
  if (error.status < 400 || error.status >= 500 || !error.message) return { message: sharedMessage(UNEXPECTED_ERROR), fields: {} };
  const fields: SaveCardError["fields"] = {};
  for (const [key, message] of Object.entries(error.fields ?? {})) {
    const field = key.split(".").at(-1);
    if (field === "number" || field === "expiry" || field === "cvc") fields[field] ??= message;
  }
  return { message: error.message, fields };
}
