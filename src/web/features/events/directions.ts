/** Where a directions link opens: a map website, or the phone's own map app inside the mobile app. */
export type MapPlatform = "web" | "android" | "ios";

/**
 * A link that opens the route to a venue in the user's map app. On the web, Google Maps' directions
 * URL (a phone with the Google Maps app opens it there). In the Android app, a geo: URI, which the
 * system hands to whichever map app the user chose; in the iOS app, Apple Maps' link. A venue typed
 * in without its point (docs/decisions/021) is found by its name and address instead.
 */
export function directionsUrl(venue: { latitude: number | null; longitude: number | null; name: string }, platform: MapPlatform = "web"): string {
  const point = venue.latitude !== null && venue.longitude !== null ? `${venue.latitude},${venue.longitude}` : null;
  if (platform === "android") return point ? `geo:0,0?q=${point}(${encodeURIComponent(venue.name)})` : `geo:0,0?q=${encodeURIComponent(venue.name)}`;
  if (platform === "ios") return `https://maps.apple.com/?${new URLSearchParams({ daddr: point ?? venue.name, q: venue.name })}`;
  return `https://www.google.com/maps/dir/?${new URLSearchParams({ api: "1", destination: point ?? venue.name })}`;
}

/** The platform the app runs on, as Capacitor's bridge reports it (none in a browser). */
export function currentMapPlatform(): MapPlatform {
  // Rendered on the server (docs/server-rendering.md): a browser's page, as the mobile app renders its own.
  if (typeof window === "undefined") return "web";
  const bridge = (window as { Capacitor?: { isNativePlatform?: () => boolean; getPlatform?: () => string } }).Capacitor;
  if (!bridge?.isNativePlatform?.()) return "web";
  const platform = bridge.getPlatform?.();
  return platform === "android" || platform === "ios" ? platform : "web";
}
