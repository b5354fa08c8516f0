import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { myStateBadge, type MyActiveRegistration } from "#shared/my-registrations.ts";
import { PlayersProgress } from "#web/features/events/components/players-progress.tsx";
import { myStateText } from "#web/features/events/my-state-text.ts";
import { timelineLabel } from "#web/features/events/timeline-label.ts";
import { AREAS } from "#shared/i18n/catalogs/areas.ts";
import { activateLanguage } from "./i18n.ts";

// The home screen in French (area "home").

const registration = (overrides: Partial<MyActiveRegistration>): MyActiveRegistration => ({
  eventId: "event-1",
  role: "player",
  status: "confirmed",
  waitlistPosition: null,
  ...overrides,
});

const badgeCases = [
  [],
  [registration({})],
  [registration({ role: "goalkeeper" })],
  [registration({ status: "pending_payment" })],
  [registration({ status: "waitlisted", waitlistPosition: 3 })],
  [registration({ status: "waitlisted" })],
];

describe("the home card's own-place badge in English", () => {
  it("says what the shared English wording says, for every state", () => {
    for (const mine of badgeCases) expect(myStateText(mine)).toBe(myStateBadge(mine));
  });
});

describe("the home area in French", () => {
  beforeAll(() => activateLanguage("fr", AREAS));
  afterAll(() => activateLanguage("en", AREAS));

  it("names the timeline's groups, months with a capital", () => {
    expect(timelineLabel("today")).toBe("Aujourd’hui");
    expect(timelineLabel("thisWeekend")).toBe("Cette fin de semaine");
    expect(timelineLabel("month:2027-03")).toBe("Mars 2027");
  });

  it("says the viewer's own place on a card", () => {
    expect(myStateText([registration({ role: "goalkeeper" })])).toBe("Vous êtes dans les buts");
    expect(myStateText([registration({ status: "waitlisted", waitlistPosition: 3 })])).toBe("Liste d’attente nº 3");
    expect(myStateText([])).toBeNull();
  });

  it("counts players in French, one covering zero", () => {
    const markup = renderToStaticMarkup(<PlayersProgress count={0} max={12} />);
    expect(markup).toContain('aria-label="Joueurs"');
    expect(markup).toContain(">0 joueur sur 12</p>");
    expect(renderToStaticMarkup(<PlayersProgress count={7} max={12} />)).toContain(">7 joueurs sur 12</p>");
  });
});
