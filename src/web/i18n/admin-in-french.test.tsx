import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { GameRoster } from "#shared/console.ts";
import { ALL_FIELDS_REQUIRED } from "#shared/events.ts";
import { RosterTables } from "#web/features/console/components/roster-tables.tsx";
import { attendanceWord, count, percent, statusWord } from "#web/features/console/figures.ts";
import { checkCreateEvent, formOfEvent, initialFormState, priceInputOf, initialLocation, missingFieldsMessage } from "#web/features/events/create-event-form.ts";
import { parseMapLocation } from "#web/features/events/map-link.ts";
import { makeEvent } from "#test/web-fixtures.ts";
import { SeriesGames } from "#web/features/series/components/series-games.tsx";
import { regularsText } from "#web/features/series/series-text.ts";
import { swapRefusal } from "#web/features/teams/draft.ts";
import { goneText, memberLabel } from "#web/features/teams/member-label.ts";
import { AREAS } from "#shared/i18n/catalogs/areas.ts";
import { activateLanguage, t } from "./i18n.ts";
import { messageAround } from "./message-around.ts";
import { sharedMessage } from "./shared-message.ts";

// French spaces: Intl writes no-break spaces (before "%", "$", in "1 200"); the texts are compared with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const roster: GameRoster = {
  event: { id: "e1", title: "Jeudi soir", startsAt: "2026-12-03T23:00:00Z", timeZone: "America/Toronto", status: "active", maxPlayers: 10, maxGoalkeepers: 0 },
  currency: "cad",
  roster: [
    {
      registrationId: "r1",
      name: "Léa Tremblay",
      partySize: 2,
      role: "player",
      status: "confirmed",
      joinedAt: "2026-11-20T15:00:00Z",
      promoted: true,
      paidCents: 1000,
      feeCents: 59,
      refundCents: 0,
      refundStatus: null,
      card: null,
      checkedIn: true,
      noShow: false,
      noShows90Days: 0,
    },
    {
      registrationId: "r1",
      name: "Sam",
      guest: { id: "g1", of: "Léa Tremblay", removed: false },
      partySize: 2,
      role: "player",
      status: "confirmed",
      joinedAt: "2026-11-20T15:00:00Z",
      promoted: true,
      paidCents: 1000,
      feeCents: 0,
      refundCents: 0,
      refundStatus: null,
      card: null,
      checkedIn: true,
      noShow: false,
      noShows90Days: 0,
    },
  ],
  held: { players: 2, goalkeepers: 0 },
  waitlists: { player: [], goalkeeper: [] },
  totals: { paidCents: 2000, feeCents: 59, refundCents: 0, netCents: 1941 },
};

describe("the organiser's screens in French", () => {
  beforeAll(() => activateLanguage("fr", AREAS));
  afterAll(() => activateLanguage("en", AREAS));

  it("words the console's figures, with French numbers", () => {
    expect(plain(count(1200))).toBe("1 200");
    expect(plain(percent(3, 4)!)).toBe("75 %");
    expect(statusWord("waitlisted")).toBe("En liste d’attente");
    expect(attendanceWord({ checkedIn: false, noShow: true })).toBe("Absent");
    expect(plain(t("admin.figures.charges", { count: 1200 }))).toBe("Sur 1 200 paiements");
    expect(t("admin.figures.charges", { count: 1 })).toBe("Sur 1 paiement");
    expect(t("admin.noShows.marked", { count: 0 })).toBe("0 personne marquée absente.");
  });

  it("renders a game's roster in French", () => {
    const html = plain(renderToStaticMarkup(<RosterTables roster={roster} />));
    for (const text of ["Liste des inscrits", "De la liste d’attente", "Oui", "Confirmé", "Présent", "Totaux", "Frais de traitement", "19,41 $", "Sam (invité de Léa Tremblay)", "Aucun joueur sur la liste d’attente."]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("Processing fees");
  });

  it("says what is wrong with the game's form in French", () => {
    // "All fields are required" is the shared schema's, translated by sharedMessage().
    expect(missingFieldsMessage(["title", "cost"])).toBe(`${sharedMessage(ALL_FIELDS_REQUIRED)}. Manquant : Titre, Prix.`);
    const checked = checkCreateEvent(initialFormState, initialLocation, { timeZone: "America/Toronto", now: new Date("2026-12-01T12:00:00Z"), currency: "cad" });
    expect(checked).toMatchObject({
      ok: false,
      message: expect.stringContaining("Manquant : Titre, Date, Heure de la partie, Lieu de la partie, Prix, Nombre maximal de joueurs."),
    });
    expect(parseMapLocation("https://maps.app.goo.gl/abc")).toEqual({
      ok: false,
      message: "Les liens courts ne peuvent pas être lus ici. Collez le lien complet ou les coordonnées.",
    });
  });

  it("writes and reads a price with a decimal comma on the game's form", () => {
    const game = makeEvent({ costCents: 1250, includeGoalkeepers: true, goalkeeperCostCents: 500 });
    expect(formOfEvent(game).form).toMatchObject({ cost: "12,50", goalkeeperCost: "5,00" });
    expect(priceInputOf(0)).toBe("0,00");
    expect(priceInputOf(123456)).toBe("1234,56");
    const form = { ...formOfEvent(game).form, date: "2026-12-10", time: "19:00" };
    const checked = checkCreateEvent(form, formOfEvent(game).location, { timeZone: "America/Toronto", now: new Date("2026-12-01T12:00:00Z"), currency: "cad" });
    expect(checked).toMatchObject({ ok: true, input: { cost: "12,50", goalkeeperCost: "5,00" } });
  });

  it("says a series' Regulars first rule in French", () => {
    expect(plain(regularsText({ regulars: { windowMinutes: 24 * 60, minGames: 3, ofLast: 4, maxPercent: 70 } }))).toBe(
      "Les joueurs qui ont eu une place dans 3 des 4 dernières parties peuvent s’inscrire 24 heures avant tout le monde, pour au plus 70 % des places.",
    );
    expect(plain(regularsText({ regulars: { windowMinutes: 60, minGames: 1, ofLast: 1, maxPercent: 100 } }))).toBe(
      "Les joueurs qui ont eu une place dans la dernière partie peuvent s’inscrire 1 heure avant tout le monde, pour au plus 100 % des places.",
    );
    expect(regularsText({ regulars: null })).toBe("Aucune avance pour les habitués.");
  });

  it("lists a series' games in French: the 24-hour clock, never broken at the end of a line, and 0 or 1 player in the singular", () => {
    // 19:00 on Sunday 6 December in Toronto; regulars from 19:00 the Sunday before, everyone from the Monday.
    const game = (id: string, playersCount: number) =>
      makeEvent({
        id,
        startsAt: "2026-12-07T00:00:00Z",
        endsAt: "2026-12-07T01:30:00Z",
        timeZone: "America/Toronto",
        seriesId: "series-1",
        registrationOpensAt: "2026-12-01T00:00:00Z",
        regularsOpenAt: "2026-11-30T00:00:00Z",
        maxPlayers: 12,
        playersCount,
      });
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <SeriesGames games={[game("a", 0), game("b", 1), game("c", 2)]} now={new Date("2026-11-26T16:00:00Z")} />
      </MemoryRouter>,
    );
    // Bound by no-break spaces, as formatDate writes French: "19 h 00", "6 déc.".
    const hour = "19\u00a0h\u00a000";
    expect(html).toContain(`>dim. 6\u00a0déc. 2026, ${hour}</a>`);
    for (const players of ["0 joueur sur 12", "1 joueur sur 12", "2 joueurs sur 12"]) {
      expect(html).toContain(`>Habitués dès le dim. 29\u00a0nov., ${hour} · Inscriptions dès le lun. 30\u00a0nov., ${hour} · ${players}</span>`);
    }
  });

  it("words the teams' and check-in's messages in French", () => {
    const draft = { teams: [["a", "b"], ["c", "d"]], locks: {} };
    const candidates = ["a", "b", "c", "d"].map((id) => ({ memberId: id, name: id, guestOf: null, role: "player" as const, checkedIn: true, mu: 25, sigma: 8, games: 0, stars: null, rated: true }));
    expect(swapRefusal(draft, candidates, "a", "b")).toBe("Choisissez deux joueurs d’équipes différentes.");
    const host = { registrationId: "a", name: "Léa Tremblay" };
    expect(memberLabel({ name: "Sam", guestOf: host })).toBe("Sam (invité de Léa Tremblay)");
    expect(goneText({ memberId: "g", name: "Sam", guestOf: host, reason: "guest_removed" })).toBe("Sam (invité de Léa Tremblay) a été retiré du groupe.");
    expect(t("admin.team.guest")).toBe("invité");
    expect(t("admin.checkIn.count", { checkedIn: 1, expected: 12 })).toBe("1 présent sur 12");
    expect(t("admin.checkIn.unsavedOffline", { count: 2 })).toMatch(/^2 touches pas encore enregistrées\. Vous êtes hors ligne/);
    expect(messageAround("admin.console.showing", "range", { zone: "heure de l’Est" })).toEqual(["Période : ", " (heure de l’Est)"]);
  });
});

describe("the organiser's screens in English", () => {
  it("keep the original product's words, counts with their nouns included", () => {
    expect(t("admin.figures.charges", { count: 1 })).toBe("From 1 charge");
    expect(t("admin.figures.charges", { count: 1200 })).toBe("From 1,200 charges");
    expect(t("admin.edit.updatedNotified", { count: 1 })).toBe("Game updated. 1 person was emailed the changes.");
    expect(messageAround("admin.team.select", "name")).toEqual(["Select ", ""]);
    expect(t("admin.heldOf", { held: 3, max: 10 })).toBe("3 of 10");
    expect(formOfEvent(makeEvent({ costCents: 1250 })).form.cost).toBe("12.50");
    expect(t("admin.series.playersCount", { count: 0, max: 12 })).toBe("0 of 12 players");
    expect(t("admin.series.playersCount", { count: 1, max: 12 })).toBe("1 of 12 players");
    expect(regularsText({ regulars: { windowMinutes: 24 * 60, minGames: 3, ofLast: 4, maxPercent: 70 } })).toBe(
      "Players who held a spot in 3 of the last 4 games can join 24 hours before everyone, for up to 70% of the spots.",
    );
    expect(regularsText({ regulars: { windowMinutes: 60, minGames: 1, ofLast: 1, maxPercent: 10 } })).toBe(
      "Players who held a spot in the last game can join 1 hour before everyone, for up to 10% of the spots.",
    );
    expect(regularsText({ regulars: null })).toBe("No head start for regulars.");
  });
});
