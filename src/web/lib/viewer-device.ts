import { VIEWER_DEVICE_COOKIE, VIEWER_DEVICE_COOKIE_MAX_AGE_SECONDS, writeViewerDevice } from "#shared/viewer-device.ts";
import { SERVER_RENDER_ELEMENT_ID, type ServerRender } from "./server-render.ts";

/**
 * Keeps this device's clock zone and screen width where the server reads them, so that the next page
 * it renders is drawn as this browser draws it (docs/server-rendering.md).
 */
export function rememberViewerDevice(): void {
  const value = writeViewerDevice({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, narrow: window.matchMedia("(max-width: 640px)").matches });
  if (document.cookie.includes(`${VIEWER_DEVICE_COOKIE}=${value}`)) return;
  document.cookie = `${VIEWER_DEVICE_COOKIE}=${value}; path=/; max-age=${VIEWER_DEVICE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/** What the server rendered this page with, if it did. */
export function readServerRender(): ServerRender | undefined {
  const element = document.getElementById(SERVER_RENDER_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as ServerRender;
  } catch {
    return undefined;
  }
}
