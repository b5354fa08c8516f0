import type { Context } from "hono";
import { z } from "zod";
import { errorKey, errorText } from "#shared/i18n/error-key.ts";
import { zodParseOptions } from "#server/i18n/error-language.ts";
import { AppError, validationError } from "./errors.ts";

/** Whether a request carries a body (an optional one: scripts and older clients send none). */
export function hasBody(request: Request): boolean {
  return request.headers.has("content-type") || Number(request.headers.get("content-length") ?? 0) > 0;
}

/** Parses a JSON body with a shared schema; bad input is a 400 with per-field messages, never a 500. */
export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  // A page on another site can send a form or a text/plain body without asking first (no CORS
  // preflight); it cannot send application/json. Requiring it keeps such requests from acting
  // with the visitor's cookies.
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/json" && !/^application\/[\w.+-]+\+json$/.test(type)) {
    throw new AppError("validation", errorText("errors.request.jsonContentType"));
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError("validation", errorText("errors.request.json"));
  }
  const parsed = schema.safeParse(body, zodParseOptions(c));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.query(), zodParseOptions(c));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

// Ids are checked before they reach a uuid column: a malformed one is a 400, not a database error.
const routeIds = z.object({
  id: z.guid({ error: errorKey("errors.request.gameId") }),
  registrationId: z.guid({ error: errorKey("errors.request.registrationId") }).optional(),
});

/** A game's route parameters (`:id`, and `:registrationId` where the route has one), checked. */
export function parseRouteIds(raw: Record<string, string>): z.infer<typeof routeIds> {
  const parsed = routeIds.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
