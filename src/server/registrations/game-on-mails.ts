import { eq } from "drizzle-orm";
import { decisionAt } from "#shared/game-on.ts";
import type { Language } from "#shared/language.ts";
import { formatInZone } from "#shared/time-zone-name.ts";
import type { Db } from "#server/db/client.ts";
import { cardHold, type event, type registration } from "#server/db/schema.ts";
import type { translatorFor } from "#server/i18n/translate.ts";
import type { RegistrationMailJob } from "./jobs.ts";

type GameOnJob = Extract<RegistrationMailJob, { kind: "hold_placed" | "hold_released" | "hold_failed" | "game_on" }>;

/** What a game-on mail says: a spot's receipt (with the cancel policy of what it charged) or a plain notice. */
export type GameOnMailContent =
  | { shape: "spot"; key: string; subject: string; paragraphs: string[]; chargedCents: number }
  | { shape: "notice"; key: string; subject: string; paragraphs: string[] };

/**
 * The mails of a game-on game's holds (docs/game-on.md, "Mails"), in the reader's language: the hold
 * placed (or to be placed), let go when the spot is given up, failed, and captured at the decision.
 * The amounts are the hold row's and the capture's charge row's, which never change once written.
 */
export async function gameOnMailContent(
  db: Db,
  job: GameOnJob,
  facts: { reg: typeof registration.$inferSelect; game: typeof event.$inferSelect; language: Language; t: ReturnType<typeof translatorFor>; money: (cents: number) => string },
): Promise<GameOnMailContent | null> {
  const { reg, game, language, t, money } = facts;
  const [hold] = await db.select().from(cardHold).where(eq(cardHold.registrationId, reg.id));
  const held = hold?.amountCents ?? reg.amountCents;
  const decides = formatInZone(decisionAt(game), game.timeZone, language);
  const role = reg.role;
  switch (job.kind) {
    case "hold_placed": {
      const intro = job.promoted ? t("mail.promoted.intro", { title: game.title, role }) : t("mail.holdPlaced.intro", { title: game.title, role });
      const terms =
        hold?.status === "scheduled" && hold.placeAfter
          ? t("mail.holdPlaced.scheduled", { amount: money(held), from: formatInZone(hold.placeAfter, game.timeZone, language), min: game.gameOnMinPlayers ?? 0, decides })
          : t("mail.holdPlaced.held", { amount: money(held), min: game.gameOnMinPlayers ?? 0, decides });
      return {
        shape: "notice",
        key: `hold_placed.${reg.id}`,
        subject: t("mail.holdPlaced.subject", { title: game.title }),
        paragraphs: [intro, terms, t("mail.holdPlaced.giveUp", { decides })],
      };
    }
    case "hold_released":
      return {
        shape: "notice",
        key: `hold_released.${reg.id}`,
        subject: t("mail.holdReleased.subject", { title: game.title }),
        paragraphs: [t("mail.holdReleased.intro", { title: game.title, amount: money(held) })],
      };
    case "hold_failed":
      return {
        shape: "notice",
        key: `hold_failed.${reg.id}`,
        subject: t("mail.holdFailed.subject", { title: game.title }),
        paragraphs: [t("mail.holdFailed.intro", { title: game.title, amount: money(held) }), t("mail.promotionFailed.rejoin")],
      };
    case "game_on": {
      // What the capture took (the party's price at the decision, never more than held).
      const capture = hold?.captureCents ?? held;
      return {
        shape: "spot",
        key: `game_on.${reg.id}`,
        subject: t("mail.gameOn.subject", { title: game.title }),
        paragraphs: [t("mail.gameOn.intro", { title: game.title, players: job.players }), t("mail.gameOn.charged", { amount: money(capture) })],
        chargedCents: capture,
      };
    }
  }
}
