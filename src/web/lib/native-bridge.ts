/** Capacitor's bridge sets window.Capacitor inside the app; reading it keeps Capacitor out of the web bundle. */
export function isNativeApp(): boolean {
  // Rendered on the server (docs/server-rendering.md): the mobile app renders its own pages.
  if (typeof window === "undefined") return false;
  const bridge = (window as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return Boolean(bridge?.isNativePlatform?.());
}
