import { afterEach, describe, expect, it, vi } from "vitest";
import { currentMapPlatform, directionsUrl } from "./directions.ts";

const venue = { latitude: 40.7812, longitude: -73.9665, name: "Riverside Park (Pitch 3)" };

describe("directions to a venue", () => {
  it("opens Google Maps' route to the venue's coordinates on the web", () => {
    const url = new URL(directionsUrl(venue));
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps/dir/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("destination")).toBe("40.7812,-73.9665");
  });

  it("hands a geo: URI to the Android app's map chooser, with the venue's name as the pin's label", () => {
    expect(directionsUrl(venue, "android")).toBe("geo:0,0?q=40.7812,-73.9665(Riverside%20Park%20(Pitch%203))");
  });

  it("opens Apple Maps' route in the iOS app", () => {
    const url = new URL(directionsUrl(venue, "ios"));
    expect(url.origin).toBe("https://maps.apple.com");
    expect(url.searchParams.get("daddr")).toBe("40.7812,-73.9665");
  });
});

describe("directions to a venue typed in by its address only", () => {
  const typed = { latitude: null, longitude: null, name: "Old Mill Field, Mill Lane, Little Hampton" };

  it("asks each map for the route to the address", () => {
    expect(new URL(directionsUrl(typed)).searchParams.get("destination")).toBe(typed.name);
    expect(directionsUrl(typed, "android")).toBe("geo:0,0?q=Old%20Mill%20Field%2C%20Mill%20Lane%2C%20Little%20Hampton");
    expect(new URL(directionsUrl(typed, "ios")).searchParams.get("daddr")).toBe(typed.name);
  });
});

describe("the platform the link is for", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const inWindow = (capacitor?: { isNativePlatform: () => boolean; getPlatform: () => string }) => vi.stubGlobal("window", { Capacitor: capacitor });

  it("is the web in a browser, and the native platform inside the Capacitor app", () => {
    inWindow();
    expect(currentMapPlatform()).toBe("web");
    inWindow({ isNativePlatform: () => false, getPlatform: () => "web" });
    expect(currentMapPlatform()).toBe("web");
    inWindow({ isNativePlatform: () => true, getPlatform: () => "android" });
    expect(currentMapPlatform()).toBe("android");
    inWindow({ isNativePlatform: () => true, getPlatform: () => "ios" });
    expect(currentMapPlatform()).toBe("ios");
  });
});
