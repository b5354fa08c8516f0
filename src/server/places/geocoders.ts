import { z } from "zod";
import type { PlaceSuggestion } from "#shared/events.ts";
import type { Config } from "#server/config.ts";

/** A place search service: up to `limit` places for a free-text query. Throws when it fails. */
export interface Geocoder {
  search(query: string, limit: number): Promise<PlaceSuggestion[]>;
}

export const GEOCODER_TIMEOUT_MS = 5_000;
const PUBLIC_NOMINATIM_HOST = "nominatim.openstreetmap.org";
export const GOOGLE_TEXT_SEARCH_URL = "https://places.googleapis.com/v1/places:searchText";

/** The configured geocoder, or null for GEOCODER=none. */
export function createGeocoder(config: Pick<Config, "geocoder" | "appName" | "publicUrl">): Geocoder | null {
  const { geocoder } = config;
  const userAgent = `${config.appName} (${config.publicUrl})`;
  switch (geocoder.kind) {
    case "none":
      return null;
    case "google":
      return cached(googleGeocoder({ apiKey: geocoder.googleApiKey ?? "" }));
    case "nominatim":
      return cached(
        nominatimGeocoder({
          url: geocoder.url,
          userAgent,
          // The public instance allows one request a second per application (its usage policy).
          minIntervalMs: new URL(geocoder.url).hostname === PUBLIC_NOMINATIM_HOST ? 1_000 : 0,
        }),
      );
  }
}

const nominatimResults = z.array(
  z.object({ display_name: z.string(), lat: z.coerce.number(), lon: z.coerce.number() }).loose(),
);

/** Nominatim's /search (OpenStreetMap data), or any server that answers the same way. */
export function nominatimGeocoder(options: { url: string; userAgent: string; minIntervalMs?: number }): Geocoder {
  const spacing = spaced(options.minIntervalMs ?? 0);
  return {
    async search(query, limit) {
      const url = `${options.url}/search?format=jsonv2&limit=${limit}&q=${encodeURIComponent(query)}`;
      const body = await spacing(() => getJson(url, { "User-Agent": options.userAgent, Accept: "application/json" }));
      return nominatimResults
        .parse(body)
        .slice(0, limit)
        .map((place) => ({ name: place.display_name, latitude: place.lat, longitude: place.lon, source: "geocoder" as const }));
    },
  };
}

const googleResults = z.object({
  places: z
    .array(
      z.object({
        formattedAddress: z.string().optional(),
        displayName: z.object({ text: z.string() }).optional(),
        location: z.object({ latitude: z.number(), longitude: z.number() }),
      }),
    )
    .optional()
    .default([]),
});

/** Google Places API (New) Text Search; asks only for the fields it uses (they set the price). */
export function googleGeocoder(options: { apiKey: string; endpoint?: string }): Geocoder {
  return {
    async search(query, limit) {
      const response = await fetch(options.endpoint ?? GOOGLE_TEXT_SEARCH_URL, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Goog-Api-Key": options.apiKey,
          "X-Goog-FieldMask": "places.displayName,places.formattedAddress,places.location",
        },
        body: JSON.stringify({ textQuery: query, pageSize: limit }),
        signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`Google Places answered ${response.status}`);
      return googleResults
        .parse(await response.json())
        .places.slice(0, limit)
        .map((place) => {
          const address = place.formattedAddress ?? place.displayName?.text ?? "";
          const title = place.displayName?.text;
          // The venue's own name is often missing from its address ("Riverside Park, 100 River Rd").
          const name = title && !address.includes(title) ? `${title}, ${address}` : address;
          return { name, latitude: place.location.latitude, longitude: place.location.longitude, source: "geocoder" as const };
        })
        .filter((place) => place.name !== "");
    },
  };
}

async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${new URL(url).host} answered ${response.status}`);
  return response.json();
}

/** Runs calls one after another, at least `intervalMs` apart. */
function spaced(intervalMs: number) {
  let queue: Promise<unknown> = Promise.resolve();
  let last = 0;
  return <T>(call: () => Promise<T>): Promise<T> => {
    if (intervalMs <= 0) return call();
    const run = queue.then(async () => {
      const wait = last + intervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      last = Date.now();
      return call();
    });
    queue = run.catch(() => undefined);
    return run;
  };
}

const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX_ENTRIES = 500;

/** Organisers search the same few pitches again and again; a small cache spares the service. Failures are not kept. */
function cached(geocoder: Geocoder): Geocoder {
  const entries = new Map<string, { at: number; places: PlaceSuggestion[] }>();
  return {
    async search(query, limit) {
      const key = `${limit}:${query.toLowerCase()}`;
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.places;
      const places = await geocoder.search(query, limit);
      entries.delete(key);
      entries.set(key, { at: Date.now(), places });
      // Maps iterate in insertion order, so the first key is the oldest.
      if (entries.size > CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return places;
    },
  };
}
