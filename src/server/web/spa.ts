import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";

/**
 * Serves the built web app. Hashed assets are cached for a year; every other path answers
 * index.html so that a reload of a client route (/profile, /event/…) works.
 */
export function spaRoutes(options: { webDist: string }) {
  const { webDist } = options;
  const indexFile = join(webDist, "index.html");
  const indexHtml = () => readFileSync(indexFile, "utf8");
  const app = new Hono();

  app.use(
    "/assets/*",
    serveStatic({
      root: webDist,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // Top-level files (manifest, icons, service worker). Only regular files: serveStatic would
  // otherwise answer a directory such as "/" with its raw bytes.
  const topLevelFiles = serveStatic({ root: webDist });
  app.use(async (c, next) => {
    const file = join(webDist, decodeURIComponent(c.req.path));
    if (file.startsWith(webDist) && c.req.path !== "/" && existsSync(file) && statSync(file).isFile()) return topLevelFiles(c, next);
    await next();
  });
  app.get("*", (c) => {
    if (!existsSync(indexFile)) return c.text("The web app is not built. Run `npm run build`.", 503);
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml());
  });
  return app;
}
