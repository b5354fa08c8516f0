import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Context } from "hono";
import type { Language } from "#shared/language.ts";
import { viewerDeviceFromCookieHeader } from "#shared/viewer-device.ts";
import type { RenderedPage, RenderInput } from "#web/entry-server.tsx";
import { SERVER_RENDER_ELEMENT_ID } from "#web/lib/server-render.ts";

/** How the page's render reaches the API: the whole app, as the viewer's own request would. */
export type FetchApp = (request: Request, env: unknown) => Response | Promise<Response>;

/** The request's headers the API reads to know the viewer: the session, and where it comes from. */
const FORWARDED_HEADERS = ["cookie", "user-agent", "x-forwarded-for", "x-real-ip", "x-forwarded-proto"];

/**
 * The first screen of a page, rendered on the server (docs/server-rendering.md), from the render entry
 * the build writes to dist/ssr. A page it cannot render (no entry built, no device cookie yet, a screen
 * it does not make, any fault) is the plain page: the browser renders it as it always has.
 */
export function pageRenderer(options: { ssrDist: string; webDist: string; publicUrl: string; fetchApp: FetchApp }) {
  const entryFile = join(options.ssrDist, "entry-server.js");
  let entry: Promise<{ renderPage(input: RenderInput): Promise<RenderedPage | null> }> | undefined;
  let reportedFault = false;
  const manifest = readManifest(options.webDist);

  return {
    /**
     * The page (as `page` writes it in a language) with its first screen rendered for this request,
     * or null. Cookies the API set while answering (a session's renewal) are set on the page's answer.
     */
    async render(c: Context, page: (language: Language) => string, language: Language): Promise<string | null> {
      const device = viewerDeviceFromCookieHeader(c.req.header("cookie"));
      // The service worker's offline shell (sw.js) is the plain page, for whoever opens the app next.
      if (!device || c.req.header("x-kickoff-shell") || !existsSync(entryFile)) return null;
      const setCookies: string[] = [];
      try {
        entry ??= import(pathToFileURL(entryFile).href);
        const { renderPage } = await entry;
        const url = new URL(c.req.url);
        const rendered = await renderPage({
          url: `${url.pathname}${url.search}`,
          language,
          device,
          transport: async (path, init) => {
            const headers = new Headers(init.headers);
            for (const name of FORWARDED_HEADERS) {
              const value = c.req.header(name);
              if (value) headers.set(name, value);
            }
            const answer = await options.fetchApp(new Request(new URL(path, options.publicUrl), { method: init.method, headers }), c.env);
            setCookies.push(...answer.headers.getSetCookie());
            return answer;
          },
        });
        // A part that failed to render is left by React for the browser to render: so is the page.
        if (!rendered || rendered.html.includes("<!--$!-->")) return null;
        for (const cookie of setCookies) c.header("Set-Cookie", cookie, { append: true });
        // In the language it was rendered in, which an account's own choice may have changed.
        return withRenderedScreen(page(rendered.state.language), rendered, manifest, options.webDist);
      } catch (error) {
        // Logged once: a fault here repeats on every page, and each still gets the plain page.
        if (!reportedFault) console.error("the server could not render a page; pages are rendered in the browser until it can:", error);
        reportedFault = true;
        return null;
      }
    },
  };
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The build's manifest (dist/web/.vite/manifest.json): which files a screen and its messages are. */
function readManifest(webDist: string): Manifest {
  const file = join(webDist, ".vite", "manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : {};
}

const SCREEN_SOURCES = { home: "routes/home.tsx", event: "routes/event.tsx", login: "routes/login.tsx" } as const;
/** The message areas each screen names in screens.ts, and the shell's, which every page needs. */
const SCREEN_AREAS = { home: ["shell", "home"], event: ["shell", "event"], login: ["shell", "account"] } as const;

/**
 * The page with the rendered screen in its root and what it was rendered with beside it. The root is
 * inert until the browser has hydrated it: a tap or a keystroke before then would reach no handler
 * and be lost (a form would even submit itself as a GET), so none is taken. Its
 * stylesheet inline (it would otherwise hold the first paint back for one more request), and the
 * screen's code and messages asked for all at once after the first paint, instead of the API answers
 * the render already holds.
 */
function withRenderedScreen(html: string, rendered: RenderedPage, manifest: Manifest, webDist: string): string {
  const { state } = rendered;
  const preloads = new Set<string>();
  const addChunk = (source: string) => {
    const chunk = manifest[source];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    for (const imported of chunk.imports ?? []) addChunk(imported);
  };
  addChunk(SCREEN_SOURCES[state.screen]);
  for (const area of SCREEN_AREAS[state.screen]) addChunk(`../shared/i18n/catalogs/${state.language}/${area}.ts`);
  // Every module the screen needs, the build's own preloads included: /boot.js asks for them all at
  // once after the first paint, none before it (docs/server-rendering.md, "After the first paint").
  const modules = new Set([...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((match) => match[1]!));
  for (const file of preloads) modules.add(file);
  // "<" escaped: the JSON cannot close its element, whatever a game's title says.
  const json = JSON.stringify(state).replace(/</g, "\\u003c");
  return html
    .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, "")
    .replace(/<link rel="preload" href="\/api\/[^"]*" as="fetch"[^>]*>\s*/g, "")
    .replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/, (tag, file: string) => {
      const css = readStylesheet(webDist, file);
      return css === undefined ? tag : `<style>${css}</style>`;
    })
    // The main script and the screen's modules are fetched and started by /boot.js after the first
    // paint (src/web/public/boot.js).
    .replace(
      /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
      (_tag, main: string) => `<script type="module" src="/boot.js" data-main="${main}" data-modules="${[...modules].map((file) => `/${file}`).join(" ")}"></script>`,
    )
    .replace(/<div id="root">[\s\S]*?<\/div>(\s*<!--)/, (_all, after: string) => `<div id="root" inert>${rendered.html}</div><script type="application/json" id="${SERVER_RENDER_ELEMENT_ID}">${json}</script>${after}`);
}

const stylesheets = new Map<string, string | undefined>();
function readStylesheet(webDist: string, file: string): string | undefined {
  if (!stylesheets.has(file)) {
    const path = join(webDist, file);
    stylesheets.set(file, existsSync(path) ? readFileSync(path, "utf8") : undefined);
  }
  return stylesheets.get(file);
}
export type PageRenderer = ReturnType<typeof pageRenderer>;
