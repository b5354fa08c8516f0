import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed answer saves less than the work and the header cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses the answers built in memory (API JSON, the HTML page) with brotli or gzip, as the client
 * accepts, once they reach the threshold. Streams (server-sent events) and answers that already carry
 * an encoding (precompressed static files) pass through untouched. Brotli at quality 4: about gzip's
 * speed with smaller output; the static files get quality 11 at build time (scripts/compress-assets.mjs).
 */
export function compressAnswers(options: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? COMPRESS_THRESHOLD_BYTES;
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type");
    if (
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has("Content-Encoding") ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "")
    ) {
      return;
    }
    const accepted = chooseEncoding(c.req.header("Accept-Encoding"));
    // Sent as it is: its body is neither read nor copied into a new answer (the server writes the
    // answer's own text, the cheapest way out; reading it makes a web stream of it, twice).
    if (accepted === undefined && addVary(res.headers)) return;
    if (!res.body) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    addVary(headers);
    const encoding = body.length >= threshold ? accepted : undefined;
    const sent =
      encoding === "br"
        ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : encoding === "gzip"
          ? await gzipAsync(body)
          : body;
    if (encoding) {
      headers.set("Content-Encoding", encoding);
      const etag = headers.get("ETag");
      if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    }
    headers.set("Content-Length", String(sent.length));
    c.res = undefined;
    c.res = new Response(sent, { status: res.status, statusText: res.statusText, headers });
  };
}

/**
 * Names Accept-Encoding in Vary: whatever this answer is, another client's may be encoded. False when
 * the headers cannot be changed (a redirect's, made by Response.redirect).
 */
function addVary(headers: Headers): boolean {
  const vary = headers.get("Vary");
  try {
    if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")) headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    return true;
  } catch {
    return false;
  }
}

/** Brotli, else gzip, whichever the client accepts (q > 0); undefined for identity. */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return undefined;
}
