import { describe, expect, it } from "vitest";
import type { EventSummary } from "#shared/events.ts";
import { LANGUAGES } from "#shared/language.ts";
import { ogCardFacts } from "./og-card-facts.ts";
import { OG_TEXTS } from "./og-texts.ts";
import { SAMPLE_GAME, SAMPLE_NOW } from "#test/sample-game.ts";

const summary = SAMPLE_GAME;
const now = SAMPLE_NOW;
/** Intl's no-break spaces, as plain ones: the words are what is checked here. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const facts = (overrides: Partial<EventSummary>, language: "en" | "fr", currency = "cad") => ogCardFacts({ ...summary, ...overrides }, { language, currency, now });

describe("ogCardFacts", () => {
  it("says when, in the game's zone, and the price, as players in Quebec write them", () => {
    const fr = facts({}, "fr");
    expect(plain(fr.when)).toBe("sam. 6 déc., 19 h 00");
    expect(plain(fr.price)).toBe("10,00 $");
    expect(fr.availability).toBe("3 places restantes");
    expect(facts({ playersCount: 13 }, "fr").availability).toBe("1 place restante");
    expect(facts({ costCents: 0 }, "fr").price).toBe("Gratuit");
  });

  it("says the same in English, as the rest of the app writes dates", () => {
    const en = facts({}, "en");
    expect(plain(en.when)).toBe("Sat, Dec 6, 7:00 PM");
    expect(en.price).toBe("$10.00");
    expect(en.availability).toBe("3 spots left");
    expect(facts({ playersCount: 13 }, "en").availability).toBe("1 spot left");
    expect(plain(facts({ timeZone: "Europe/Paris" }, "en").when)).toBe("Sun, Dec 7, 1:00 AM");
  });

  it("uses the configured currency", () => {
    expect(plain(facts({}, "fr", "eur").price)).toBe("10,00 €");
    expect(facts({}, "en", "gbp").price).toBe("£10.00");
  });

  it("says full, cancelled or over before counting spots", () => {
    expect(facts({ playersCount: 14 }, "en")).toMatchObject({ availability: "Full — waitlist open", tone: "full" });
    expect(facts({ playersCount: 14 }, "fr")).toMatchObject({ availability: "Complet — liste d'attente ouverte", tone: "full" });
    expect(facts({ status: "cancelled", playersCount: 14 }, "fr")).toMatchObject({ availability: "Annulé", tone: "closed" });
    expect(facts({ status: "cancelled" }, "en")).toMatchObject({ availability: "Cancelled", tone: "closed" });
    expect(facts({ endsAt: "2031-11-30T00:00:00.000Z" }, "en")).toMatchObject({ availability: "Game over", tone: "closed" });
    expect(facts({}, "en").tone).toBe("open");
  });

  it("describes the picture in its alt text", () => {
    expect(plain(facts({}, "fr").alt)).toBe("Partie « Soccer du samedi » : sam. 6 déc., 19 h 00, à Parc Jarry. 10,00 $. 3 places restantes.");
    expect(plain(facts({}, "en").alt)).toBe("Pick-up game “Soccer du samedi”: Sat, Dec 6, 7:00 PM, at Parc Jarry. $10.00. 3 spots left.");
  });

  it("has every text in every language", () => {
    for (const language of LANGUAGES) expect(Object.keys(OG_TEXTS[language]).sort()).toEqual(Object.keys(OG_TEXTS.en).sort());
  });
});
