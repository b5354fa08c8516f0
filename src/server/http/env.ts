import type { SessionUser } from "#server/auth/session.ts";

/** Hono variables set by the app's middleware for every request. */
export interface AppEnv {
  Variables: {
    requestId: string;
    user: SessionUser | null;
    /** Whether the signed-in user can sign in with a password (GET /api/me), read with the session. */
    hasPassword: boolean;
    /** The sign-in providers linked to the account (session.ts). */
    signIns: string[];
    /** The client's address (see client-address.ts); undefined when there is no socket, as in app.request(). */
    clientAddress: string | undefined;
  };
}
