import { describe, expect, it } from "vitest";
import type { ErrorKey } from "#shared/i18n/catalogs/areas.ts";
import { messages as errorsEn } from "#shared/i18n/catalogs/en/errors.ts";
import { errorKey, errorText } from "#shared/i18n/error-key.ts";
import { LANGUAGES } from "#shared/language.ts";
import { AppError, validationError } from "#server/http/errors.ts";
import { z } from "zod";
import { messages as sharedEn } from "#shared/i18n/catalogs/en/shared.ts";
import type { SharedKey } from "#shared/i18n/catalogs/areas.ts";
import { minimumPriceMessage } from "#shared/events.ts";
import { GUEST_NAME_TOO_LONG, tooManyGuests } from "#shared/guests.ts";
import { declineText, storedReasonIn } from "#server/money/processors/decline-text.ts";
import { RateLimitedError } from "#server/http/errors.ts";
import { messageOfText, wordError } from "./error-language.ts";

/** API errors by key (the "errors" area): worded in each language, English kept for the logs. */
describe("an API error by key", () => {
  it("is worded in the language asked for, with its values", () => {
    expect(wordError(errorText("errors.request.notFound"), "en")).toBe("Not found.");
    expect(wordError(errorText("errors.request.notFound"), "fr")).toBe("Introuvable.");
    expect(wordError(errorText("errors.request.tooDeep", { levels: "32" }), "en")).toBe("The request body is nested too deeply (more than 32 levels).");
    expect(wordError(errorText("errors.request.tooDeep", { levels: "32" }), "fr")).toBe("Le corps de la requête est trop imbriqué (plus de 32 niveaux).");
    expect(wordError(errorText("errors.teams.listedTwice", { id: String.raw`a\u0041{b}` }), "fr")).toBe(String.raw`Le joueur a\u0041{b} figure deux fois.`);
  });

  it("keeps its English in Error.message and fields, and its key for the answer", () => {
    const error = new AppError("validation", errorText("errors.event.validDate"), { date: errorText("errors.event.validDate") });
    expect(error.message).toBe("Enter a valid date");
    expect(error.fields).toEqual({ date: "Enter a valid date" });
    expect(error.text).toEqual({ key: "errors.event.validDate" });
  });

  it("takes a zod schema's message given as a key", () => {
    const parsed = z.object({ q: z.string().min(2, errorKey("errors.places.tooShort")) }).safeParse({ q: "a" });
    const error = validationError(parsed.error!);
    expect(error.message).toBe("Type at least 2 characters to search for a place.");
    expect(wordError(error.fieldTexts!.q!, "fr")).toBe("Tapez au moins 2 caractères pour chercher un lieu.");
  });

  it("has every error text in every language (a missing key would come back as the key)", () => {
    for (const language of LANGUAGES) {
      for (const key of Object.keys(errorsEn) as ErrorKey[]) expect(wordError(errorText(key, {}), language), `${language} ${key}`).not.toBe(key);
    }
  });

  it("has every shared text in every language", () => {
    for (const language of LANGUAGES) {
      for (const key of Object.keys(sharedEn) as SharedKey[]) expect(wordError({ key, values: { max: 2, min: 1, days: 3, amount: "x", price: "x", label: "title", list: "Player", team: "bibs", number: 1, minutes: 1 } }, language), `${language} ${key}`).not.toBe(key);
    }
  });
});

/** The messages written in src/shared (the "shared" area), as zod and the rules give them. */
describe("a message of src/shared", () => {
  it("is read back from a zod message, with its values, an amount in the request's language", () => {
    expect(wordError(messageOfText(GUEST_NAME_TOO_LONG), "fr")).toBe("Le nom d’un invité doit compter au plus 40 caractères.");
    expect(wordError(messageOfText(minimumPriceMessage("eur")), "en")).toBe("The price must be free or at least €0.50.");
    expect(wordError(messageOfText(minimumPriceMessage("cad")), "fr")).toBe("Le prix doit être gratuit ou d’au moins 0,50 $.");
    // Not a key (zod's own message), or a key that does not exist: the text as it is.
    expect(wordError(messageOfText("Invalid input: expected string"), "fr")).toBe("Invalid input: expected string");
    expect(wordError(messageOfText("shared.no.such.key"), "fr")).toBe("shared.no.such.key");
  });

  it("chooses by plural and select as the English and French always did", () => {
    expect([1, 2, 0].map((max) => wordError(tooManyGuests(max), "en"))).toEqual([
      "You can bring at most 1 guest to this game.",
      "You can bring at most 2 guests to this game.",
      "You can bring at most 0 guests to this game.",
    ]);
    expect(wordError(tooManyGuests(0), "fr")).toBe("Vous pouvez amener au plus 0 invités à cette partie.");
    expect([1, 15].map((minutes) => new RateLimitedError(minutes * 60).message)).toEqual([
      "Too many attempts. Please try again in 1 minute.",
      "Too many attempts. Please try again in 15 minutes.",
    ]);
    expect(wordError(new RateLimitedError(60).text, "fr")).toBe("Trop de tentatives. Veuillez réessayer dans 1 minute.");
    expect(wordError(errorText("errors.registration.alreadyOnWaitlist", { list: "Goalkeeper" }), "fr")).toBe("Vous êtes déjà sur la liste d’attente des gardiens de but.");
    expect(wordError(errorText("errors.registration.priceChanged", { price: { cents: 123450, currency: "eur" } }), "fr")).toBe(
      "Le prix de cette partie est passé à 1 234,50 €. Vérifiez-le et réessayez.",
    );
  });
});

/** The card processor's refusals, by their code (money/processors/decline-text.ts). */
describe("a card refusal", () => {
  it("is worded by its code, and an unknown code keeps the processor's text", () => {
    expect(wordError(declineText("insufficient_funds", "Your card has insufficient funds."), "fr")).toBe("Les fonds de votre carte sont insuffisants.");
    expect(wordError(declineText("lost_card", "Your card was declined."), "fr")).toBe("Votre carte a été refusée.");
    expect(wordError(declineText("some_new_code", "A reason Stripe added."), "fr")).toBe("A reason Stripe added.");
  });

  it("is quoted from the ledger in the reader's language, or as stored when it is no known text", () => {
    expect(storedReasonIn("Your card was declined.", "fr")).toBe("Votre carte a été refusée.");
    expect(storedReasonIn("Not charged: the spot was released first.", "fr")).toBe("Non débité : la place avait déjà été libérée.");
    expect(storedReasonIn("A reason Stripe added.", "fr")).toBe("A reason Stripe added.");
  });
});
