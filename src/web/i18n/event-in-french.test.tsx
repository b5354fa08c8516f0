import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FEE } from "#shared/money.ts";
import type { Receipt } from "#shared/registrations.ts";
import { cardSpokenName } from "#web/features/payments/card-format.ts";
import { CardName } from "#web/features/payments/components/card-name.tsx";
import { removedNotice } from "#web/features/payments/remove-card.ts";
import { paymentPolicy, spotDeadlineLine, waitlistPolicy } from "#web/features/registrations/cancel-policy.ts";
import { cancelSummary } from "#web/features/registrations/cancel-summary.ts";
import { ReceiptDetails } from "#web/features/registrations/components/receipt-details.tsx";
import { SpotList, WaitList } from "#web/features/events/components/participant-list.tsx";
import { fullText, joinLabel } from "#web/features/registrations/event-actions.ts";
import { guestRemovedNotice, guestRemoval, partyPriceText } from "#web/features/registrations/guests.ts";
import { opensText } from "#web/features/registrations/opens-text.ts";
import { at, HOUR, makeEvent, mine, NOW, people } from "#test/web-fixtures.ts";
import { viewerStatus } from "#web/features/registrations/viewer-status.ts";
import { AREAS } from "#shared/i18n/catalogs/areas.ts";
import { activateLanguage, t } from "./i18n.ts";
import { messageAround } from "./message-around.ts";

// Intl writes French amounts and times with no-break spaces ("10,00 $", "12 h 00"): compared as plain spaces.
const plain = (text: string | null | undefined) => text?.replace(/\s/g, " ");

const game = { startsAt: at(48 * HOUR), timeZone: "UTC" };
const policy = { game, priceCents: 1200, rule: DEFAULT_FEE, currency: "cad", now: NOW, viewerZone: "UTC" };
const visa = { brand: "visa", last4: "4242" };

describe("the event page's texts in French", () => {
  beforeAll(() => activateLanguage("fr", AREAS));
  afterAll(() => activateLanguage("en", AREAS));

  it("says the viewer's own state, places on the waitlist as ordinals", () => {
    const statusOf = (overrides: Parameters<typeof mine>[0]) =>
      viewerStatus({ event: makeEvent(), mine: [mine(overrides)], now: NOW, currency: "cad", viewerZone: "UTC" }).map((line) => ({
        headline: line.headline,
        detail: plain(line.detail),
      }));
    expect(statusOf({ role: "goalkeeper", amountCents: 500 })).toEqual([{ headline: "Vous êtes dans les buts", detail: "Vous avez payé 5,00 $." }]);
    expect(statusOf({ status: "waitlisted", waitlistPosition: 1 })[0]!.headline).toBe("Vous êtes 1er sur la liste d’attente des joueurs");
    expect(statusOf({ status: "waitlisted", role: "goalkeeper", waitlistPosition: 3, amountCents: 1000 })).toEqual([
      {
        headline: "Vous êtes 3e sur la liste d’attente des gardiens de but",
        detail: "Si une place se libère, votre carte enregistrée sera débitée automatiquement de 10,00 $.",
      },
    ]);
  });

  it("words the cancellation policy with French dates and money", () => {
    expect(plain(paymentPolicy(policy))).toBe("12,00 $ maintenant ; annulez au plus tard le sam. 2 mai, 12 h 00 pour récupérer 11,35 $.");
    expect(plain(waitlistPolicy({ ...policy, now: new Date(Date.parse(game.startsAt) - HOUR) }))).toMatch(/^La partie commence dans moins de 24 heures/);
    expect(plain(spotDeadlineLine({ ...policy, priceCents: 0 }))).toBe("Vous pouvez annuler jusqu’au sam. 2 mai, 12 h 00.");
  });

  it("sums up a cancellation", () => {
    expect(cancelSummary([mine({ amountCents: 1000 })], DEFAULT_FEE, "cad").lines.map(plain)).toEqual([
      "Votre place de joueur sera libérée.",
      "10,00 $ payé, 0,59 $ de frais de traitement, 9,41 $ remboursé",
    ]);
    expect(cancelSummary([mine({ status: "waitlisted" }), mine({ status: "waitlisted", role: "goalkeeper" })], DEFAULT_FEE, "cad").lines).toEqual([
      "Vous quitterez les deux listes d’attente. Rien n’a été débité, il n’y a donc rien à rembourser.",
    ]);
  });

  it("labels the join buttons of a full game", () => {
    const full = makeEvent({ players: people(10), playerWaitList: people(2, "waiting") });
    expect(joinLabel(full, "player")).toBe("S’inscrire à la liste d’attente (2 en attente)");
    expect(joinLabel(full, "goalkeeper")).toBe("S’inscrire comme gardien");
    expect(fullText(full, { player: true, goalkeeper: true })).toBe("Complet : toutes les places de joueur sont prises.");
  });

  it("says when a series' regulars, then everyone, can join", () => {
    const series = { registrationOpensAt: "2026-12-02T00:00:00Z", regularsOpenAt: "2026-12-01T00:00:00Z", timeZone: "America/Toronto" };
    expect(plain(opensText(series, new Date("2026-11-30T00:00:00Z")))).toBe(
      "Les habitués peuvent s’inscrire dès le lun. 30 nov., 19 h 00. Tout le monde peut s’inscrire dès le mar. 1 déc., 19 h 00.",
    );
    expect(plain(opensText(series, new Date("2026-12-01T12:00:00Z")))).toBe("Les habitués peuvent s’inscrire dès maintenant. Tout le monde peut s’inscrire dès le mar. 1 déc., 19 h 00.");
  });

  it("says guests' words: whose guest, the party's price, what removing one gives back", () => {
    const pia = { userId: "pia", name: "Pia Pitch", guests: [{ id: "g1", name: "Sam" }] };
    const spots = renderToStaticMarkup(<SpotList participants={[pia]} spots={3} openLabel={(number) => t("event.page.openSpot", { number })} />);
    expect(spots).toContain(">Sam (invité de Pia Pitch)<");
    expect(spots).toContain(">Place 3 - Libre<");
    expect(renderToStaticMarkup(<WaitList participants={[pia]} emptyText="" />)).toContain(">Sam (invité de Pia Pitch)<");
    expect(plain(partyPriceText(1000, 2, "cad"))).toBe("30,00 $ pour vous et 2 invités");
    expect(joinLabel(makeEvent(), "player", undefined, 1)).toBe("S’inscrire avec 1 invité");
    expect(guestRemoval(mine({ amountCents: 2000, guests: pia.guests }), pia.guests[0]!, DEFAULT_FEE, "cad").lines.map(plain)).toEqual([
      "La place de Sam sera libérée.",
      "10,00 $ payé pour cet invité, 0,59 $ de frais de traitement, 9,41 $ remboursé sur votre carte",
    ]);
    expect(plain(guestRemovedNotice("Sam", 941, "cad"))).toBe("Sam a été retiré. 9,41 $ est remboursé sur votre carte.");
    expect(cancelSummary([mine({ amountCents: 2000, guests: pia.guests })], DEFAULT_FEE, "cad").lines[2]).toBe("Votre invité perd aussi sa place.");
  });

  it("names cards and says what became of a removed one", () => {
    expect(cardSpokenName(visa)).toBe("Visa se terminant par 4242");
    expect(cardSpokenName({ brand: "", last4: "0000" })).toBe("Carte se terminant par 0000");
    expect(removedNotice(visa, { kind: "left", count: 2 })).toBe("La carte Visa se terminant par 4242 a été retirée et vous avez quitté ces listes d’attente.");
    expect(renderToStaticMarkup(<CardName card={visa} />)).toContain('<span class="sr-only">se terminant par</span>');
  });

  it("keeps an element inside a sentence where French puts it", () => {
    expect(messageAround("event.cardInUse.chargeOther", "card", { count: 2 })).toEqual(["Les facturer plutôt à ", ""]);
    expect(messageAround("event.confirmation.detailsFailed", "link")).toEqual(["Impossible d’afficher les détails de ce paiement. Vos parties sont dans ", "."]);
  });

  it("renders the receipt of a free spot", () => {
    const receipt: Receipt = {
      event: { id: "event-1", title: "Soccer du vendredi", startsAt: game.startsAt, endsAt: at(50 * HOUR), timeZone: "UTC", locationName: "Parc Jarry", field: null },
      role: "goalkeeper",
      status: "confirmed",
      paidCents: 0,
      priceCents: 0,
      card: null,
      paidAt: null,
      guests: [],
    };
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <ReceiptDetails receipt={receipt} />
      </QueryClientProvider>,
    );
    for (const text of ["Partie", "Rôle", "Gardien de but", "Lieu", "Montant", "Gratuit"]) expect(html).toContain(`>${text}</`);
    expect(html).not.toContain("Vos invités");
    const party = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <ReceiptDetails receipt={{ ...receipt, role: "player", guests: ["Sam", "Alex Stone"] }} />
      </QueryClientProvider>,
    );
    expect(party).toContain(">Vos invités</");
    expect(party).toContain(">Sam, Alex Stone</");
  });
});

describe("the event page's English, reworded as messages", () => {
  it("stays the original product's text where plurals and elements moved into messages", () => {
    expect(t("event.cancelEvent.refunds", { count: 1, amount: "$10.00" })).toBe("1 person will be refunded $10.00 in all, each in full.");
    expect(t("event.cancelEvent.emailed", { count: 3 })).toBe("3 people registered are emailed.");
    expect(t("event.cancelledGame.total", { count: 2, amount: "$20.00" })).toBe("2 people were refunded $20.00 in all.");
    expect(t("event.cardInUse.noOtherCard", { count: 1 })).toBe("You have no other saved card. Keep this one to keep your place, or leave that waitlist.");
    expect(messageAround("event.cardInUse.chargeOther", "card", { count: 1 })).toEqual(["Charge it to ", " instead"]);
    expect(messageAround("event.confirmation.detailsFailed", "link")).toEqual(["The details of this payment could not be shown. Your games are in ", "."]);
  });
});
