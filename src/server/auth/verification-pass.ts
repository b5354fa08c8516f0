import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { parse, serialize } from "hono/utils/cookie";
import type { Db } from "#server/db/client.ts";
import { user as userTable } from "#server/db/schema.ts";
import type { Auth } from "./auth.ts";

/**
 * What lets the browser that registered notice that its address was verified on another device
 * (docs/decisions/011-verification-on-another-device.md). better-auth signs in only the browser that
 * opens the link, so the tab left on /verify-email has no session to re-check. At sign-up (and at a
 * sign-in refused for an unverified address) that browser gets this pass: an encrypted, httpOnly
 * cookie naming the account, which GET /api/me/verification reads. No one can ask about an address
 * they name, and the pass looks the same whether or not the address already had an account: one for
 * an address that was verified before the sign-up never answers "verified".
 */
export interface VerificationPass {
  userId: string;
  /** False for an address that was already verified when someone registered with it again. */
  answers: boolean;
  issuedAt: number;
}

/** The link being waited for works an hour; a day leaves time to resend it and to find the mail. */
export const VERIFICATION_PASS_SECONDS = 24 * 60 * 60;
/** The only route the browser sends it to. */
export const VERIFICATION_PASS_PATH = "/api/me/verification";

export function verificationPasses(auth: Auth) {
  const setup = auth.$context.then((context) => ({
    // better-auth's cookie rules: its name prefix (__Secure- on https), httpOnly, SameSite as the session's.
    cookie: context.createAuthCookie("verification_pass", { maxAge: VERIFICATION_PASS_SECONDS, path: VERIFICATION_PASS_PATH }),
    key: Buffer.from(hkdfSync("sha256", context.secret, "", "kickoff verification pass", 32)),
    internalAdapter: context.internalAdapter,
  }));

  return {
    /** The Set-Cookie header value carrying a new pass. */
    async setCookie(pass: Omit<VerificationPass, "issuedAt">, now = Date.now()): Promise<string> {
      const { cookie, key } = await setup;
      const value = seal(key, cookie.name, { ...pass, issuedAt: Math.floor(now / 1000) });
      const { maxAge, path, secure, httpOnly, sameSite, domain } = cookie.attributes;
      return serialize(cookie.name, value, { maxAge, path, secure, httpOnly, domain, sameSite: sameSite as "lax" | "none" | "strict" | undefined });
    },

    /** The pass this request carries, if it is genuine and not expired. */
    async read(cookieHeader: string | undefined, now = Date.now()): Promise<VerificationPass | null> {
      if (!cookieHeader) return null;
      const { cookie, key } = await setup;
      const value = parse(cookieHeader, cookie.name)[cookie.name];
      const pass = value ? open(key, cookie.name, value) : null;
      if (!pass || (pass.issuedAt + VERIFICATION_PASS_SECONDS) * 1000 < now) return null;
      return pass;
    },

    /**
     * The pass for a sign-up with `email` that better-auth answered with `answeredUserId`: for the new
     * account it created, or for the account the address already has (better-auth then answers with a
     * made-up id). An unverified one may still be verified by its owner, from the fresh link sent to it.
     */
    async afterSignUp(email: string, answeredUserId: string | undefined): Promise<Omit<VerificationPass, "issuedAt">> {
      const { internalAdapter } = await setup;
      const found = (await internalAdapter.findUserByEmail(email.toLowerCase()))?.user;
      if (!found) return { userId: answeredUserId ?? "", answers: false };
      return { userId: found.id, answers: found.id === answeredUserId || !found.emailVerified };
    },

    /** The pass for a sign-in refused because the address is not verified yet (the password was right). */
    async afterUnverifiedSignIn(email: string): Promise<Omit<VerificationPass, "issuedAt"> | null> {
      const { internalAdapter } = await setup;
      const found = (await internalAdapter.findUserByEmail(email.toLowerCase()))?.user;
      return found ? { userId: found.id, answers: true } : null;
    },
  };
}

export type VerificationPasses = ReturnType<typeof verificationPasses>;

/**
 * Whether the pass's account is verified now. The account is looked up for every pass, even one that
 * never answers, so that how long the answer takes tells nothing either.
 */
export async function isVerified(db: Db, pass: VerificationPass): Promise<boolean> {
  const [found] = await db.select({ emailVerified: userTable.emailVerified }).from(userTable).where(eq(userTable.id, pass.userId));
  return pass.answers && found?.emailVerified === true;
}

/** AES-256-GCM, bound to the cookie's name: iv | ciphertext | tag, base64url. */
function seal(key: Buffer, name: string, pass: VerificationPass): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(name));
  const plain = `${pass.answers ? 1 : 0}.${pass.issuedAt}.${pass.userId}`;
  return Buffer.concat([iv, cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]).toString("base64url");
}

function open(key: Buffer, name: string, value: string): VerificationPass | null {
  const bytes = Buffer.from(value, "base64url");
  if (bytes.length < 12 + 16 + 1) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12)).setAAD(Buffer.from(name));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const plain = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString("utf8");
    const match = /^([01])\.(\d+)\.(.+)$/.exec(plain);
    return match ? { answers: match[1] === "1", issuedAt: Number(match[2]), userId: match[3]! } : null;
  } catch {
    return null;
  }
}
