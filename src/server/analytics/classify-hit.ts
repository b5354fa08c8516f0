import type { Device, Screen } from "#shared/analytics.ts";

/**
 * The pure rules that turn a beacon into what is counted (docs/decisions/018-first-party-analytics.md):
 * which requests are left out, the device class, the screen and game, the referring site.
 */

/**
 * Crawlers, link previews, monitors, scripts and automated browsers. Link-preview fetchers
 * (WhatsApp's, Slack's...) read the HTML and never run the page, so they never send a beacon; what
 * does is a headless browser or a script, and those say so in their user agent.
 */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|facebookcatalog|embedly|preview|headless|phantomjs|puppeteer|playwright|selenium|webdriver|lighthouse|pagespeed|pingdom|uptime|monitor|curl\/|wget\/|python|java\/|go-http-client|okhttp|axios\/|node-fetch|undici|libwww|httpclient|scrapy|ahrefs|semrush|petalbot|bytespider|gptbot|ccbot|claudebot|perplexity/i;

/** Not a person's visit: no user agent, or one of the patterns above. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.trim() === "" || BOT.test(userAgent);
}

/**
 * A request made while the browser only prepares a page nobody has looked at yet: prefetch and
 * prerender (Sec-Purpose, and the older Purpose / X-Purpose / X-Moz), and Safari's preview tiles.
 */
export function isPrefetch(header: (name: string) => string | undefined): boolean {
  return ["sec-purpose", "purpose", "x-purpose", "x-moz"].some((name) => /prefetch|prerender|preview/i.test(header(name) ?? ""));
}

const TABLET = /ipad|tablet|playbook|silk\/|kindle|nexus (7|9|10)\b|\bsm-t\d|android(?!.*mobile)/i;
const PHONE = /mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i;

/** Phone, tablet or desktop, from the user agent (an iPad that asks for the desktop site counts as desktop). */
export function deviceOf(userAgent: string): Device {
  if (TABLET.test(userAgent)) return "tablet";
  if (PHONE.test(userAgent)) return "phone";
  return "desktop";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The screen a path of the web app shows (src/web/router.tsx) and, on an event page, its game.
 * "/" is the login screen until a verified account is signed in.
 */
export function screenOf(path: string, signedIn: boolean): { screen: Screen; eventId: string | null } {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (trimmed === "/") return { screen: signedIn ? "home" : "login", eventId: null };
  const event = /^\/event\/([^/]+)$/.exec(trimmed);
  if (event) {
    const id = decodeSafely(event[1]!);
    return { screen: "event", eventId: UUID.test(id) ? id.toLowerCase() : null };
  }
  if (trimmed === "/your-events") return { screen: "your-events", eventId: null };
  if (trimmed === "/profile") return { screen: "profile", eventId: null };
  return { screen: "other", eventId: null };
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Sites that reach people through several hosts (link shims, apps opening the link) under one name. */
const SITES: Record<string, string> = {
  "wa.me": "whatsapp",
  "whatsapp.com": "whatsapp",
  "api.whatsapp.com": "whatsapp",
  "web.whatsapp.com": "whatsapp",
  "chat.whatsapp.com": "whatsapp",
  "com.whatsapp": "whatsapp",
  "com.whatsapp.w4b": "whatsapp",
  "l.facebook.com": "facebook.com",
  "lm.facebook.com": "facebook.com",
  "m.facebook.com": "facebook.com",
  "com.facebook.katana": "facebook.com",
  "l.messenger.com": "messenger.com",
  "com.facebook.orca": "messenger.com",
  "l.instagram.com": "instagram.com",
  "com.instagram.android": "instagram.com",
  "org.telegram.messenger": "t.me",
  "com.twitter.android": "t.co",
  "com.google.android.gm": "mail.google.com",
};

/**
 * The site a visit came from, as counted: lowercased, without "www.", a known site's hosts under one
 * name; null for none or for this app's own hosts (a link within the app is not a way in).
 */
export function referrerSite(host: string | null | undefined, ownHosts: ReadonlySet<string>): string | null {
  if (!host) return null;
  const lower = host.toLowerCase().replace(/\.$/, "");
  if (ownHosts.has(lower)) return null;
  const bare = lower.startsWith("www.") ? lower.slice(4) : lower;
  return SITES[bare] ?? bare;
}
