import type { ErrorKey } from "./catalogs/areas.ts";

/**
 * An API error's message by key: a key of the "errors" area and its values (amounts and dates come
 * formatted). The server words it in the request's language at the boundary (src/server/http/errors.ts).
 */
export interface ErrorText {
  readonly key: ErrorKey;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** A message by key, typed: `errorText("errors.series.notFound")`. */
export function errorText(key: ErrorKey, values?: Record<string, string | number>): ErrorText {
  return values ? { key, values } : { key };
}

/**
 * A message of the "errors" area named where a text is expected (a zod schema's message, a rule's
 * constant): the key itself, typed, so that a key that does not exist fails the typecheck. The
 * server words it in the request's language (src/server/http/errors.ts), the web app with
 * `sharedMessage()`.
 */
export function errorKey<Key extends ErrorKey>(key: Key): Key {
  return key;
}
