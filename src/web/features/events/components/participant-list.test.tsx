import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SpotList, WaitList } from "./participant-list.tsx";

const pia = { userId: "pia", name: "Pia Pitch", guests: [{ id: "g1", name: "Sam" }, { id: "g2", name: "Alex Stone" }] };
const bo = { userId: "bo", name: "Bo" };
/** The rows' texts, in order. */
const rows = (html: string) => [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|").replace(/^\||\|$/g, ""));

describe("the participant lists with guests", () => {
  it("gives each guest a spot right after the player who brought them, then the open spots", () => {
    const html = renderToStaticMarkup(<SpotList participants={[pia, bo]} spots={6} openLabel={(number) => `Spot ${number} - Open`} currentUserId="bo" />);
    expect(rows(html)).toEqual(["1|Pia Pitch", "2|Sam (guest of Pia Pitch)", "3|Alex Stone (guest of Pia Pitch)", "4|Bo|(you)", "5|Spot 5 - Open", "6|Spot 6 - Open"]);
  });

  it("keeps a waitlisted party as one numbered place, its guests under the player", () => {
    const html = renderToStaticMarkup(<WaitList participants={[bo, pia]} emptyText="Nobody" />);
    expect(html.match(/aria-hidden="true"[^>]*>(\d+)</g)?.length).toBe(2);
    expect(html).toContain(">Sam (guest of Pia Pitch)<");
    expect(html).toContain(">Alex Stone (guest of Pia Pitch)<");
  });
});
