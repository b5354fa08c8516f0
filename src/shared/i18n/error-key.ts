import type { ErrorKey, SharedKey } from "./catalogs/areas.ts";

/**
 * What an API error's message may be: a key of the "errors" area (the server's own messages) or of
 * the "shared" area (the messages written in src/shared, which the screens word too).
 */
export type ApiMessageKey = ErrorKey | SharedKey;

/** An amount, formatted in the reader's language when the message is worded ("$12.50", "12,50 $"). */
export interface MoneyValue {
  readonly cents: number;
  readonly currency: string;
}

/** A value of a message: text and numbers as they are (a number is written without grouping), or an amount. */
export type MessageValue = string | number | MoneyValue;

/**
 * An API error's message by key: a key and its values. The server words it in the request's
 * language at the boundary (src/server/http/errors.ts); the web app with `sharedMessage()`.
 */
export interface ErrorText {
  readonly key: ApiMessageKey;
  readonly values?: Readonly<Record<string, MessageValue>>;
}

/** A message by key, typed: `errorText("errors.series.notFound")`. */
export function errorText(key: ApiMessageKey, values?: Record<string, MessageValue>): ErrorText {
  return values ? { key, values } : { key };
}

/**
 * A message named where only a string fits (a zod schema's message, a rule's constant): the key
 * itself, typed, so that a key that does not exist fails the typecheck; with values, the key
 * followed by its values in JSON (`shared.event.notesTooLong{"max":1000}`), which `readErrorText`
 * reads back. The server words it in the request's language (src/server/http/errors.ts), the web
 * app with `sharedMessage()` (docs/languages.md, decision 035).
 */
export function errorKey<Key extends ApiMessageKey>(key: Key): Key;
export function errorKey(key: ApiMessageKey, values: Record<string, MessageValue>): string;
export function errorKey(key: ApiMessageKey, values?: Record<string, MessageValue>): string {
  return values ? `${key}${JSON.stringify(values)}` : key;
}

const KEYED = /^((?:errors|shared)\.[\w.]+)(\{[\s\S]*\})?$/;

/**
 * A message given as a string (`errorKey`'s), read back as a key and its values; null for any other
 * text (zod's own message, a text of other software). Whether the key exists is the caller's
 * question (the server checks the catalogs).
 */
export function readErrorText(text: string): ErrorText | null {
  const found = KEYED.exec(text);
  if (!found) return null;
  const key = found[1] as ApiMessageKey;
  if (!found[2]) return { key };
  try {
    const values: unknown = JSON.parse(found[2]);
    return values && typeof values === "object" ? { key, values: values as Record<string, MessageValue> } : null;
  } catch {
    return null;
  }
}

/** Whether a value is an amount to format. */
export function isMoneyValue(value: MessageValue): value is MoneyValue {
  return typeof value === "object" && value !== null && typeof value.cents === "number" && typeof value.currency === "string";
}
