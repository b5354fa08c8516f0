import { afterAll, describe, expect, it } from "vitest";
import { formatDate, formatDuration, formatGoalkeepers, formatPrice } from "#web/features/events/format.ts";
import { formatCents } from "./format-money.ts";
import { AREAS } from "#shared/i18n/catalogs/areas.ts";
import { activateLanguage, t } from "./i18n.ts";
import { sharedMessage } from "./shared-message.ts";
import { PAYMENT_FAILED } from "#shared/registrations.ts";
import { GUEST_NAME_TOO_LONG } from "#shared/guests.ts";
import { errorText } from "#shared/i18n/error-key.ts";
import { minimumPriceMessage } from "#shared/events.ts";

describe("the active language", () => {
  afterAll(() => activateLanguage("en", AREAS));

  it("speaks English by default and French once chosen, numbers and money included", async () => {
    await activateLanguage("en");
    expect(formatPrice(0, "cad")).toBe("Free");
    expect(formatCents(1000, "cad")).toBe("$10.00");
    expect(formatDuration(90)).toBe("1 hour 30 minutes");
    expect(formatGoalkeepers({ includeGoalkeepers: true, maxGoalkeepers: 2, goalkeeperCostCents: 0 }, "cad")).toBe("2 goalkeepers, Free");

    const saturdayEvening = "2025-12-07T00:00:00Z"; // 19:00 on Saturday 6 December in Toronto
    const short = { timeZone: "America/Toronto", weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true } as const;
    expect(formatDate(saturdayEvening, short)).toBe("Sat, Dec 6, 7:00 PM");

    await activateLanguage("fr");
    expect(formatDate(saturdayEvening, short).replace(/\s/g, " ")).toBe("sam. 6 déc., 19 h 00");
    // The hours and the day are bound by no-break spaces: a narrow screen never ends a line at "19 h" or "6".
    expect(formatDate(saturdayEvening, short)).toBe("sam. 6\u00a0déc., 19\u00a0h\u00a000");
    expect(formatDate(saturdayEvening, { timeZone: "America/Toronto", month: "long", day: "numeric", year: "numeric" })).toBe("6\u00a0décembre 2025");
    expect(formatDate(saturdayEvening, { ...short, weekday: undefined, month: undefined, day: undefined })).toBe("19\u00a0h\u00a000");
    expect(t("shell.footer.privacy")).toBe("Politique de confidentialité");
    expect(formatPrice(0, "cad")).toBe("Gratuit");
    expect(formatCents(1000, "cad").replace(/\s/g, " ")).toBe("10,00 $");
    expect(formatCents(1250, "eur").replace(/\s/g, " ")).toBe("12,50 €");
    expect(formatDuration(61)).toBe("1 heure 1 minute");
    expect(formatGoalkeepers({ includeGoalkeepers: true, maxGoalkeepers: 1, goalkeeperCostCents: 500 }, "cad").replace(/\s/g, " ")).toBe(
      "1 gardien de but, 5,00 $",
    );
  });

  it("words the messages written in src/shared from the \"shared\" area, once a screen asked for it", async () => {
    await activateLanguage("fr", ["shell", "shared"]);
    expect(sharedMessage(PAYMENT_FAILED)).toBe("Le paiement a échoué. Veuillez réessayer.");
    // A key with values (a zod message), an amount in the reader's language, a plural, a text that is no key.
    expect(sharedMessage(GUEST_NAME_TOO_LONG)).toBe("Le nom d’un invité doit compter au plus 40 caractères.");
    expect(sharedMessage(minimumPriceMessage("eur"))).toBe("Le prix doit être gratuit ou d’au moins 0,50 €.");
    expect(sharedMessage(errorText("shared.guests.tooMany", { max: 1 }))).toBe("Vous pouvez amener au plus 1 invité à cette partie.");
    expect(sharedMessage(errorText("shared.guests.tooMany", { max: 0 }))).toBe("Vous pouvez amener au plus 0 invités à cette partie.");
    expect(sharedMessage("A text that is no key.")).toBe("A text that is no key.");
    await activateLanguage("en", ["shell", "shared"]);
    expect(sharedMessage(PAYMENT_FAILED)).toBe("Payment failed. Please try again.");
    expect(sharedMessage(minimumPriceMessage("cad"))).toBe("The price must be free or at least $0.50.");
    expect(sharedMessage(errorText("shared.guests.tooMany", { max: 3 }))).toBe("You can bring at most 3 guests to this game.");
  });
});
