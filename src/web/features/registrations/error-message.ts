import { PAYMENT_FAILED, UNEXPECTED_ERROR } from "#shared/registrations.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { ApiError } from "#web/lib/api.ts";

/**
 * The text to show when joining, confirming or cancelling fails. The server's own message for what
 * the user can act on (400 validation, 402 the processor's decline, 409 already registered, 422 a
 * rule); the original product's 'Payment failed' when the payment provider is unreachable (502);
 * that it needs a connection when the device is offline (nothing was sent, nothing is queued); the
 * original product's generic text for anything else. Our own texts (src/shared) are in the screens'
 * language; the server words its messages in it already.
 */
export function registrationErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return sharedMessage(UNEXPECTED_ERROR);
  if (error.code === "offline") return error.message;
  if (error.status === 502) return sharedMessage(PAYMENT_FAILED);
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return sharedMessage(UNEXPECTED_ERROR);
}
