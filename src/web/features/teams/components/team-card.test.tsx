import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_MU, DEFAULT_SIGMA, type TeamsCandidate } from "#shared/teams.ts";
import { goneText } from "#web/features/teams/member-label.ts";
import { TeamCard } from "./team-card.tsx";

/** The admin's team card with a +1 guest (docs/teams-and-ratings.md, "Guests"): named with their player, "guest" where a rating would be. */

const pia: TeamsCandidate = { memberId: "r1", name: "Pia Pitch", guestOf: null, role: "player", checkedIn: true, mu: 27.5, sigma: 6.1, games: 3, stars: null, rated: true };
const sam: TeamsCandidate = {
  memberId: "g1",
  name: "Sam",
  guestOf: { registrationId: "r1", name: "Pia Pitch" },
  role: "player",
  checkedIn: true,
  mu: DEFAULT_MU,
  sigma: DEFAULT_SIGMA,
  games: 0,
  stars: null,
  rated: false,
};

const text = (html: string) => html.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");

describe("a team card with a guest", () => {
  it("names the guest with their player and shows 'guest' instead of a rating, the strength counting their default mu", () => {
    const html = renderToStaticMarkup(
      <TeamCard name="Bibs" players={[sam, pia]} strength={pia.mu + sam.mu} winChance={0.5} locks={{ g1: 0 }} selected={[]} onToggleLock={() => undefined} onToggleSelected={() => undefined} />,
    );
    const shown = text(html);
    expect(shown).toContain("|Pia Pitch|");
    expect(shown).toContain("|27.5 ± 6.1 · 3 games|");
    expect(shown).toContain("|Sam (guest of Pia Pitch)|guest|");
    // One rating line with ±: the player's; the guest has none.
    expect(shown.match(/±/g)).toHaveLength(1);
    expect(shown).toContain("Strength 52.5");
    expect(html).toContain('aria-label="Lock Sam (guest of Pia Pitch)"');
  });

  it("says why someone in the saved teams no longer plays", () => {
    expect(goneText({ memberId: "g1", name: "Sam", guestOf: sam.guestOf, reason: "guest_removed" })).toBe("Sam (guest of Pia Pitch) was removed from the party.");
    expect(goneText({ memberId: "g1", name: "Sam", guestOf: sam.guestOf, reason: "not_confirmed" })).toBe(
      "Sam (guest of Pia Pitch): the player who brought them no longer has a confirmed spot.",
    );
    expect(goneText({ memberId: "g1", name: "Sam", guestOf: sam.guestOf, reason: "not_checked_in" })).toBe("Sam (guest of Pia Pitch): the player who brought them is not checked in.");
    expect(goneText({ memberId: "r1", name: "Pia Pitch", guestOf: null, reason: "not_checked_in" })).toBe("Pia Pitch is not checked in.");
    expect(goneText({ memberId: "r1", name: "Pia Pitch", guestOf: null, reason: "not_confirmed" })).toBe("Pia Pitch no longer has a confirmed spot.");
  });
});
