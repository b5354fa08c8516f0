/**
 * LISTEN/NOTIFY for the connections of the embedded database (docs/live-updates.md).
 *
 * PGlite is one session shared by every socket connection (pglite-session-queue.ts). When a NOTIFY
 * commits, that session writes the NotificationResponse into the output of the round trip that
 * committed, so it would reach the connection that made the change, never the one that ran LISTEN
 * (PGlite's own `listen()` does not see it either: the socket reads the output raw). This follows
 * the output's message framing (a type byte, a 4-byte length, the body) across chunks, and copies
 * each notification to the other connections that LISTEN on its channel, as PostgreSQL would
 * deliver it to them. Other messages are only skipped, never copied.
 */
export class NotificationRouter {
  /** Connections that ran LISTEN: their channels, and where their output goes. */
  private readonly listeners = new Map<number, { channels: Set<string>; send: (data: Uint8Array) => void }>();
  private readonly header = new Uint8Array(HEADER_BYTES);
  private headerFilled = 0;
  /** Bytes of the current message's body still to come. */
  private remaining = 0;
  /** The whole notification being read (header and body); null while skipping another kind of message. */
  private message: Uint8Array | null = null;
  private messageFilled = 0;

  /** Every message a connection sends: a simple-protocol LISTEN or UNLISTEN changes its channels. */
  sent(handlerId: number, message: Uint8Array, send: (data: Uint8Array) => void): void {
    const listener = this.listeners.get(handlerId);
    if (listener) listener.send = send;
    if (message[0] !== QUERY) return;
    const text = Buffer.from(message.buffer, message.byteOffset + 5, Math.max(0, message.length - 6)).toString("utf8");
    const match = /^\s*(UN)?LISTEN\s+("?)([A-Za-z_][\w$]*|\*)\2\s*;?\s*$/i.exec(text);
    if (!match) return;
    const unlisten = Boolean(match[1]);
    const channel = match[2] ? match[3]! : match[3]!.toLowerCase();
    if (unlisten) {
      if (!listener) return;
      if (channel === "*") listener.channels.clear();
      else listener.channels.delete(channel);
      if (listener.channels.size === 0) this.listeners.delete(handlerId);
      return;
    }
    const entry = listener ?? { channels: new Set<string>(), send };
    entry.channels.add(channel);
    this.listeners.set(handlerId, entry);
  }

  /** A connection went away. */
  forget(handlerId: number): void {
    this.listeners.delete(handlerId);
  }

  /** Every chunk of the session's output, in order, with the connection it is written to. */
  output(handlerId: number, chunk: Uint8Array): void {
    // Followed even while nobody listens, so that a LISTEN that comes later starts in step.
    let offset = 0;
    while (offset < chunk.length) {
      if (this.remaining === 0 && this.message === null) {
        const take = Math.min(HEADER_BYTES - this.headerFilled, chunk.length - offset);
        this.header.set(chunk.subarray(offset, offset + take), this.headerFilled);
        this.headerFilled += take;
        offset += take;
        if (this.headerFilled < HEADER_BYTES) return;
        this.headerFilled = 0;
        const length = new DataView(this.header.buffer).getInt32(1) - 4;
        if (length < 0) continue;
        if (this.header[0] === NOTIFICATION) {
          this.message = new Uint8Array(HEADER_BYTES + length);
          this.message.set(this.header, 0);
          this.messageFilled = HEADER_BYTES;
        }
        this.remaining = length;
        if (length === 0) this.finish(handlerId);
        continue;
      }
      const take = Math.min(this.remaining, chunk.length - offset);
      if (this.message) this.message.set(chunk.subarray(offset, offset + take), this.messageFilled);
      this.messageFilled += take;
      this.remaining -= take;
      offset += take;
      if (this.remaining === 0) this.finish(handlerId);
    }
  }

  private finish(ownerId: number): void {
    const message = this.message;
    this.message = null;
    this.messageFilled = 0;
    if (!message || this.listeners.size === 0) return;
    // After the header: the sender's process id (Int32), then the channel, NUL-terminated.
    const start = HEADER_BYTES + 4;
    const end = message.indexOf(0, start);
    const channel = Buffer.from(message.buffer, message.byteOffset + start, Math.max(0, end - start)).toString("utf8");
    for (const [handlerId, listener] of this.listeners) {
      // The connection whose round trip it is gets it in its own output already.
      if (handlerId === ownerId || !listener.channels.has(channel)) continue;
      try {
        listener.send(message);
      } catch (error) {
        console.error("embedded database: could not pass a notification on:", error);
      }
    }
  }
}

const HEADER_BYTES = 5;
/** 'A': NotificationResponse. */
const NOTIFICATION = "A".charCodeAt(0);
/** 'Q': a simple-protocol Query. */
const QUERY = "Q".charCodeAt(0);
