import { Hono } from "hono";
import { z } from "zod";
import { hasControlCharacters, notAllowedCharacters } from "#shared/text.ts";
import type { AppContext } from "#server/context.ts";
import { requireAdmin } from "#server/auth/session.ts";
import type { AppEnv } from "#server/http/env.ts";
import { parseQuery } from "#server/http/validate.ts";
import { searchPlaces } from "./search-places.ts";
import { errorKey } from "#shared/i18n/error-key.ts";
import { requestLanguage } from "#server/i18n/request-language.ts";
import { translate } from "#server/i18n/translate.ts";

const placesQuerySchema = z.object({
  q: z
    .string({ error: errorKey("errors.places.tooShort") })
    .trim()
    .min(2, errorKey("errors.places.tooShort"))
    .max(200, errorKey("errors.places.tooLong"))
    .refine((q) => !hasControlCharacters(q), notAllowedCharacters("search")),
});

/** /api/places?q= — the Create New Event place search (admins only). */
export function placesRoutes(context: Pick<AppContext, "database" | "geocoder">) {
  const { geocoder } = context;
  const { db } = context.database;
  return new Hono<AppEnv>().get("/", async (c) => {
    requireAdmin(c.get("user"));
    const { q } = parseQuery(c, placesQuerySchema);
    const found = await searchPlaces({ db, geocoder, query: q });
    // The place search's own notice (a successful answer's data) in the request's language, like an error's message.
    return c.json(found.geocoderError ? { ...found, geocoderError: translate(requestLanguage(c), "errors.places.unavailable") } : found);
  });
}
