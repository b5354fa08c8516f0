import { z } from "zod";
import { errorKey } from "./i18n/error-key.ts";

/**
 * First-party analytics: what the page sends (POST /api/analytics/hits) and what admins read
 * (GET /api/admin/analytics). Only counts: no cookie, no user id, no address; why and how in
 * docs/decisions/018-first-party-analytics.md.
 */

/** The screen a hit is counted under; the server derives it from the path (classify-hit.ts). */
export const SCREENS = ["home", "event", "your-events", "profile", "login", "other"] as const;
export type Screen = (typeof SCREENS)[number];

/** From the user agent, on the server. */
export const DEVICES = ["phone", "tablet", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

export const HIT_KINDS = ["view", "share"] as const;
export type HitKind = (typeof HIT_KINDS)[number];

/** A host name as URL#hostname gives it (an app opening a link shows as its package, e.g. com.whatsapp). */
const HOST = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/i;

/**
 * One hit, as the page sends it with navigator.sendBeacon (text/plain) or fetch: a screen shown
 * (`view`) or the Share button used (`share`), on the path of the app it happened on.
 */
export const hitSchema = z.strictObject({
  kind: z.enum(HIT_KINDS),
  /** The app's path only: no query, no fragment. */
  path: z.string().max(200).regex(/^\/[^\s?#]*$/, errorKey("shared.analytics.path")),
  /** Whether a verified account was signed in: counted, never who. */
  signedIn: z.boolean(),
  /**
   * Only on the first view of a page load: the site that linked here (document.referrer's host),
   * or null for none. Absent on every later view.
   */
  referrer: z.string().max(253).regex(HOST, errorKey("shared.analytics.host")).nullable().optional(),
});
export type Hit = z.infer<typeof hitSchema>;

/** GET /api/admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD: whole days in `period.timeZone`, both included. */
export interface AnalyticsReport {
  period: { from: string; to: string; timeZone: string };
  totals: {
    views: number;
    /** Unique visitors of each day, added up: a visitor seen on two days counts twice (days cannot be linked, by design). */
    visitors: number;
    shares: number;
  };
  /** Every day of the period, oldest first, zeros included. */
  days: { day: string; views: number; visitors: number; shares: number; screens: Record<Screen, number> }[];
  /** Views per screen over the period, most first. */
  screens: { screen: Screen; views: number }[];
  /**
   * Where visits came from: the site that linked to the first screen of a page load ("whatsapp",
   * "t.co", ...; null: none, as for a typed address or a bookmark), most first, at most 10.
   */
  referrers: { host: string | null; visits: number }[];
  /** Unique visitors per device class, added up over the days. */
  devices: { device: Device; visitors: number }[];
  /**
   * The funnel of each game whose page was viewed in the period, most opened first (at most 100):
   * event page views → views by signed-in viewers → registrations created → charges that succeeded.
   * The steps are tied by game and day only, never by person.
   */
  games: AnalyticsGame[];
}

export interface AnalyticsGame {
  eventId: string;
  title: string;
  startsAt: string;
  /** Views of the game's page. */
  opened: number;
  /** Views of the game's page by a signed-in viewer. */
  signedIn: number;
  /** Registrations created for the game in the period (a declined card included: `paid` tells). */
  joined: number;
  /** Charges for the game that succeeded, by the day they were made. */
  paid: number;
  /** Share button uses on the game's page. */
  shares: number;
}
