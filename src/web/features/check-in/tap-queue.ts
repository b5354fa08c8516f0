import { t } from "#web/i18n/i18n.ts";

/**
 * The check-in taps not yet saved (docs/product-rules.md, "Check-in"). A tap is the state wanted for
 * one registration, sent as the idempotent PUT: at most one request per person is in flight, and
 * when it is answered the latest state wanted is sent if it differs, so a quick double tap never
 * lands out of order. A request that may not have arrived (no connection, no answer, a 5xx) is sent
 * again with growing waits, and at once when the browser says it is back online; a repeat is a
 * no-op on the server, so a retried tap is never counted twice. A refusal (the window closed, the
 * spot is no longer confirmed) is not retried: it is reported and the tap dropped.
 *
 * Kept in this page's memory only: unlike joins and payments, which say they need a connection,
 * a check-in at the pitch must not be lost to a bad signal, and taps are harmless to repeat.
 */

export interface Tap {
  registrationId: string;
  checkedIn: boolean;
}

/** Sends one tap; rejects with an error carrying the HTTP `status` (0: no answer). */
export type TapSender = (tap: Tap) => Promise<unknown>;

export interface PendingTap extends Tap {
  /** A request for it is on its way. */
  sending: boolean;
  /** Failed tries so far. */
  attempts: number;
}

export interface TapQueueOptions {
  send: TapSender;
  isOnline: () => boolean;
  schedule: (run: () => void, ms: number) => void;
  onSaved?: (tap: Tap, answer: unknown) => void;
  onRefused?: (tap: Tap, message: string) => void;
  random?: () => number;
}

export interface TapQueue {
  tap(registrationId: string, checkedIn: boolean): void;
  /** The state wanted for a registration while a tap for it is not saved yet. */
  wanted(registrationId: string): boolean | undefined;
  pending(): PendingTap[];
  /** Sends every waiting tap now (the connection is back). */
  retryNow(): void;
  subscribe(listener: () => void): () => void;
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 15_000;

interface Entry {
  wanted: boolean;
  sending: boolean;
  attempts: number;
  /** Bumped on every try, so that a timer left from an earlier one does nothing. */
  generation: number;
}

export function createTapQueue(options: TapQueueOptions): TapQueue {
  const { send, isOnline, schedule } = options;
  const random = options.random ?? Math.random;
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  let snapshot: PendingTap[] = [];

  const changed = () => {
    snapshot = [...entries].map(([registrationId, entry]) => ({ registrationId, checkedIn: entry.wanted, sending: entry.sending, attempts: entry.attempts }));
    for (const listener of listeners) listener();
  };

  const pump = (registrationId: string) => {
    const entry = entries.get(registrationId);
    if (!entry || entry.sending || !isOnline()) return;
    entry.sending = true;
    const generation = ++entry.generation;
    const tap = { registrationId, checkedIn: entry.wanted };
    changed();
    send(tap).then(
      (answer) => {
        entry.sending = false;
        if (entry.wanted === tap.checkedIn) {
          entries.delete(registrationId);
          options.onSaved?.(tap, answer);
        } else {
          // Tapped again meanwhile: that state goes next.
          entry.attempts = 0;
          options.onSaved?.(tap, answer);
          pump(registrationId);
        }
        changed();
      },
      (error: unknown) => {
        entry.sending = false;
        if (!mayNotHaveArrived(error)) {
          entries.delete(registrationId);
          options.onRefused?.(tap, error instanceof Error ? error.message : t("admin.checkIn.refused"));
          changed();
          return;
        }
        entry.attempts += 1;
        const wait = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (entry.attempts - 1)) * (0.75 + random() * 0.5);
        schedule(() => {
          if (entries.get(registrationId) === entry && entry.generation === generation) pump(registrationId);
        }, wait);
        changed();
      },
    );
  };

  return {
    tap(registrationId, checkedIn) {
      const entry = entries.get(registrationId) ?? { wanted: checkedIn, sending: false, attempts: 0, generation: 0 };
      entry.wanted = checkedIn;
      entries.set(registrationId, entry);
      changed();
      pump(registrationId);
    },
    wanted: (registrationId) => entries.get(registrationId)?.wanted,
    pending: () => snapshot,
    retryNow() {
      for (const registrationId of [...entries.keys()]) pump(registrationId);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** No answer, a timeout, a server error or a rate limit: the tap may not have arrived, so it is sent again. */
function mayNotHaveArrived(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== "number") return true;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}
