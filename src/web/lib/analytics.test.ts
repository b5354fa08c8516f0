import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The page's side of analytics, with the browser's globals stood in for (the tests run in Node):
 * what is sent, when, and that nothing is kept in the browser.
 */
let sent: { url: string; body: unknown }[];
let idle: (() => void)[];
let listeners: Record<string, (() => void)[]>;

function browser(options: { referrer?: string; readyState?: DocumentReadyState; sendBeacon?: boolean; onLine?: boolean } = {}) {
  sent = [];
  idle = [];
  listeners = {};
  const on = (type: string, listener: () => void) => (listeners[type] ??= []).push(listener);
  vi.stubGlobal("document", { referrer: options.referrer ?? "", readyState: options.readyState ?? "complete", addEventListener: on });
  vi.stubGlobal("location", { host: "games.example.org" });
  vi.stubGlobal("window", {});
  vi.stubGlobal("addEventListener", on);
  vi.stubGlobal("requestIdleCallback", (run: () => void) => idle.push(run));
  vi.stubGlobal("navigator", {
    onLine: options.onLine ?? true,
    sendBeacon: options.sendBeacon === false ? undefined : (url: string, body: string) => (sent.push({ url, body: JSON.parse(body) }), true),
  });
  vi.stubGlobal("fetch", vi.fn(async (url: string, init: { body: string }) => (sent.push({ url, body: JSON.parse(init.body) }), new Response(null, { status: 204 }))));
}

/** A fresh module per test: its memory of the last screen and of the first view is per page load. */
const load = async () => import("./analytics.ts");
const runIdle = () => idle.splice(0).forEach((run) => run());

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("countView", () => {
  it("sends one hit per screen when the browser is idle, the referring host only with the first", async () => {
    browser({ referrer: "https://wa.me/15551234567?text=hello" });
    const { countView } = await load();
    countView("/event/abc", false);
    expect(sent).toEqual([]);
    runIdle();
    countView("/event/abc", false);
    countView("/", false);
    countView("/", true);
    runIdle();
    expect(sent).toEqual([
      { url: "/api/analytics/hits", body: { kind: "view", path: "/event/abc", signedIn: false, referrer: "wa.me" } },
      { url: "/api/analytics/hits", body: { kind: "view", path: "/", signedIn: false } },
      { url: "/api/analytics/hits", body: { kind: "view", path: "/", signedIn: true } },
    ]);
  });

  it("says none for a visit without a referrer, or from the site itself", async () => {
    browser({ referrer: "" });
    (await load()).countView("/", false);
    runIdle();
    expect(sent[0]!.body).toMatchObject({ referrer: null });

    vi.resetModules();
    browser({ referrer: "https://games.example.org/privacy" });
    (await load()).countView("/", false);
    runIdle();
    expect(sent[0]!.body).toMatchObject({ referrer: null });
  });

  it("waits for the page's load event first", async () => {
    browser({ readyState: "loading" });
    const { countView } = await load();
    countView("/", true);
    expect(idle).toEqual([]);
    (document as unknown as { readyState: string }).readyState = "complete";
    listeners.load!.forEach((listener) => listener());
    runIdle();
    expect(sent).toHaveLength(1);
  });

  it("falls back to fetch with keepalive and no credentials, and sends nothing offline", async () => {
    browser({ sendBeacon: false });
    (await load()).countView("/profile", true);
    runIdle();
    expect(fetch).toHaveBeenCalledWith("/api/analytics/hits", expect.objectContaining({ method: "POST", keepalive: true, credentials: "omit" }));

    vi.resetModules();
    browser({ onLine: false });
    (await load()).countView("/profile", true);
    runIdle();
    expect(sent).toEqual([]);
  });
});

describe("countShare", () => {
  it("sends the share at once", async () => {
    browser();
    (await load()).countShare("/event/abc");
    expect(sent).toEqual([{ url: "/api/analytics/hits", body: { kind: "share", path: "/event/abc", signedIn: true } }]);
  });
});
