/**
 * Whether `error` says the database cannot be reached (down, restarting, the network cut), rather
 * than that a query was wrong: the app then answers 503 with Retry-After, and its pool, its
 * listening connection and pg-boss reconnect by themselves once the database is back
 * (docs/decisions/026-shared-state.md).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const { code, syscall } = cause as { code?: unknown; syscall?: unknown };
    // ENOENT also means a missing file; only a connect to the embedded database's socket counts here.
    if (code === "ENOENT") {
      if (syscall === "connect") return true;
      continue;
    }
    if (typeof code === "string" && (NETWORK_CODES.has(code) || code.startsWith("08") || SHUTDOWN_SQLSTATES.has(code))) return true;
    if (NODE_PG_MESSAGES.some((message) => cause instanceof Error && cause.message.includes(message))) return true;
  }
  return false;
}

/** The socket's own failures. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** admin_shutdown (a terminated backend), crash_shutdown, cannot_connect_now (starting up or in recovery). Class 08 is connection_exception. */
const SHUTDOWN_SQLSTATES = new Set(["57P01", "57P02", "57P03"]);
/** What node-postgres says, without a code, when a connection ends under it or cannot be had in time. */
const NODE_PG_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Connection ended unexpectedly",
];
