import { describe, expect, it } from "vitest";
import { deviceLabel } from "./device-label.ts";
import { endpointAllowed } from "./endpoint.ts";

const production = { production: true, push: { extraServiceHosts: ["push.example.org"] } };

describe("where pushes may be posted (docs/notifications.md)", () => {
  it("in production, only https endpoints of the browsers' push services or PUSH_SERVICE_HOSTS", () => {
    expect(endpointAllowed("https://fcm.googleapis.com/fcm/send/abc", production)).toBe(true);
    expect(endpointAllowed("https://updates.push.services.mozilla.com/wpush/v2/abc", production)).toBe(true);
    expect(endpointAllowed("https://web.push.apple.com/QGuQ", production)).toBe(true);
    expect(endpointAllowed("https://wns2-par02p.notify.windows.com/w/?token=x", production)).toBe(true);
    expect(endpointAllowed("https://push.example.org/x", production)).toBe(true);
    expect(endpointAllowed("http://fcm.googleapis.com/fcm/send/abc", production)).toBe(false);
    expect(endpointAllowed("https://127.0.0.1/notify", production)).toBe(false);
    expect(endpointAllowed("https://evilfcm.googleapis.com.attacker.net/x", production)).toBe(false);
    expect(endpointAllowed("not a url", production)).toBe(false);
  });

  it("outside production, any http(s) endpoint (a push service on loopback for the tests)", () => {
    expect(endpointAllowed("http://localhost:8090/notify/abc", { ...production, production: false })).toBe(true);
    expect(endpointAllowed("ftp://localhost/x", { ...production, production: false })).toBe(false);
  });

  it("names a device by its browser and system", () => {
    expect(deviceLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1")).toBe("Safari · iOS");
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox · Windows");
    expect(deviceLabel("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/131.0 Safari/537.36 Edg/131.0")).toBe("Edge · macOS");
    expect(deviceLabel(undefined)).toBe("Browser");
  });
});
