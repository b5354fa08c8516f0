import { LATITUDE_RANGE, LONGITUDE_RANGE } from "#shared/event-limits.ts";
import { t, type MessageKey } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";

/**
 * Reads a point from what an organiser pastes into Event Location when the place search cannot
 * help: coordinates ("40.7812, -73.9665", "40°46'52.3\"N 73°57'59.4\"W"), a geo: URI, or a link
 * from OpenStreetMap, Google Maps or Apple Maps. Offline and pure: nothing is fetched, so short
 * links (whose point is only known to the service that made them) are explained, not followed.
 * A refusal's message is in the screens' language; the constants below are its English.
 */
export type ParsedPoint = { ok: true; latitude: number; longitude: number } | { ok: false; message: string };

export const COORDINATES_EXPECTED = "Enter coordinates like 40.7812, -73.9665, or paste a map link.";
export const SHORT_LINK = "Short links can't be read here. Paste the full link or the coordinates.";
export const NO_POINT_IN_LINK = "This link has no coordinates in it. Paste the full link or the coordinates.";

const SHORT_LINK_HOSTS = new Set(["maps.app.goo.gl", "goo.gl", "g.co", "maps.apple", "osm.org/go", "openstreetmap.org/go"]);
/** Query parameters that hold the pin itself, not the view around it (Google, Apple, Bing, OSM). */
const PIN_PARAMETERS = ["q", "query", "ll", "destination", "daddr", "coordinate", "center", "sll", "cp"];

export function parseMapLocation(text: string): ParsedPoint {
  const input = text.trim();
  if (/^geo:/i.test(input)) return fromGeoUri(input.slice(4)) ?? failure(COORDINATES_EXPECTED);
  const url = toUrl(input);
  if (url) return fromUrl(url);
  return fromPair(input) ?? failure(COORDINATES_EXPECTED);
}

/** "lat, lng" as a point rounded for display and storage: 6 decimals is about 10 cm. */
export function formatPoint(latitude: number, longitude: number): string {
  return `${round(latitude)}, ${round(longitude)}`;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

const NUMBER = String.raw`[+-]?\d+(?:\.\d+)?`;
const DECIMAL_PAIR = new RegExp(String.raw`^(${NUMBER})\s*°?\s*([NSEW])?\s*(?:[,;]\s*|\s+)(${NUMBER})\s*°?\s*([NSEW])?$`, "i");
const DMS = String.raw`(\d{1,3})\s*°\s*(?:(\d{1,2}(?:\.\d+)?)\s*['′]\s*)?(?:(\d{1,2}(?:\.\d+)?)\s*(?:["″]|'')\s*)?([NSEW])`;
const DMS_PAIR = new RegExp(String.raw`^${DMS}\s*,?\s*${DMS}$`, "i");

/** Two coordinates, decimal or degrees-minutes-seconds; null when the text is not a pair at all. */
function fromPair(text: string): ParsedPoint | null {
  const decimal = DECIMAL_PAIR.exec(text);
  if (decimal) return hemispheres(Number(decimal[1]), decimal[2], Number(decimal[3]), decimal[4]);
  const dms = DMS_PAIR.exec(text);
  if (dms) {
    const degrees = (d: string | undefined, m: string | undefined, s: string | undefined) => {
      const minutes = Number(m ?? 0);
      const seconds = Number(s ?? 0);
      return minutes < 60 && seconds < 60 ? Number(d) + minutes / 60 + seconds / 3600 : NaN;
    };
    const first = degrees(dms[1], dms[2], dms[3]);
    const second = degrees(dms[5], dms[6], dms[7]);
    if (Number.isNaN(first) || Number.isNaN(second)) return null;
    return hemispheres(first, dms[4], second, dms[8]);
  }
  return null;
}

/** Applies N/S/E/W (south and west are negative) and accepts "73.97 W, 40.78 N" the other way round. */
function hemispheres(first: number, firstLetter: string | undefined, second: number, secondLetter: string | undefined): ParsedPoint | null {
  const a = firstLetter?.toUpperCase();
  const b = secondLetter?.toUpperCase();
  const signed = (value: number, letter: string | undefined) => (letter === "S" || letter === "W" ? -Math.abs(value) : value);
  const isLatitude = (letter: string | undefined) => letter === undefined || letter === "N" || letter === "S";
  const isLongitude = (letter: string | undefined) => letter === undefined || letter === "E" || letter === "W";
  if (isLatitude(a) && isLongitude(b)) return point(signed(first, a), signed(second, b));
  if (isLongitude(a) && isLatitude(b)) return point(signed(second, b), signed(first, a));
  return null;
}

function point(latitude: number, longitude: number): ParsedPoint {
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) return failure(LATITUDE_RANGE);
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) return failure(LONGITUDE_RANGE);
  return { ok: true, latitude, longitude };
}

/** The refusals this file words, by their English (the constants above, which tests compare with). */
const OWN_MESSAGES: Record<string, MessageKey> = {
  [COORDINATES_EXPECTED]: "admin.venue.coordinatesExpected",
  [SHORT_LINK]: "admin.venue.shortLink",
  [NO_POINT_IN_LINK]: "admin.venue.noPointInLink",
};

function failure(english: string): ParsedPoint {
  const own = OWN_MESSAGES[english];
  // The latitude and longitude ranges are the shared schema's words, translated with the server's.
  return { ok: false, message: own ? t(own) : sharedMessage(english) };
}

/** RFC 5870: geo:lat,lng[,alt][;u=…]; Android shares geo:0,0?q=lat,lng(Label) for a pin. */
function fromGeoUri(rest: string): ParsedPoint | null {
  const [coordinates = "", query = ""] = rest.split("?");
  const [latitude, longitude] = (coordinates.split(";")[0] ?? "").split(",");
  const search = new URLSearchParams(query).get("q");
  // 0,0 with a query means "the place named in q", not a point in the Gulf of Guinea.
  if (search && Number(latitude) === 0 && Number(longitude) === 0) return pinFromText(search) ?? failure(NO_POINT_IN_LINK);
  return fromPair(`${latitude ?? ""},${longitude ?? ""}`);
}

/** A link as pasted from the address bar, with or without its https://. */
function toUrl(input: string): URL | null {
  const withScheme = /^https?:\/\//i.test(input) ? input : /^[\w-]+(\.[\w-]+)+[/?#]/.test(input) ? `https://${input}` : null;
  if (!withScheme || /\s/.test(withScheme)) return null;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

/**
 * The pin before the view: Google's !3d…!4d… (the place), OSM's mlat/mlon (the marker), a pin
 * parameter (?q=, ?query=, ?ll=…), a pair in the path (/maps/search/40.78,-73.97); then the
 * view's centre: Google's /@lat,lng,17z and OSM's #map=zoom/lat/lng.
 */
function fromUrl(url: URL): ParsedPoint {
  const href = safeDecode(url.href);
  const candidates: (() => ParsedPoint | null)[] = [
    () => matchPair(/!3d(-?[\d.]+)!4d(-?[\d.]+)/.exec(href)),
    () => pairOf(url.searchParams.get("mlat"), url.searchParams.get("mlon")),
    ...PIN_PARAMETERS.map((name) => () => pinFromText(url.searchParams.get(name))),
    () => pairOf(url.searchParams.get("lat"), url.searchParams.get("lon") ?? url.searchParams.get("lng")),
    () => firstOf(url.pathname.split("/").map((segment) => () => pinFromText(safeDecode(segment)))),
    () => matchPair(/\/@(-?[\d.]+),(-?[\d.]+)(?:[,/?]|$)/.exec(href)),
    () => matchPair(/(?:^|&)map=[\d.]+\/(-?[\d.]+)\/(-?[\d.]+)/.exec(url.hash.slice(1))),
  ];
  const found = firstOf(candidates);
  if (found) return found;
  const host = url.hostname.replace(/^www\./, "");
  const firstSegment = url.pathname.split("/")[1] ?? "";
  const isShort = SHORT_LINK_HOSTS.has(host) || SHORT_LINK_HOSTS.has(`${host}/${firstSegment}`) || host.endsWith(".page.link");
  return failure(isShort ? SHORT_LINK : NO_POINT_IN_LINK);
}

function firstOf(candidates: (() => ParsedPoint | null)[]): ParsedPoint | null {
  for (const candidate of candidates) {
    const found = candidate();
    if (found) return found;
  }
  return null;
}

function matchPair(match: RegExpExecArray | null): ParsedPoint | null {
  return match ? pairOf(match[1], match[2]) : null;
}

function pairOf(latitude: string | null | undefined, longitude: string | null | undefined): ParsedPoint | null {
  if (!latitude || !longitude) return null;
  return fromPair(`${latitude},${longitude}`);
}

/** "40.78,-73.97", "loc:40.78,-73.97", "40.78, -73.97 (Riverside Park)", Bing's "40.78~-73.97"; null for a place name. */
function pinFromText(value: string | null): ParsedPoint | null {
  if (!value) return null;
  const text = value
    .replace(/^loc:/i, "")
    .replace(/\([^)]*\)\s*$/, "")
    .replace(/\+/g, " ")
    .replace("~", ",")
    .trim();
  return fromPair(text);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
