/** Capacitor's bridge sets window.Capacitor inside the app; reading it keeps Capacitor out of the web bundle. */
export function isNativeApp(): boolean {
  const bridge = (window as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return Boolean(bridge?.isNativePlatform?.());
}
