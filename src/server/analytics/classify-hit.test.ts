import { describe, expect, it } from "vitest";
import { deviceOf, isBot, isPrefetch, referrerSite, screenOf } from "./classify-hit.ts";

const UA = {
  iphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  android: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  androidTablet: "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
  desktop: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  mac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
};

describe("which requests are a person's", () => {
  it("leaves out crawlers, previews, scripts, automated browsers and requests without a user agent", () => {
    for (const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "TelegramBot (like TwitterBot)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
      "curl/8.5.0",
      "python-requests/2.32.3",
      "Go-http-client/1.1",
      "node-fetch",
      "",
      undefined,
    ]) {
      expect(isBot(agent), agent).toBe(true);
    }
    for (const agent of Object.values(UA)) expect(isBot(agent), agent).toBe(false);
  });

  it("leaves out prefetches and prerenders, whichever header says so", () => {
    const headers = (values: Record<string, string>) => (name: string) => values[name];
    expect(isPrefetch(headers({ "sec-purpose": "prefetch" }))).toBe(true);
    expect(isPrefetch(headers({ "sec-purpose": "prefetch;prerender" }))).toBe(true);
    expect(isPrefetch(headers({ purpose: "prefetch" }))).toBe(true);
    expect(isPrefetch(headers({ "x-purpose": "preview" }))).toBe(true);
    expect(isPrefetch(headers({ "x-moz": "prefetch" }))).toBe(true);
    expect(isPrefetch(headers({}))).toBe(false);
  });
});

describe("what is counted", () => {
  it("tells phones, tablets and desktops apart", () => {
    expect(deviceOf(UA.iphone)).toBe("phone");
    expect(deviceOf(UA.android)).toBe("phone");
    expect(deviceOf(UA.ipad)).toBe("tablet");
    expect(deviceOf(UA.androidTablet)).toBe("tablet");
    expect(deviceOf(UA.desktop)).toBe("desktop");
    expect(deviceOf(UA.mac)).toBe("desktop");
  });

  it("names the screen of each route, with the game of an event page", () => {
    const id = "0b6e7a52-4c1e-4d3a-9f55-2a7d1c0e9b11";
    expect(screenOf("/", true)).toEqual({ screen: "home", eventId: null });
    expect(screenOf("/", false)).toEqual({ screen: "login", eventId: null });
    expect(screenOf(`/event/${id}`, false)).toEqual({ screen: "event", eventId: id });
    expect(screenOf(`/event/${id.toUpperCase()}/`, true)).toEqual({ screen: "event", eventId: id });
    expect(screenOf("/event/not-a-game", true)).toEqual({ screen: "event", eventId: null });
    expect(screenOf("/event/%E0%A4%A", true)).toEqual({ screen: "event", eventId: null });
    expect(screenOf("/your-events", true)).toEqual({ screen: "your-events", eventId: null });
    expect(screenOf("/profile/", true)).toEqual({ screen: "profile", eventId: null });
    for (const path of ["/privacy", "/register", "/admin/create-event", "/no/such/page"]) expect(screenOf(path, true).screen).toBe("other");
  });

  it("names the site a visit came from: one name per known site, none for this app's own hosts", () => {
    const own = new Set(["games.example.org", "app.games.example.org"]);
    for (const host of ["wa.me", "api.whatsapp.com", "web.whatsapp.com", "com.whatsapp", "WA.ME"]) expect(referrerSite(host, own), host).toBe("whatsapp");
    expect(referrerSite("l.facebook.com", own)).toBe("facebook.com");
    expect(referrerSite("www.google.com", own)).toBe("google.com");
    expect(referrerSite("t.co", own)).toBe("t.co");
    expect(referrerSite("games.example.org", own)).toBeNull();
    expect(referrerSite("app.games.example.org", own)).toBeNull();
    expect(referrerSite(null, own)).toBeNull();
    expect(referrerSite(undefined, own)).toBeNull();
  });
});
