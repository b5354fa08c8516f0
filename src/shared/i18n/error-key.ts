import type { ErrorKey } from "./catalogs/areas.ts";

/**
 * A message of the "errors" area named where a text is expected (a zod schema's message, a rule's
 * constant): the key itself, typed, so that a key that does not exist fails the typecheck. The
 * server words it in the request's language (src/server/http/errors.ts), the web app with
 * `sharedMessage()`.
 */
export function errorKey<Key extends ErrorKey>(key: Key): Key {
  return key;
}
