import { isKnownTimeZone } from "./time-zone-name.ts";

/**
 * What the server must know of a visitor's device to render a page as their browser will draw it
 * (docs/server-rendering.md): the zone of its clock (dates) and whether its screen is narrow (the
 * mobile layout, ≤ 640 px). The web app keeps both in a cookie as it starts; without the cookie the
 * server does not render the page.
 */
export interface ViewerDevice {
  timeZone: string;
  narrow: boolean;
}

export const VIEWER_DEVICE_COOKIE = "kickoff_view";
export const VIEWER_DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** The cookie's value: "America/Toronto|n" (narrow) or "…|w" (wide). */
export function writeViewerDevice(device: ViewerDevice): string {
  return encodeURIComponent(`${device.timeZone}|${device.narrow ? "n" : "w"}`);
}

/** The device a Cookie header names, if it names one with a zone this runtime knows. */
export function viewerDeviceFromCookieHeader(header: string | undefined | null): ViewerDevice | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at <= 0 || part.slice(0, at).trim() !== VIEWER_DEVICE_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
    const match = /^([A-Za-z0-9_+\-/]{1,64})\|([nw])$/.exec(value);
    if (!match || !isKnownTimeZone(match[1]!)) return undefined;
    return { timeZone: match[1]!, narrow: match[2] === "n" };
  }
  return undefined;
}
