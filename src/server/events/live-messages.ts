/**
 * The one PostgreSQL channel every instance LISTENs on, and the messages it carries
 * (docs/live-updates.md). Typed, so that several kinds share the channel and the listening
 * connection: an instance ignores a type it does not know. A payload stays far below
 * PostgreSQL's 8,000-byte limit: ids and numbers, never a page.
 */
export const LIVE_CHANNEL = "kickoff_live";

export type LiveMessage =
  /** What a game's page or the lists show may have changed; `version` is the game's new `event.version`. */
  | { type: "event"; eventId: string; version: number }
  /**
   * A session ended or changed, or a user's details that sessions carry did: every instance drops
   * its session cache. Sent by triggers on `session` and `user` (drizzle/0014_shared_state.sql).
   */
  | { type: "sessions" };

/** A payload from the channel, or null for one this instance does not understand. */
export function parseLiveMessage(payload: string): LiveMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const message = value as Record<string, unknown>;
  if (message.type === "event" && typeof message.eventId === "string" && Number.isSafeInteger(message.version)) {
    return { type: "event", eventId: message.eventId, version: message.version as number };
  }
  if (message.type === "sessions") return { type: "sessions" };
  return null;
}
