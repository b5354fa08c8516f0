import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { writeViewerDevice } from "#shared/viewer-device.ts";
import { createApp } from "#server/app.ts";
import { SCREEN_AREAS } from "./render-page.ts";
import type { TestClient} from "#test/test-app.ts";
import { createTestContext, signUpVerified, type TestContext } from "#test/test-app.ts";
import { screensAsWritten } from "#test/screens-as-written.ts";

// The shape of the built page (src/web/index.html after `vite build`), cut down.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" href="/icon.svg" type="image/svg+xml" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <title>Kickoff</title>
    <style data-first-paint>body{margin:0}.first-paint{display:flex}</style>
    <style>.start-failure{margin:0 auto}</style>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/common-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/common-abc.css">
    <link rel="preload" href="/api/me" as="fetch" crossorigin="use-credentials">
    <link rel="preload" href="/api/config" as="fetch" crossorigin="use-credentials">
  </head>
  <body>
    <div id="root"><div class="first-paint" role="status">Loading...</div></div>
    <!-- the start failure notice -->
    <div id="start-failure" hidden></div>
  </body>
</html>`;
const CSS = "body{margin:0}.screen{color:green}.unused{color:red}@media (width>=40rem){.sm\\:flex{display:flex}}";
const MANIFEST = {
  "routes/home.tsx": { file: "assets/home-abc.js", imports: ["_shared-abc.js"] },
  "_shared-abc.js": { file: "assets/shared-abc.js" },
  "../shared/i18n/catalogs/en/shell.ts": { file: "assets/messages-en-shell-abc.js" },
  "../shared/i18n/catalogs/en/home.ts": { file: "assets/messages-en-home-abc.js" },
};

/**
 * A render entry as `vite build --ssr` leaves it (src/web/entry-server.tsx), reduced to what the server
 * side decides on: it reads /api/me through the transport it is given, and fails as a screen's error
 * or a part that suspends would when the address asks it to.
 */
const ENTRY = `
export async function renderPage(input) {
  if (input.url.includes("fault")) throw new Error("a bug in a screen");
  // What Preact's renderToString throws for a part that suspends (a lazy part not loaded first).
  if (input.url.includes("suspended")) throw new Error('Use "renderToStringAsync" for suspenseful rendering.');
  const me = JSON.parse(await (await input.transport("/api/me", { method: "GET", headers: {} })).text());
  // As the real entry: without the device cookie only the login screen, which this one does not make.
  if (!me.user || !input.device) return null;
  const html = "<p class=\\"screen sm:flex\\">Signed in as " + me.user.email + "</p>";
  // The elements and classes the real entry gathers while it renders (src/web/lib/styled-elements.ts).
  const styled = new Set(["<p", "screen sm:flex"]);
  if (input.url.includes("wide")) {
    // Words above U+00FF in what the server writes around the screen: a title, the data, the notice.
    const words = "Caf\u00e9 \u26bd \u2014 l\u2019\u00e9quipe\u2026";
    return { html, styled, gettingReady: "Getting ready\u2026", state: { screen: "home", title: words, language: input.language, device: input.device, now: 0, queries: [{ key: ["title"], data: words, updatedAt: 0 }] } };
  }
  return { html, styled, state: { screen: "home", language: input.language, device: input.device, now: 0, queries: [{ key: ["title"], data: "</script><script>alert(1)</script>", updatedAt: 0 }] } };
}
`;

let context: TestContext;
let webDist: string;
let ssrDist: string;
let app: ReturnType<typeof createApp>;
const DEVICE = `kickoff_view=${writeViewerDevice({ timeZone: "America/Toronto", narrow: true })}`;

beforeAll(async () => {
  context = await createTestContext();
  webDist = mkdtempSync(join(tmpdir(), "kickoff-render-web-"));
  ssrDist = mkdtempSync(join(tmpdir(), "kickoff-render-ssr-"));
  writeFileSync(join(webDist, "index.html"), INDEX_HTML);
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "assets", "common-abc.css"), CSS);
  mkdirSync(join(webDist, ".vite"));
  writeFileSync(join(webDist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  writeFileSync(join(ssrDist, "entry-server.js"), ENTRY);
  app = createApp(context.services, { webDist, ssrDist });
});
afterAll(async () => {
  await context.close();
  rmSync(webDist, { recursive: true, force: true });
  rmSync(ssrDist, { recursive: true, force: true });
});

/** A page as the browser asks for it, with the session's cookies and more. */
async function pageFor(client: TestClient | undefined, path: string, headers: Record<string, string> = {}) {
  const cookie = [client ? [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ") : "", headers.cookie ?? ""].filter(Boolean).join("; ");
  const response = await app.request(path, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  return { response, html: await response.text() };
}

describe("pages rendered on the server", () => {
  it("renders the viewer's screen from the API as their request reads it, inert until hydrated, never for a shared cache", async () => {
    const { client, email } = await signUpVerified(context);
    const { response, html } = await pageFor(client, "/", { cookie: DEVICE });
    expect(response.status).toBe(200);
    expect(html).toContain(`<div id="root" inert><p class="screen sm:flex">Signed in as ${email}</p></div><script type="application/json" id="server-render">`);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("vary")).toMatch(/cookie/i);
    // The stylesheet's rules for the page inline, the answers it holds no longer preloaded, the screen's files asked for at once.
    // Only the rules this page uses; the whole stylesheet comes after the first paint (/boot.js).
    expect(html).toContain("<style>body{margin:0}.screen{color:green}@media (width>=40rem){.sm\\:flex{display:flex}}</style>");
    expect(html).not.toContain('rel="stylesheet"');
    // Not the rules of the plain page's "Loading..." (its root is the screen), but the start failure's.
    expect(html).not.toContain(".first-paint{");
    expect(html).toContain("<style>.start-failure{margin:0 auto}</style>");
    expect(html).toContain('data-styles="/assets/common-abc.css"');
    expect(html).not.toContain('href="/api/me"');
    // Nothing fetched before the first paint: /boot.js asks for the main script and every module of
    // the screen (the build's own preloads too) after it, all at once.
    expect(html).not.toContain('rel="modulepreload"');
    // Nor the icon or the manifest: their links are inert until /boot.js adds them, and an empty icon
    // keeps the browser from asking for /favicon.ico meanwhile.
    expect(html).toContain('<link rel="icon" href="data:,"><template data-after-paint><link rel="icon" href="/icon.svg" type="image/svg+xml" /></template><template data-after-paint><link rel="manifest" href="/manifest.webmanifest" /></template>');
    const boot = /<script type="module" src="\/boot.js" data-main="\/assets\/index-abc.js" data-modules="([^"]*)" data-styles="\/assets\/common-abc.css" data-getting-ready=""><\/script>/.exec(html);
    expect(boot).not.toBeNull();
    const modules = boot![1]!.split(" ");
    // Named without /assets/, which boot.js puts back.
    for (const file of ["common-abc.js", "home-abc.js", "shared-abc.js", "messages-en-shell-abc.js", "messages-en-home-abc.js"]) expect(modules).toContain(file);
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    // The embedded answers cannot end their element, whatever a title says.
    const json = /<script type="application\/json" id="server-render">(.*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json)).toMatchObject({ device: { timeZone: "America/Toronto", narrow: true }, queries: [{ data: "</script><script>alert(1)</script>" }] });

    // Another viewer gets their own page.
    const other = await signUpVerified(context);
    const theirs = await pageFor(other.client, "/", { cookie: DEVICE });
    expect(theirs.html).toContain(`Signed in as ${other.email}`);
    expect(theirs.html).not.toContain(email);
  });

  it("asks with each screen it renders for the message areas screens.ts names for it, and the shell's", () => {
    // An area left out was fetched only once the page's script had started: a round trip later.
    const screens = screensAsWritten();
    for (const [screen, areas] of Object.entries(SCREEN_AREAS)) {
      const named = screens.find(({ name }) => name === screen);
      expect(named, screen).toBeDefined();
      expect([...areas].sort(), screen).toEqual(["shell", ...named!.areas].sort());
    }
  });

  it("writes what it adds around the screen without a character above U+00FF, as escapes that read back the same", async () => {
    const { client } = await signUpVerified(context);
    const { html } = await pageFor(client, "/?wide", { cookie: DEVICE });
    const words = "Café ⚽ — l’équipe…";
    // So V8 keeps the page one byte a character (docs/server-rendering.md, "What a render costs").
    expect([...html].filter((character) => character.codePointAt(0)! > 0xff)).toEqual([]);
    const decoded = (text: string) => text.replace(/&#(\d+);/g, (_reference, code: string) => String.fromCodePoint(Number(code)));
    expect(decoded(/<title>(.*?)<\/title>/.exec(html)![1]!)).toBe(words);
    expect(decoded(/data-getting-ready="([^"]*)"/.exec(html)![1]!)).toBe("Getting ready…");
    const json = /<script type="application\/json" id="server-render">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toMatchObject({ title: words, queries: [{ data: words }] });
  });

  it("sends the plain page when it cannot render: no device cookie yet, the offline shell, a screen it does not make", async () => {
    const { client } = await signUpVerified(context);
    for (const [headers, why] of [
      [{}, "no device cookie"],
      [{ cookie: DEVICE, "x-kickoff-shell": "1" }, "the service worker's shell"],
    ] as const) {
      const { response, html } = await pageFor(client, "/", headers);
      expect(html, why).toContain('<div id="root"><div class="first-paint" role="status">Loading...</div></div>');
      expect(html, why).not.toContain("server-render");
      expect(html, why).toContain("<style data-first-paint>body{margin:0}.first-paint{display:flex}</style>");
      // Its icon and manifest as index.html has them (the offline shell, the mobile app: no boot.js).
      expect(html, why).toMatch(/<head>\s*<link rel="icon" href="\/icon.svg" type="image\/svg\+xml" \/>\s*<link rel="manifest" href="\/manifest.webmanifest" \/>/);
      expect(response.headers.get("cache-control"), why).toBe("no-cache");
    }
    // Signed out, this entry renders nothing (the real one renders the login screen).
    expect((await pageFor(undefined, "/", { cookie: DEVICE })).html).toContain("Loading...");
  });

  it("falls back to the plain page for a render that fails (a screen's error, a part that suspends), and logs a fault once", async () => {
    const { client } = await signUpVerified(context);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      for (const path of ["/fault", "/fault", "/suspended"]) {
        const { response, html } = await pageFor(client, path, { cookie: DEVICE });
        expect(response.status, path).toBe(200);
        expect(html, path).toContain('<div id="root"><div class="first-paint" role="status">Loading...</div></div>');
        expect(html, path).not.toContain("server-render");
      }
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
    }
  });

  it("never serves the build's own records", async () => {
    const { html } = await pageFor(undefined, "/.vite/manifest.json");
    expect(html).not.toContain("routes/home.tsx");
  });
});
