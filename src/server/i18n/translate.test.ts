import { describe, expect, it } from "vitest";
import { messages as mailEn } from "#shared/i18n/catalogs/en/mail.ts";
import type { MailKey } from "#shared/i18n/catalogs/areas.ts";
import { autoChargeConsentText } from "#shared/registrations.ts";
import { wordError } from "./error-language.ts";
import { LANGUAGES } from "#shared/language.ts";
import { translate, translatorFor } from "./translate.ts";

describe("the server's translator", () => {
  it("words a key with its values in each language", () => {
    expect(translate("en", "mail.cancelled.subject", { title: "Sunday 5-a-side" })).toBe("Cancelled: Sunday 5-a-side");
    expect(translate("fr", "mail.cancelled.subject", { title: "Sunday 5-a-side" })).toBe("Annulée : Sunday 5-a-side");
    expect(translatorFor("fr")("mail.common.detail", { label: "Quand", value: "sam. 6 déc." })).toBe("Quand : sam. 6 déc.");
  });

  it("chooses by a select's value and a plural's count, as the functions it replaced did", () => {
    expect(translate("en", "mail.promoted.intro", { title: "G", role: "goalkeeper" })).toBe("A spot opened up in G and it is yours: you are now on the Goalkeeper List.");
    expect(translate("fr", "mail.waitlist.full", { title: "G", role: "player", place: 3 })).toBe("La liste des joueurs de G est complète : vous êtes donc sur sa liste d’attente, au rang 3.");
    expect([0, 1, 2, 1000].map((count) => translate("en", "mail.changes.spots", { count }))).toEqual(["0 spots", "1 spot", "2 spots", "1000 spots"]);
    expect([0, 1, 2, 1000].map((count) => translate("fr", "mail.changes.spots", { count }))).toEqual(["0 place", "1 place", "2 places", "1000 places"]);
    // The new-game mail's English never had a singular.
    expect(translate("en", "mail.newEvent.spots", { count: 1 })).toBe("1 spots");
  });

  it("leaves a value as it was written, backslashes and ICU's own characters included", () => {
    const title = String.raw`Five\u0041side {x} 'q' # $&`;
    expect(translate("en", "mail.cancelled.subject", { title })).toBe(`Cancelled: ${title}`);
    expect(translate("fr", "mail.cancelled.organiserMessage", { message: String.raw`C:\x41` })).toBe(String.raw`Message de l’organisateur : C:\x41`);
  });

  it("words the payment dialog's consent in the mail as the dialog did", () => {
    expect(translate("en", "mail.waitlist.consent", { amount: "$10.00" })).toBe(`“${wordError(autoChargeConsentText("$10.00"), "en")}”`);
  });

  it("has every mail text in every language (a missing key would come back as the key)", () => {
    for (const language of LANGUAGES) {
      for (const key of Object.keys(mailEn) as MailKey[]) expect(translate(language, key, {}), `${language} ${key}`).not.toBe(key);
    }
  });
});
