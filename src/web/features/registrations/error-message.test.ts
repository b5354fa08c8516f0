import { describe, expect, it } from "vitest";
import { CANCEL_WINDOW_TEXT, CONSENT_REQUIRED, PAYMENT_FAILED, SELECT_SAVED_CARD, UNEXPECTED_ERROR } from "#shared/registrations.ts";
import { ApiError, needsConnectionMessage } from "#web/lib/api.ts";
import { registrationErrorMessage } from "./error-message.ts";
import { english } from "#test/shared-english.ts";

describe("registrationErrorMessage", () => {
  it("shows what the user can act on as the server says it", () => {
    expect(registrationErrorMessage(new ApiError(english(SELECT_SAVED_CARD), 400, "validation"))).toBe(english(SELECT_SAVED_CARD));
    expect(registrationErrorMessage(new ApiError("Your card was declined.", 402, "payment_declined"))).toBe("Your card was declined.");
    expect(registrationErrorMessage(new ApiError("You are already registered for this event.", 409, "conflict"))).toBe("You are already registered for this event.");
    expect(registrationErrorMessage(new ApiError(english(CONSENT_REQUIRED), 422, "rule"))).toBe(english(CONSENT_REQUIRED));
    expect(registrationErrorMessage(new ApiError(english(CANCEL_WINDOW_TEXT), 422, "rule"))).toBe(english(CANCEL_WINDOW_TEXT));
  });

  it("says a join or cancel needs a connection when the device is offline", () => {
    expect(registrationErrorMessage(new ApiError(needsConnectionMessage(), 0, "offline"))).toBe(needsConnectionMessage());
  });

  it("says 'Payment failed' when the payment provider cannot be reached", () => {
    expect(registrationErrorMessage(new ApiError("Stripe is down", 502, "payment_provider"))).toBe(english(PAYMENT_FAILED));
  });

  it("says the generic text for server errors, the network and anything else", () => {
    expect(registrationErrorMessage(new ApiError("boom", 500))).toBe(english(UNEXPECTED_ERROR));
    expect(registrationErrorMessage(new ApiError("busy", 503))).toBe(english(UNEXPECTED_ERROR));
    expect(registrationErrorMessage(new ApiError("Cannot reach the server.", 0, "network"))).toBe(english(UNEXPECTED_ERROR));
    expect(registrationErrorMessage(new TypeError("x is undefined"))).toBe(english(UNEXPECTED_ERROR));
    expect(registrationErrorMessage(new ApiError("", 400))).toBe(english(UNEXPECTED_ERROR));
  });
});
