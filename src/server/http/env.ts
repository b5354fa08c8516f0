import type { SessionUser } from "#server/auth/session.ts";

/** Hono variables set by the app's middleware for every request. */
export interface AppEnv {
  Variables: {
    requestId: string;
    user: SessionUser | null;
    /** The client's address (see client-address.ts); undefined when there is no socket, as in app.request(). */
    clientAddress: string | undefined;
  };
}
