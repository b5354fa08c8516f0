import { describe, expect, it } from "vitest";
import { LATITUDE_RANGE, LONGITUDE_RANGE } from "#shared/events.ts";
import { COORDINATES_EXPECTED, formatPoint, NO_POINT_IN_LINK, parseMapLocation, SHORT_LINK } from "./map-link.ts";
import { english } from "#test/shared-english.ts";

const at = (latitude: number, longitude: number) => ({ ok: true, latitude, longitude });
const refused = (message: string) => ({ ok: false, message });

describe("parseMapLocation: coordinates", () => {
  it.each([
    ["40.7812, -73.9665", at(40.7812, -73.9665)],
    ["40.7812,-73.9665", at(40.7812, -73.9665)],
    ["  40.7812 , -73.9665  ", at(40.7812, -73.9665)],
    ["40.7812 -73.9665", at(40.7812, -73.9665)],
    ["-33.8568; 151.2153", at(-33.8568, 151.2153)],
    ["+48.8584, +2.2945", at(48.8584, 2.2945)],
    ["0, 0", at(0, 0)],
    ["90, 180", at(90, 180)],
    ["-90, -180", at(-90, -180)],
    ["40.7812° N, 73.9665° W", at(40.7812, -73.9665)],
    ["33.8568 S 151.2153 E", at(-33.8568, 151.2153)],
    ["73.9665 W, 40.7812 N", at(40.7812, -73.9665)],
  ])("reads %j", (text, expected) => {
    expect(parseMapLocation(text)).toEqual(expected);
  });

  it("reads degrees, minutes and seconds as Google Maps shows them", () => {
    const parsed = parseMapLocation(`40°46'52.3"N 73°57'59.4"W`);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.latitude).toBeCloseTo(40.781194, 6);
    expect(parsed.longitude).toBeCloseTo(-73.966500, 6);
    expect(parseMapLocation(`51°30′N, 0°7′W`)).toEqual(at(51.5, -(7 / 60)));
  });

  it.each([
    ["91, 0", english(LATITUDE_RANGE)],
    ["-90.0001, 10", english(LATITUDE_RANGE)],
    ["40.78, 180.5", english(LONGITUDE_RANGE)],
    ["40.78, -200", english(LONGITUDE_RANGE)],
    ["1000, 5", english(LATITUDE_RANGE)],
  ])("refuses %j: out of range", (text, message) => {
    expect(parseMapLocation(text)).toEqual(refused(message));
  });

  it.each(["", "   ", "Riverside Park", "40.7812", "40.78, -73.97, 12", "40.78 N, 73.97 N", `40°61'N 73°57'W`, "north, west"])(
    "refuses %j with an example of what it reads",
    (text) => {
      expect(parseMapLocation(text)).toEqual(refused(COORDINATES_EXPECTED));
    },
  );
});

describe("parseMapLocation: links", () => {
  it.each([
    ["OSM's #map= view", "https://www.openstreetmap.org/#map=17/40.7812/-73.9665", at(40.7812, -73.9665)],
    ["OSM's #map= with layers", "https://www.openstreetmap.org/#map=17/40.7812/-73.9665&layers=N", at(40.7812, -73.9665)],
    ["OSM's marker over its view", "https://www.openstreetmap.org/?mlat=40.78&mlon=-73.97#map=15/40.7790/-73.9600", at(40.78, -73.97)],
    ["osm.org with a marker", "https://osm.org/?mlat=-33.8568&mlon=151.2153", at(-33.8568, 151.2153)],
    ["OSM's old lat/lon permalink", "https://www.openstreetmap.org/?lat=40.78&lon=-73.97&zoom=15", at(40.78, -73.97)],
    ["Google's place link (view only)", "https://www.google.com/maps/place/Riverside+Park/@40.7812,-73.9665,17z/", at(40.7812, -73.9665)],
    ["Google's viewport link", "https://www.google.com/maps/@40.7812,-73.9665,15z?entry=ttu", at(40.7812, -73.9665)],
    ["Google's Street View link", "https://www.google.com/maps/@40.7812,-73.9665,3a,75y,90t/data=!3m6", at(40.7812, -73.9665)],
    ["maps.google.com ?q=", "https://maps.google.com/?q=40.78,-73.97", at(40.78, -73.97)],
    ["?q= with an encoded comma and a label", "https://maps.google.com/maps?q=40.78%2C-73.97+(Riverside)", at(40.78, -73.97)],
    ["?q=loc:", "https://maps.google.com/maps?q=loc:40.78,-73.97&z=15", at(40.78, -73.97)],
    ["the Maps URLs API", "https://www.google.com/maps/search/?api=1&query=47.5951518,-122.3316393", at(47.5951518, -122.3316393)],
    ["a search for a pair", "https://www.google.com/maps/search/40.7812,+-73.9665?entry=ttu", at(40.7812, -73.9665)],
    ["a place that is a pair", "https://www.google.com/maps/place/40.7812,-73.9665/@40.78,-73.96,17z", at(40.7812, -73.9665)],
    ["Apple Maps ?ll=", "https://maps.apple.com/?ll=48.8584,2.2945&q=Eiffel%20Tower", at(48.8584, 2.2945)],
    ["Bing's cp=", "https://www.bing.com/maps?cp=40.78~-73.97&lvl=15", at(40.78, -73.97)],
    ["a link without its https://", "www.google.com/maps/@40.7812,-73.9665,15z", at(40.7812, -73.9665)],
    ["geo:", "geo:40.78,-73.97", at(40.78, -73.97)],
    ["geo: with altitude and uncertainty", "geo:40.78,-73.97,12;u=35", at(40.78, -73.97)],
    ["Android's geo:0,0?q=", "geo:0,0?q=40.78,-73.97(Riverside Park)", at(40.78, -73.97)],
  ])("reads %s", (_label, link, expected) => {
    expect(parseMapLocation(link)).toEqual(expected);
  });

  it("prefers the place's pin (!3d…!4d…) over the centre of the view (@…)", () => {
    const link =
      "https://www.google.com/maps/place/Riverside+Park/@40.7790,-73.9700,15z/data=!4m6!3m5!1s0x89c2f6!8m2!3d40.7812!4d-73.9665!16s%2Fg%2F11b6";
    expect(parseMapLocation(link)).toEqual(at(40.7812, -73.9665));
  });

  it("prefers ?q='s pin over the view's centre", () => {
    expect(parseMapLocation("https://www.google.com/maps/@40.70,-74.00,12z?q=40.7812,-73.9665")).toEqual(at(40.7812, -73.9665));
  });

  it.each([
    ["maps.app.goo.gl", "https://maps.app.goo.gl/Xk4u2mJbqP3rbbE9A"],
    ["maps.app.goo.gl from a phone", "https://maps.app.goo.gl/Xk4u2mJbqP3rbbE9A?g_st=ic"],
    ["goo.gl/maps", "https://goo.gl/maps/abc123"],
    ["OSM's /go/ short link", "https://osm.org/go/ZfMh~RDw-"],
    ["Apple's short link", "https://maps.apple/p/abcdef"],
  ])("explains that a short link (%s) cannot be read", (_label, link) => {
    expect(parseMapLocation(link)).toEqual(refused(SHORT_LINK));
  });

  it.each([
    ["a Google search for a name", "https://www.google.com/maps/search/?api=1&query=Riverside+Park"],
    ["a Google place without a view", "https://www.google.com/maps/place/Riverside+Park"],
    ["an OSM node", "https://www.openstreetmap.org/node/123456"],
    ["geo:0,0 with a name", "geo:0,0?q=Riverside+Park"],
    ["any other page", "https://example.com/venues/riverside"],
  ])("says when %s carries no coordinates", (_label, link) => {
    expect(parseMapLocation(link)).toEqual(refused(NO_POINT_IN_LINK));
  });

  it.each([
    ["OSM", "https://www.openstreetmap.org/#map=17/95.1/-73.9665", english(LATITUDE_RANGE)],
    ["Google", "https://www.google.com/maps/@40.78,-190.5,15z", english(LONGITUDE_RANGE)],
    ["geo:", "geo:-91,10", english(LATITUDE_RANGE)],
  ])("refuses a %s link whose point is off the globe", (_label, link, message) => {
    expect(parseMapLocation(link)).toEqual(refused(message));
  });
});

describe("formatPoint", () => {
  it("keeps 6 decimals at most", () => {
    expect(formatPoint(40.78123456, -73.96654321)).toBe("40.781235, -73.966543");
    expect(formatPoint(40.5, -73)).toBe("40.5, -73");
  });

  it("writes what parseMapLocation reads back", () => {
    expect(parseMapLocation(formatPoint(-33.85681234, 151.21531234))).toEqual(at(-33.856812, 151.215312));
  });
});
