import { afterEach, describe, expect, it, vi } from "vitest";
import { FAILED_TO_INITIALIZE_PAYMENT, PAYMENT_FAILED } from "#shared/registrations.ts";
import { ApiError } from "#web/lib/api.ts";
import { PaymentMessage, paymentErrorMessage, stripeErrorMessage } from "./payment-error.ts";
import { english } from "#test/shared-english.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("paymentErrorMessage", () => {
  it("shows what was written for the user as it is: the server's answers and our own messages", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(paymentErrorMessage(new ApiError("Your card was declined.", 402, "payment_declined"), "pay")).toBe("Your card was declined.");
    expect(paymentErrorMessage(new PaymentMessage("Your card has insufficient funds."), "initialize")).toBe("Your card has insufficient funds.");
    expect(log).not.toHaveBeenCalled();
  });

  it("never shows a programming error's text: 'Failed to initialize payment.' while setting up, 'Payment failed' while paying, and logs the detail", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = new TypeError("n.elements.submit is not a function");
    expect(paymentErrorMessage(broken, "initialize")).toBe(english(FAILED_TO_INITIALIZE_PAYMENT));
    expect(paymentErrorMessage(broken, "pay")).toBe(english(PAYMENT_FAILED));
    expect(paymentErrorMessage("a string thrown", "pay")).toBe(english(PAYMENT_FAILED));
    expect(log).toHaveBeenCalledWith(expect.any(String), broken);
  });
});

describe("stripeErrorMessage", () => {
  it("shows Stripe's own words about the card and the details typed in", () => {
    expect(stripeErrorMessage({ type: "card_error", message: "Your card was declined." }, "pay")).toBe("Your card was declined.");
    expect(stripeErrorMessage({ type: "validation_error", message: "Your card number is incomplete." }, "initialize")).toBe("Your card number is incomplete.");
  });

  it("says the generic text for any other kind of Stripe error, and logs it", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const apiError = { type: "invalid_request_error", message: "No such setupintent: 'seti_123'" };
    expect(stripeErrorMessage(apiError, "initialize")).toBe(english(FAILED_TO_INITIALIZE_PAYMENT));
    expect(stripeErrorMessage({ type: "api_error" }, "pay")).toBe(english(PAYMENT_FAILED));
    expect(stripeErrorMessage({ type: "card_error" }, "pay")).toBe(english(PAYMENT_FAILED));
    expect(stripeErrorMessage({ message: "no type at all" }, "pay")).toBe(english(PAYMENT_FAILED));
    expect(log).toHaveBeenCalledWith(expect.any(String), apiError);
  });
});
