import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_MU, DEFAULT_SIGMA, type TeamsCandidate } from "#shared/teams.ts";
import { goneText } from "#web/features/teams/member-label.ts";
import { TeamCard } from "./team-card.tsx";
import { TeamsDetails } from "./teams-details.tsx";

/**
 * The admin's team card with a +1 guest (docs/teams-and-ratings.md, "Guests"): named with their
 * player, "guest" where the games played would be; in people's words, the ratings and strengths
 * being behind the screen's disclosure (teams-details.tsx).
 */

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
  it("names the guest with their player and shows 'guest' where the games played would be; no rating or strength on the card", () => {
    const html = renderToStaticMarkup(
      <TeamCard name="Bibs" players={[sam, pia]} winChance={0.5} locks={{ g1: 0 }} selected={[]} onToggleLock={() => undefined} onToggleSelected={() => undefined} />,
    );
    const shown = text(html);
    expect(shown).toContain("|Pia Pitch|");
    expect(shown).toContain("|3 games|");
    expect(shown).toContain("|Sam (guest of Pia Pitch)|guest|");
    expect(shown).not.toContain("±");
    expect(shown).not.toContain("Strength");
    expect(shown).toContain("|Win chance 50%|");
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

describe("the numbers behind the teams", () => {
  it("are behind a disclosure: each team's strength and each player's rating ± its uncertainty", () => {
    const html = renderToStaticMarkup(<TeamsDetails teams={[["r1", "g1"]]} names={["Bibs"]} strengths={[pia.mu + sam.mu]} candidates={[pia, sam]} splits={{ splits: [], searched: 70, exhaustive: true, ms: 1.7 }} />);
    expect(html.startsWith("<details")).toBe(true);
    const shown = text(html);
    expect(shown).toContain("|How the teams were made|");
    expect(shown).toContain("|Best of 70 splits (every split searched) in 1.7 ms.|");
    expect(shown).toContain("Bibs · Strength 52.5");
    expect(shown).toContain("|Pia Pitch|27.5 ± 6.1|");
    expect(shown).toContain("|Sam (guest of Pia Pitch)|25.0 ± 8.3|");
  });
});
