import { timingSafeEqual } from "node:crypto";
import type { SessionQueue } from "./pglite-session-queue.ts";

/**
 * Password authentication for the embedded database, which PGlite itself does not do: it answers
 * any start-up packet as a trusted local session. This sits in front of our SessionQueue (which
 * pglite-socket calls with every message of every connection) and speaks PostgreSQL's cleartext
 * password exchange before PGlite sees the connection: the start-up packet is held back, the
 * client is asked for its password (AuthenticationCleartextPassword), and only with the right one
 * does PGlite get the start-up packet and answer it. A wrong or missing one gets PostgreSQL's own
 * error (28P01) and the connection is closed. Cleartext is fine here: the socket is a Unix socket
 * in a directory only this user can enter (client.ts).
 */
export class PasswordGate {
  /** Connections that have not authenticated yet, with the start-up packet they sent. */
  private readonly pending = new Map<number, { startup: Uint8Array | null }>();
  private readonly authenticated = new Set<number>();

  constructor(
    private readonly queue: SessionQueue,
    private readonly password: string,
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    if (this.authenticated.has(handlerId)) return this.queue.enqueue(handlerId, message, onData);
    const state = this.pending.get(handlerId);
    if (!state) {
      if (!isStartupPacket(message)) return Promise.reject(new Error("expected a start-up packet"));
      this.pending.set(handlerId, { startup: message });
      onData(AUTHENTICATION_CLEARTEXT_PASSWORD);
      return Promise.resolve(AUTHENTICATION_CLEARTEXT_PASSWORD.length);
    }
    this.pending.delete(handlerId);
    if (!state.startup || !this.isRightPassword(message)) {
      onData(passwordFailed(userOf(state.startup)));
      // Rejecting makes pglite-socket close the connection.
      return Promise.reject(new Error("password authentication failed"));
    }
    this.authenticated.add(handlerId);
    return this.queue.enqueue(handlerId, state.startup, onData);
  }

  getQueueLength(): number {
    return this.queue.getQueueLength();
  }

  clearQueueForHandler(handlerId: number): void {
    this.pending.delete(handlerId);
    this.authenticated.delete(handlerId);
    this.queue.clearQueueForHandler(handlerId);
  }

  clearTransactionIfNeeded(handlerId: number): Promise<void> {
    return this.queue.clearTransactionIfNeeded(handlerId);
  }

  /** A PasswordMessage: 'p', its length, the password and a NUL. */
  private isRightPassword(message: Uint8Array): boolean {
    if (message[0] !== P || message.length < 6) return false;
    const given = Buffer.from(message.subarray(5, message.length - 1));
    const expected = Buffer.from(this.password);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

const P = "p".charCodeAt(0);
const PROTOCOL_3 = 196608;

/** A start-up packet has no type byte: its length, then the protocol version 3.0. */
function isStartupPacket(message: Uint8Array): boolean {
  return message.length >= 8 && Buffer.from(message).readInt32BE(4) === PROTOCOL_3;
}

/** The `user` parameter of a start-up packet (NUL-separated names and values after the version). */
function userOf(startup: Uint8Array | null): string {
  if (!startup) return "";
  const fields = Buffer.from(startup.subarray(8)).toString("utf8").split("\u0000");
  const index = fields.indexOf("user");
  return index >= 0 ? (fields[index + 1] ?? "") : "";
}

/** 'R', length 8, 3: AuthenticationCleartextPassword. */
const AUTHENTICATION_CLEARTEXT_PASSWORD = new Uint8Array([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);

/** An ErrorResponse as PostgreSQL sends it for a wrong password. */
function passwordFailed(user: string): Uint8Array {
  const fields = [
    ["S", "FATAL"],
    ["V", "FATAL"],
    ["C", "28P01"],
    ["M", `password authentication failed for user "${user}"`],
  ];
  const body = Buffer.concat([...fields.map(([code, value]) => Buffer.from(`${code}${value}\u0000`, "utf8")), Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write("E", 0);
  header.writeInt32BE(body.length + 4, 1);
  return new Uint8Array(Buffer.concat([header, body]));
}
