import { and, eq, exists, inArray, isNull, lt, or } from "drizzle-orm";
import { formatCents } from "#shared/money.ts";
import { ACTIVE_STATUSES, cardLabel, priceFor, type RegistrationRole } from "#shared/registrations.ts";
import { formatInZone } from "#shared/time-zone-name.ts";
import type { Language } from "#shared/language.ts";
import type { Tx } from "#server/db/client.ts";
import { registration, spotWatch, user } from "#server/db/schema.ts";
import { translate } from "#server/i18n/translate.ts";
import { mailLanguage } from "#server/mail/mail-language.ts";
import { customerColumn } from "#server/money/customers.ts";
import type { PushChannels } from "#server/push/channel.ts";
import { queuePush } from "#server/push/queue-push.ts";
import type { PushMessage } from "#server/push/sender.ts";
import { nowOf, type RegistrationDeps } from "./deps.ts";
import { freeRoles, readGame, type WatchedGame } from "./spot-watch.ts";

/** The queue of "a spot opened in this game" (workers.ts): one job per opening, queued in the release's transaction. */
export const SPOT_OPENED_QUEUE = "spot-opened";

export interface SpotOpenedJob {
  eventId: string;
}

/** Spots freed within this long of the last push are told once (a party leaving frees several at once). */
export const TOLD_AGAIN_AFTER_MS = 60_000;

/** Whether anyone asked to be told of a spot in this game: only then is an opening queued (promote-next.ts). */
export async function hasSpotWatchers(tx: Tx, eventId: string): Promise<boolean> {
  const [row] = await tx.db.select({ userId: spotWatch.userId }).from(spotWatch).where(eq(spotWatch.eventId, eventId)).limit(1);
  return row !== undefined;
}

type SpotDeps = RegistrationDeps & { push?: PushChannels };

/**
 * "Tell me if a spot opens" (docs/notifications.md, "A freed spot"): once a spot is free and no one
 * waits for it, each person who asked (and is not on the game's lists by now) is pushed the news with
 * "Take it — $10.00 with Visa •••• 4242", the join with their saved card that the tap consents to.
 * Each watch is claimed by setting its `notifiedAt` before its push is queued, so two jobs for one
 * opening push once; watches of people who joined meanwhile are dropped. Returns the people told.
 */
export async function tellSpotWatchers(deps: SpotDeps, eventId: string): Promise<number> {
  if (!deps.push) return 0;
  const { db } = deps.database;
  const game = await readGame(db, eventId).catch(() => null);
  const now = nowOf(deps);
  if (!game || game.status === "cancelled" || game.startsAt.getTime() <= now.getTime()) return 0;
  if (game.registrationOpensAt && game.registrationOpensAt.getTime() > now.getTime()) return 0;
  const [role] = await freeRoles(db, game);
  if (!role) return 0;

  const onTheLists = exists(
    db
      .select({ id: registration.id })
      .from(registration)
      .where(and(eq(registration.eventId, eventId), eq(registration.userId, spotWatch.userId), inArray(registration.status, [...ACTIVE_STATUSES]))),
  );
  await db.delete(spotWatch).where(and(eq(spotWatch.eventId, eventId), onTheLists));
  const claimed = await db
    .update(spotWatch)
    .set({ notifiedAt: now })
    .where(and(eq(spotWatch.eventId, eventId), or(isNull(spotWatch.notifiedAt), lt(spotWatch.notifiedAt, new Date(now.getTime() - TOLD_AGAIN_AFTER_MS)))))
    .returning({ userId: spotWatch.userId });
  if (claimed.length === 0) return 0;
  const people = await db
    .select({ id: user.id, language: user.language, customerId: customerColumn(deps.gateway) })
    .from(user)
    .where(inArray(
      user.id,
      claimed.map((watch) => watch.userId),
    ));
  let told = 0;
  for (const person of people) {
    try {
      const message = await messageFor(deps, game, role, { ...person, language: mailLanguage(person.language) });
      await queuePush({ ...deps, push: deps.push }, { userId: person.id, kind: "spots", game: { id: game.id, startsAt: game.startsAt }, message });
      told += 1;
    } catch (error) {
      // A push is news, not the record: one that cannot be queued is logged, and the others still go.
      console.error(`the push of a free spot in ${eventId} to ${person.id} could not be queued`, error);
    }
  }
  return told;
}

/**
 * The push in the reader's language. The one tap is offered when the join needs nothing more of them:
 * a free game, or a paid one with a saved card (the first the processor lists). A game-on game before
 * its decision places a hold under a consent given on its page, so its push opens the page.
 */
async function messageFor(
  deps: SpotDeps,
  game: WatchedGame,
  role: RegistrationRole,
  person: { language: Language; customerId: string | null },
): Promise<PushMessage> {
  const { language } = person;
  const message: PushMessage = {
    title: translate(language, "mail.spotOpened.title", { title: game.title }),
    body: translate(language, "mail.spotOpened.body", { role, when: formatInZone(game.startsAt, game.timeZone, language) }),
    url: `/event/${game.id}`,
    tag: `spots:${game.id}`,
  };
  if (game.gameOnState !== null && game.gameOnState !== "on") return message;
  const price = priceFor(game, role);
  const take = { eventId: game.id, role, expectedPriceCents: price };
  if (price === 0) return { ...message, take: { ...take, label: translate(language, "mail.spotOpened.takeFree"), paymentMethodId: null } };
  if (!person.customerId) return message;
  const card = await deps.gateway.listCards(person.customerId).then(
    (cards) => cards[0],
    () => undefined, // The processor unreachable: the push still goes, and opens the game.
  );
  if (!card) return message;
  const label = translate(language, "mail.spotOpened.take", { amount: formatCents(price, deps.config.payments.currency, language), card: cardLabel(card) });
  return { ...message, take: { ...take, label, paymentMethodId: card.id } };
}
