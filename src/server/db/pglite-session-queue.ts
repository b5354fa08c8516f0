import type { PGlite } from "@electric-sql/pglite";
import { NotificationRouter } from "./pglite-notifications.ts";

interface Queued {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

/** First byte of a frontend message that ends a round trip: Sync (extended protocol), Query (simple), Terminate. */
const ROUND_TRIP_ENDS = new Set(["S".charCodeAt(0), "Q".charCodeAt(0), "X".charCodeAt(0)]);

/**
 * Replaces pglite-socket's query queue (0.2.17). PGlite is one session shared by every socket
 * connection; the library hands that session to another connection between any two messages unless
 * a transaction is open. node-postgres sends each parameterised query as several messages (Parse,
 * Bind, Describe, Execute, Sync), so under concurrency one connection's Parse was followed by
 * another's, and queries ran the wrong statement or saw a half-made transaction (found by the
 * 50-joins-at-once test). Here a connection owns the session from its first message until a round
 * trip ends (Sync, Query, Terminate, or its start-up packet) outside a transaction.
 */
export class SessionQueue {
  private queue: Queued[] = [];
  private processing = false;
  private owner: number | null = null;
  /** Sees every message in and every byte out: NOTIFYs reach the connections that LISTEN. */
  private readonly notifications = new NotificationRouter();

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    this.notifications.sent(handlerId, message, onData);
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const index = this.owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === this.owner);
        // The owner's next message has not arrived yet: everyone else waits for it.
        if (index === -1) break;
        const item = this.queue.splice(index, 1)[0]!;
        this.owner = item.handlerId;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
                this.notifications.output(item.handlerId, data);
              },
            }),
          );
        } catch (error) {
          item.reject(error);
          continue;
        }
        // A start-up packet has no type byte: it begins with its length, whose first byte is 0.
        const endsRoundTrip = item.message[0] === 0 || ROUND_TRIP_ENDS.has(item.message[0]!);
        if (endsRoundTrip && !this.db.isInTransaction()) this.owner = null;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.notifications.forget(handlerId);
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /** A connection that goes away gives the session back, rolling back what it left open. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    this.owner = null;
    await this.process();
  }
}
