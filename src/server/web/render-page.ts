import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Context } from "hono";
import type { SessionReader } from "#server/auth/session.ts";
import { escapeHtml } from "#server/mail/templates.ts";
import type { Language } from "#shared/language.ts";
import { viewerDeviceFromCookieHeader } from "#shared/viewer-device.ts";
import type { RenderedPage, RenderInput } from "#web/entry-server.tsx";
import { SERVER_RENDER_ELEMENT_ID } from "#web/lib/server-render.ts";
import { attributesOf, criticalStylesheet } from "./critical-css.ts";
import type { PageReads } from "./page-reads.ts";
import type { PageChanges, PageTemplate } from "./page-template.ts";

/**
 * The first screen of a page, rendered on the server (docs/server-rendering.md), from the render entry
 * the build writes to dist/ssr. A page it cannot render (no entry built, no device cookie yet, a screen
 * it does not make, any fault) is the plain page: the browser renders it as it always has.
 *
 * The viewer's session is checked once, for the page's request, and the screen's reads are answered
 * for that viewer by `reads` (page-reads.ts): the API's own functions, rules and caches.
 */
export function pageRenderer(options: { ssrDist: string; webDist: string; reads: PageReads; viewer: SessionReader["viewer"]; timeZone: string }) {
  const entryFile = join(options.ssrDist, "entry-server.js");
  let entry: Promise<{ renderPage(input: RenderInput): Promise<RenderedPage | null> }> | undefined;
  let reportedFault = false;
  // Looked for until found (a build written after the start is used), not on every page after that.
  let built = false;
  const manifest = readManifest(options.webDist);
  const modulesOf = new Map<string, string>();
  const stylesheets = new Map<string, ReturnType<typeof criticalStylesheet>>();

  return {
    /**
     * The changes that make the page (its template) this request's rendered first screen, or null
     * for the plain page. The language is the one it was rendered in, which an account's own choice
     * may have changed.
     */
    async render(c: Context, template: PageTemplate, language: Language): Promise<RenderedChanges | null> {
      // Without it (a first visit) only the login screen is rendered, a shared game's included.
      const device = viewerDeviceFromCookieHeader(c.req.header("cookie"));
      // The service worker's offline shell (sw.js) is the plain page, for whoever opens the app next.
      if (c.req.header("x-kickoff-shell") || !(built ||= existsSync(entryFile))) return null;
      try {
        entry ??= import(pathToFileURL(entryFile).href);
        const { renderPage } = await entry;
        const url = new URL(c.req.url);
        const viewer = await options.viewer(c.req.header("cookie"));
        const rendered = await renderPage({
          url: `${url.pathname}${url.search}`,
          language,
          device,
          timeZone: options.timeZone,
          transport: (path) => options.reads.answer(path, viewer),
        });
        // A screen that fails, or a part of it that suspends, throws (below): the page is then the plain one.
        if (!rendered) return null;
        const { state } = rendered;
        const key = `${state.screen} ${state.language}`;
        let modules = modulesOf.get(key);
        if (modules === undefined) modulesOf.set(key, (modules = screenModules(template, manifest, state.screen, state.language)));
        const file = template.stylesheet;
        let stylesheet = file === undefined ? undefined : stylesheets.get(file);
        if (file !== undefined && stylesheet === undefined) stylesheets.set(file, (stylesheet = criticalStylesheet(readText(join(options.webDist, file)))));
        // "<" escaped, so the JSON cannot close its element whatever a game's title says; and what is
        // above U+00FF (below). One pass.
        const json = JSON.stringify(state).replace(ESCAPED_IN_JSON, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
        return {
          language: state.language,
          screen: state.screen,
          changes: {
            // As the screen titles itself once hydrated (useDocumentTitle).
            ...(state.title ? { title: `<title>${narrowHtml(escapeHtml(state.title))}</title>` } : {}),
            withoutPreloads: true,
            // Fetched before the first paint, the icon and the manifest were counted by Lighthouse's
            // phone simulation as what the largest paint waited for (docs/server-rendering.md).
            linksAfterPaint: true,
            compact: true,
            // Only the rules this screen's HTML uses (critical-css.ts); the whole stylesheet, a cached
            // file, is asked for by /boot.js after the first paint.
            stylesheet: stylesheet ? `<style>${stylesheet.for(styledBy(template.bodyTag, rendered.styled), state.device)}</style>` : undefined,
            // The main script and the screen's modules are fetched and started by /boot.js after the
            // first paint (src/web/public/boot.js).
            script: template.mainScript
              ? `<script type="module" src="/boot.js" data-main="${template.mainScript}" data-modules="${modules}"${file ? ` data-styles="/${file}"` : ""} data-getting-ready="${narrowHtml(escapeHtml(rendered.gettingReady ?? ""))}"></script>`
              : undefined,
            root: `<div id="root" inert>${rendered.html}</div><script type="application/json" id="${SERVER_RENDER_ELEMENT_ID}">${json}</script>`,
          },
        };
      } catch (error) {
        // Logged once: a fault here repeats on every page, and each still gets the plain page.
        if (!reportedFault) console.error("the server could not render a page; pages are rendered in the browser until it can:", error);
        reportedFault = true;
        return null;
      }
    },
  };
}

/**
 * A character above U+00FF anywhere in a page makes V8 hold the whole page two bytes a character, and
 * its UTF-8 bytes then cost several times as much to make (docs/server-rendering.md, "What a render
 * costs"). What the server adds around the screen's HTML writes such characters as escapes: the
 * page's data as JSON's \\u escapes (each half of a pair on its own, as JSON allows), its title and the
 * getting-ready notice as HTML's character references (a whole character each). The JSON's "<" is
 * escaped in the same pass.
 */
const ESCAPED_IN_JSON = /[<\u0100-\uffff]/g;
const WIDE_CODE_POINT = /[\u0100-\u{10ffff}]/gu;

function narrowHtml(html: string): string {
  return html.replace(WIDE_CODE_POINT, (character) => `&#${character.codePointAt(0)};`);
}

/** The page's elements and class attributes: its body tag's, and those the render gathered. */
function styledBy(bodyTag: string, gathered: Set<string>): Set<string> {
  const styled = attributesOf(bodyTag);
  for (const attribute of gathered) styled.add(attribute);
  return styled;
}

export interface RenderedChanges {
  language: Language;
  screen: RenderedPage["state"]["screen"];
  changes: PageChanges;
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The build's manifest (dist/web/.vite/manifest.json): which files a screen and its messages are. */
function readManifest(webDist: string): Manifest {
  const file = join(webDist, ".vite", "manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : {};
}

function readText(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

const SCREEN_SOURCES = { home: "routes/home.tsx", event: "routes/event.tsx", login: "routes/login.tsx" } as const;
/**
 * The message areas each screen names in screens.ts, and the shell's, which every page needs
 * (render-page.test.ts checks that they agree: an area left out here is fetched only once the page's
 * script has started, a round trip later).
 */
export const SCREEN_AREAS = { home: ["shell", "home"], event: ["shell", "event", "shared"], login: ["shell", "account"] } as const;

/**
 * Every module the screen needs, the build's own preloads included, as /boot.js's `data-modules`: it
 * asks for them all at once after the first paint, none before it (docs/server-rendering.md, "After
 * the first paint"). The same for every page of a screen in a language: worked out once. A file under
 * /assets/ is named without that folder, which boot.js puts back: twenty-odd names, 160 bytes a page.
 */
function screenModules(template: PageTemplate, manifest: Manifest, screen: keyof typeof SCREEN_SOURCES, language: Language): string {
  const modules = new Set(template.modulePreloads);
  const seen = new Set<string>();
  const addChunk = (source: string) => {
    const chunk = manifest[source];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    modules.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) addChunk(imported);
  };
  addChunk(SCREEN_SOURCES[screen]);
  for (const area of SCREEN_AREAS[screen]) addChunk(`../shared/i18n/catalogs/${language}/${area}.ts`);
  return [...modules].map((path) => (path.startsWith("/assets/") ? path.slice("/assets/".length) : path)).join(" ");
}

export type PageRenderer = ReturnType<typeof pageRenderer>;
