import type { Language } from "#shared/language.ts";
import { timeZoneName } from "#shared/time-zone-name.ts";
import { serverRender } from "./server-render.ts";

/**
 * A zone's name ("Pacific Time") as a screen shows it, the same in the server's HTML and in the
 * browser's hydrating render: the two platforms' time-zone data differ (Node names America/Vancouver
 * "Pacific Time", Chromium "Pacific Time (Canada)"), and a text that differs is React's error #418.
 * The server keeps the names it used in the page's data block (docs/server-rendering.md); the
 * browser reads them back while it hydrates, and names zones itself from then on.
 */
export function renderedTimeZoneName(timeZone: string, at: Date | string | undefined, language: Language): string {
  const rendering = serverRender();
  if (!rendering) return timeZoneName(timeZone, at, language);
  const key = `${timeZone}|${language}|${at === undefined ? "" : new Date(at).toISOString().slice(0, 10)}`;
  const names = (rendering.zoneNames ??= {});
  return (names[key] ??= timeZoneName(timeZone, at, language));
}
