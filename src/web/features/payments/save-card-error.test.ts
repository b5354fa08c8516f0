import { describe, expect, it } from "vitest";
import { INVALID_CARD_NUMBER, INVALID_CVC, UNEXPECTED_ERROR } from "#shared/registrations.ts";
import { ApiError } from "#web/lib/api.ts";
import { FAILED_TO_SAVE_CARD } from "#shared/registrations.ts";
import { saveCardError } from "./save-card-error.ts";
import { english } from "#test/shared-english.ts";

describe("saveCardError", () => {
  it("shows the processor's decline as it is", () => {
    expect(saveCardError(new ApiError("Your card was declined.", 402, "payment_declined"))).toEqual({ message: "Your card was declined.", fields: {} });
  });

  it("puts the server's field messages on the card's fields", () => {
    const error = new ApiError(english(INVALID_CARD_NUMBER), 400, "validation", { "card.number": english(INVALID_CARD_NUMBER), "card.cvc": english(INVALID_CVC), other: "ignored" });
    expect(saveCardError(error)).toEqual({ message: english(INVALID_CARD_NUMBER), fields: { number: english(INVALID_CARD_NUMBER), cvc: english(INVALID_CVC) } });
  });

  it("says 'Failed to save the card.' when the provider is unreachable, and the generic text for the rest", () => {
    expect(saveCardError(new ApiError("Bad gateway", 502))).toEqual({ message: english(FAILED_TO_SAVE_CARD), fields: {} });
    expect(saveCardError(new ApiError("boom", 500))).toEqual({ message: english(UNEXPECTED_ERROR), fields: {} });
    expect(saveCardError(new ApiError("offline", 0, "network"))).toEqual({ message: english(UNEXPECTED_ERROR), fields: {} });
    expect(saveCardError(new Error("bug"))).toEqual({ message: english(UNEXPECTED_ERROR), fields: {} });
  });
});
