import { and, desc, ilike, isNotNull, max } from "drizzle-orm";
import type { PlaceSuggestion } from "#shared/events.ts";
import type { Db } from "#server/db/client.ts";
import { event } from "#server/db/schema.ts";
import type { Geocoder } from "./geocoders.ts";
import { translate } from "#server/i18n/translate.ts";

/** The notice when the geocoder fails, in English; the route words it in the request's language. */
export const GEOCODER_UNAVAILABLE = translate("en", "errors.places.unavailable");
export const MAX_VENUES = 5;
export const MAX_GEOCODER_RESULTS = 5;

export interface PlacesResponse {
  places: PlaceSuggestion[];
  /** Set when the geocoder failed; the venues used before are still listed. */
  geocoderError?: string;
}

/**
 * Venues of earlier events first (organisers reuse pitches, and it needs no outside service), then
 * what the configured geocoder finds. A failing geocoder is reported, not fatal.
 */
export async function searchPlaces(options: { db: Db; geocoder: Geocoder | null; query: string }): Promise<PlacesResponse> {
  const { db, geocoder, query } = options;
  const venues = await findVenues(db, query);
  if (!geocoder) return { places: venues };
  try {
    const found = await geocoder.search(query, MAX_GEOCODER_RESULTS);
    const known = new Set(venues.map((venue) => venue.name.toLowerCase()));
    return { places: [...venues, ...found.filter((place) => !known.has(place.name.toLowerCase()))] };
  } catch (error) {
    console.warn(`place search failed for ${JSON.stringify(query)}:`, error instanceof Error ? error.message : error);
    return { places: venues, geocoderError: GEOCODER_UNAVAILABLE };
  }
}

/** Distinct venues (name and coordinates) whose name contains the query, most recently used first. */
async function findVenues(db: Db, query: string): Promise<PlaceSuggestion[]> {
  const lastUsed = max(event.createdAt);
  const rows = await db
    .select({ name: event.locationName, latitude: event.latitude, longitude: event.longitude, lastUsed })
    .from(event)
    // A venue typed in without its point (docs/decisions/021) is no place to pick: a pick needs coordinates.
    .where(and(ilike(event.locationName, `%${escapeLike(query)}%`), isNotNull(event.latitude), isNotNull(event.longitude)))
    .groupBy(event.locationName, event.latitude, event.longitude)
    .orderBy(desc(lastUsed))
    .limit(MAX_VENUES);
  return rows.map(({ name, latitude, longitude }) => ({ name, latitude: latitude!, longitude: longitude!, source: "venue" as const }));
}

/** The query is text to find, not a pattern: % and _ match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
