import { errorKey } from "./i18n/error-key.ts";

/**
 * The password rule: better-auth enforces these lengths (server/auth/auth.ts passes them on) and the
 * new-password fields state the rule before the first try, so the two cannot drift apart. A file of
 * its own, without zod, so that the screens that show it do not load the schemas.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_RULE = errorKey("shared.account.passwordRule", { min: PASSWORD_MIN_LENGTH });
