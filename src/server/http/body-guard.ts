import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";
import { AppError } from "./errors.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/** Deeper than any request of ours needs; shallow enough that no parser or merge runs out of stack. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = errorText("errors.request.tooDeep", { levels: String(MAX_JSON_DEPTH) });

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether arrays and objects in a JSON text nest deeper than `limit`, read byte by byte, without
 * parsing and without recursion. Brackets inside strings are text (UTF-8 never puts these ASCII
 * bytes inside a multi-byte character). A text that is not JSON is left to the parser that reads it.
 */
export function jsonNestingExceeds(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!;
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPENERS.has(byte)) {
      if (++depth > limit) return true;
    } else if (CLOSERS.has(byte)) {
      depth--;
    }
  }
  return false;
}

/**
 * Reads every request body before any route (ours or better-auth's) sees it and refuses JSON nested
 * more than MAX_JSON_DEPTH levels: 60 KB of `{"a":` made better-auth's body merge overflow the call
 * stack (a 500). The body is put back unchanged for whoever reads it next. Runs after bodyLimit,
 * so at most that much is read.
 */
export function bodyGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.req.raw.body) return next();
    const bytes = new Uint8Array(await c.req.raw.arrayBuffer());
    if (jsonNestingExceeds(bytes, MAX_JSON_DEPTH)) throw new AppError("validation", TOO_DEEP);
    c.req.raw = new Request(c.req.raw, { body: bytes });
    await next();
  };
}
