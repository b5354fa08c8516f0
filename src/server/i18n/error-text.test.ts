import { describe, expect, it } from "vitest";
import type { ErrorKey } from "#shared/i18n/catalogs/areas.ts";
import { messages as errorsEn } from "#shared/i18n/catalogs/en/errors.ts";
import { errorKey, errorText } from "#shared/i18n/error-key.ts";
import { LANGUAGES } from "#shared/language.ts";
import { AppError, validationError } from "#server/http/errors.ts";
import { z } from "zod";
import { wordError } from "./error-language.ts";

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
});
