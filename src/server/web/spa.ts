import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import type { EventSummary } from "#shared/events.ts";
import type { AppContext } from "#server/context.ts";
import { describeEvent } from "#server/events/describe-event.ts";
import { getVersionedEventPreview } from "#server/events/get-event-preview.ts";
import { compressAnswers } from "#server/http/compress.ts";
import { escapeHtml } from "#server/mail/templates.ts";
import { type MetaTag, ogImageTags } from "#server/og/og-image-tags.ts";
import { requestLanguage } from "#server/i18n/request-language.ts";
import type { Language } from "#shared/language.ts";
import { pageTemplate, type PageTemplate } from "./page-template.ts";
import type { PageRenderer, RenderedChanges } from "./render-page.ts";
import { assetsInMemory } from "./assets-in-memory.ts";

export { withLanguage } from "./page-language.ts";

/** The context's database and configuration, and the built web app beside the server. */
export type SpaDeps = Pick<AppContext, "database" | "config"> & {
  webDist: string;
  /** The server's render of the first screen (docs/server-rendering.md); without it pages render in the browser. */
  renderer?: PageRenderer;
};

/** The built web app as the server last read it. */
interface Build {
  changedAt: number;
  template: PageTemplate;
  /** The names of the files and folders at the top of the build (assets, sw.js, icon-192.png…). */
  topLevel: Set<string>;
}

/**
 * Serves the built web app. Hashed assets are cached for a year; every other path answers
 * index.html so that a reload of a client route (/profile, /event/…) works. An event page also
 * carries Open Graph tags, so a shared link previews the game without signing in.
 */
export function spaRoutes(deps: SpaDeps) {
  const { config } = deps;
  const { db } = deps.database;
  const webDist = resolve(deps.webDist);
  const indexFile = join(webDist, "index.html");
  // index.html cut into its template once (page-template.ts), and the names at the build's top
  // level read with it; again only when a new build replaces it. Looked at once per request for a
  // page or a top-level file (below).
  let build: Build | undefined;
  const currentBuild = (): Build | undefined => {
    const changedAt = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (changedAt === undefined) return undefined;
    if (build?.changedAt !== changedAt) build = { changedAt, template: pageTemplate(readFileSync(indexFile, "utf8")), topLevel: new Set(readdirSync(webDist)) };
    return build;
  };
  const app = new Hono<{ Variables: { build: Build | undefined } }>();
  const builtPage = (c: Context<{ Variables: { build: Build | undefined } }>) => c.get("build")?.template;

  // Everything here is a file or the page, for GET and HEAD only. Any other method gets the app's
  // 404 before a file is looked up, as a wrong method does under /api: serveStatic hands such a
  // request on unanswered, and nothing below is written for it.
  app.use(async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return c.notFound();
  });

  // The build writes .br and .gz beside each text file (scripts/compress-assets.mjs): served as the
  // client accepts, with the original file's Content-Type.
  // Kept in memory once served (assets-in-memory.ts).
  const assets = assetsInMemory(serveStatic({ root: webDist, precompressed: true }));
  app.use("/assets/*", async (c) => {
    // Hashed file names: a changed file has a new name, so a found file never changes.
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    const served = await assets(c);
    if (served) return varyOnEncoding(served);
    // A chunk gone after a deploy is a 404, never the app's HTML (the browser would run it as code).
    c.header("Cache-Control", "no-store");
    return c.text("Not found", 404);
  });
  // Top-level files (manifest, icons, service worker). Only regular files: serveStatic would
  // otherwise answer a directory such as "/" with its raw bytes.
  const topLevelFiles = serveStatic({ root: webDist, precompressed: true });
  app.use(async (c, next) => {
    // Every request that gets here is a file or the page (not /assets/, answered above): the build
    // is looked at once, for the page's routes below too.
    c.set("build", currentBuild());
    const file = join(webDist, safeDecode(c.req.path));
    const inBuild = file.slice(webDist.length + 1);
    // Not the build's own records (.vite/manifest.json): what it lists is the server's business.
    const served = file.startsWith(`${webDist}${sep}`) && !inBuild.startsWith(".");
    // A page's path (/event/…) names nothing at the build's top level: no look on the disk for it.
    const underTopLevel = c.get("build")?.topLevel.has(inBuild.split(sep)[0]!) ?? true;
    if (served && c.req.path !== "/" && underTopLevel && existsSync(file) && statSync(file).isFile()) {
      // Its own `next`, not the app's: what the app's chain returns is no Response.
      const served = await topLevelFiles(c, async () => undefined);
      if (served) return varyOnEncoding(served);
    }
    await next();
  });
  // The page itself (with its inline first paint) is built per request: compressed on the way out.
  app.use(compressAnswers());
  app.get("/event/:id", async (c, next) => {
    const built = builtPage(c);
    if (!built) return next();
    c.header("Cache-Control", "no-cache");
    // The page, its description and its picture speak the viewer's language (docs/languages.md,
    // docs/link-previews.md): caches must key on it.
    c.header("Vary", "Accept-Language, Cookie", { append: true });
    const language = requestLanguage(c);
    // A game's page rendered for a signed-in viewer is titled by its screen, with no link preview:
    // what reads those (a chat app's robot) never has a viewer's cookies, and the render has read the
    // game already. Signed out (the login screen, the game above it), the page keeps its preview.
    const rendered = c.req.method === "GET" ? await deps.renderer?.render(c, built, language) : null;
    if (rendered && rendered.screen !== "login") return renderedAnswer(c, built, rendered);
    const found = await getVersionedEventPreview({ db, id: c.req.param("id") });
    // Unknown ids get the plain page; the web app then says 'Event not found.'.
    if (!found) return rendered ? renderedAnswer(c, built, rendered) : next();
    const pageLanguage = rendered?.language ?? language;
    const imageTags = ogImageTags(found.summary, { ...config, currency: config.payments.currency, version: found.version, language: pageLanguage, now: new Date() });
    const head = eventPreviewHead(found.summary, { ...config, imageTags, language: pageLanguage });
    if (rendered) return renderedAnswer(c, built, { ...rendered, changes: { ...rendered.changes, ...head } });
    return htmlAnswer(c, built.write(language, head));
  });
  app.get("*", async (c) => {
    const built = builtPage(c);
    if (!built) return c.text("The web app is not built. Run `npm run build`.", 503);
    c.header("Cache-Control", "no-cache");
    c.header("Vary", "Accept-Language, Cookie", { append: true });
    const language = requestLanguage(c);
    return (await render(c, built, language)) ?? htmlAnswer(c, built.write(language));
  });

  /**
   * The page with its first screen rendered for this viewer, where the server renders it: then never
   * kept by a shared cache, as it shows what only they may see (docs/server-rendering.md). Null for
   * the plain page.
   */
  async function render(c: Context, built: PageTemplate, language: Language) {
    const rendered = c.req.method === "GET" ? await deps.renderer?.render(c, built, language) : null;
    return rendered ? renderedAnswer(c, built, rendered) : null;
  }
  function renderedAnswer(c: Context, built: PageTemplate, rendered: RenderedChanges) {
    c.header("Cache-Control", "private, no-cache");
    return htmlAnswer(c, built.write(rendered.language, rendered.changes));
  }
  return app;
}

/**
 * index.html with the event's title and Open Graph / Twitter card tags in its head, for link
 * previews in chat apps and social networks (which do not run JavaScript).
 */
export function withEventPreview(html: string, summary: EventSummary, options: EventPreviewOptions): string {
  const { title, description } = eventPreviewHead(summary, options);
  // Replacement functions, not strings: a "$&" in a title must stay text.
  const withDescription = html.replace(/<meta\s+name="description"[^>]*>/i, () => description);
  return /<title>[\s\S]*?<\/title>/i.test(withDescription)
    ? withDescription.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : withDescription.replace(/<\/head>/i, () => `${title}\n  </head>`);
}

type EventPreviewOptions = { appName: string; publicUrl: string; hasIcon?: boolean; imageTags?: MetaTag[]; now?: Date; language?: Language };

/** The event's `<title>` with its preview tags after it, and its `<meta name="description">`: what withEventPreview puts in a page. */
export function eventPreviewHead(summary: EventSummary, options: EventPreviewOptions): { title: string; description: string } {
  const description = describeEvent(summary, options.now ?? new Date(), options.language);
  const url = `${options.publicUrl}/event/${summary.id}`;
  const tags: [string, string, string][] = [
    ["property", "og:type", "website"],
    ["property", "og:site_name", options.appName],
    ["property", "og:title", summary.title],
    ["property", "og:description", description],
    ["property", "og:url", url],
    // The game's own picture (src/server/og/); else the app's icon, when the build has one.
    ...(options.imageTags ?? (options.hasIcon ? ([["property", "og:image", `${options.publicUrl}/icon-512.png`]] as [string, string, string][]) : [])),
    ["name", "twitter:card", "summary"],
    ["name", "twitter:title", summary.title],
    ["name", "twitter:description", description],
  ];
  const title = [
    `<title>${escapeHtml(`${summary.title} · ${options.appName}`)}</title>`,
    ...tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`),
  ].join("\n    ");
  return { title, description: `<meta name="description" content="${escapeHtml(description)}" />` };
}

/**
 * The page as its UTF-8 bytes, made once. Given as text (`c.html`), @hono/node-server measures it
 * (Buffer.byteLength reads the whole page, which the render left in thousands of pieces) and Node then
 * joins it to the headers and encodes it again as it writes: 25 KB read three times. Bytes are
 * measured by their length and written as they are, after the headers (docs/server-rendering.md, "What
 * a render costs": 4-10 % of a rendered page's CPU).
 */
function htmlAnswer(c: Context, html: string): Response {
  c.header("Content-Type", "text/html; charset=UTF-8");
  return c.body(Buffer.from(html));
}

/**
 * serveStatic names Vary only when it picked a compressed file; the plain answer varies on the
 * same header, or a shared cache could hand it to every client.
 */
function varyOnEncoding(response: Response): Response {
  if (!/accept-encoding/i.test(response.headers.get("Vary") ?? "")) response.headers.append("Vary", "Accept-Encoding");
  return response;
}

/** A malformed %-escape in a path is just a path that names no file. */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
