import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { YourPart } from "#shared/events.ts";
import { describeYourPart } from "#web/features/events/your-event-part.ts";
import { AREAS } from "#shared/i18n/catalogs/areas.ts";
import { activateLanguage } from "./i18n.ts";

// Your Events in French (area "yours"). Intl puts no-break spaces in French money; they are read as
// plain spaces here.
const plain = (text: string) => text.replace(/\s/g, " ");

const part = (overrides: Partial<YourPart>): YourPart => ({
  role: "player",
  participation: "playing",
  priceCents: 1000,
  paidCents: 0,
  refundedCents: null,
  waitlistPosition: null,
  ...overrides,
});

describe("Your Events in French", () => {
  beforeAll(() => activateLanguage("fr", AREAS));
  afterAll(() => activateLanguage("en", AREAS));

  it("describes the viewer's registrations: role, money, waitlist place", () => {
    expect(plain(describeYourPart(part({ paidCents: 1000 }), "cad"))).toBe("Joueur · Payé 10,00 $");
    expect(describeYourPart(part({ priceCents: 0 }), "cad")).toBe("Joueur · Gratuit");
    expect(describeYourPart(part({ participation: "waitlisted", role: "goalkeeper", waitlistPosition: 2 }), "cad")).toBe(
      "Gardien de but en liste d’attente (nº 2) · Rien n’a encore été facturé",
    );
    expect(plain(describeYourPart(part({ participation: "closed_by_cancel", paidCents: 1000, refundedCents: 1000 }), "cad"))).toBe(
      "Joueur · Annulée · Payé 10,00 $ · Remboursé 10,00 $",
    );
  });
});
