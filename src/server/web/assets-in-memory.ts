import type { Context } from "hono";

/** What serveStatic is, to this: answers a request with the file, or with nothing when there is none. */
type Serve = (c: Context, next: () => Promise<undefined>) => Promise<Response | undefined | void>;

/** The headers of a file's answer that are the file's own (the route sets Cache-Control and Vary). */
const KEPT_HEADERS = ["Content-Type", "Content-Encoding", "Content-Length", "Last-Modified"] as const;
/** The encodings serveStatic picks among, in its order (its `precompressed`). */
const ENCODINGS = ["br", "zstd", "gzip"] as const;

export interface AssetMemoryLimits {
  /** A file larger than this is served from the disk each time (a source map, a picture). */
  largestFileBytes: number;
  /** Once this much is kept, further files are served from the disk each time. */
  totalBytes: number;
}

const DEFAULT_LIMITS: AssetMemoryLimits = { largestFileBytes: 512 * 1024, totalBytes: 16 * 1024 * 1024 };

interface Kept {
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

/**
 * The build's hashed files (/assets/), kept in memory once served, as the encoding each client takes
 * (docs/server-rendering.md, "The server's share of a page's load"). A hashed name never names other
 * bytes, so a kept answer never goes stale. From the disk, each answer cost the server about 1 ms of
 * processor (a stat per encoding, open, read, close, a stream turned into a web stream), and a game's
 * page asks for thirty of them as it loads; from memory, a fraction of that. A file removed by a
 * deploy is still served to the pages that name it, as it was (a 404 is for a name never served).
 * A range request, HEAD, and files over the limits are served by `serve` as before.
 */
export function assetsInMemory(serve: Serve, limits: AssetMemoryLimits = DEFAULT_LIMITS) {
  const kept = new Map<string, Kept>();
  let keptBytes = 0;
  return async (c: Context): Promise<Response | undefined> => {
    const cacheable = c.req.method === "GET" && !c.req.header("Range");
    const key = cacheable ? keyOf(c) : undefined;
    const found = key === undefined ? undefined : kept.get(key);
    if (found) return answer(c, found);
    const served = (await serve(c, async () => undefined)) ?? undefined;
    if (!served || key === undefined || served.status !== 200) return served;
    const body = new Uint8Array(await served.arrayBuffer());
    const entry: Kept = { headers: KEPT_HEADERS.flatMap((name) => (served.headers.has(name) ? [[name, served.headers.get(name)!] as [string, string]] : [])), body };
    // Two first requests for a file at once both read it: it is counted once.
    if (!kept.has(key) && body.byteLength <= limits.largestFileBytes && keptBytes + body.byteLength <= limits.totalBytes) {
      kept.set(key, entry);
      keptBytes += body.byteLength;
    }
    // The answer's headers are on `c` already (serveStatic set them there): only the body is read.
    return c.body(body, 200);
  };
}

/** The path and the encodings the client takes among those serveStatic picks from: what decides the answer. */
function keyOf(c: Context): string {
  const accepted = new Set((c.req.header("Accept-Encoding") ?? "").split(",").map((encoding) => encoding.trim()));
  return `${c.req.path}\n${ENCODINGS.filter((encoding) => accepted.has(encoding)).join(",")}`;
}

/** A kept answer: the file's own headers and its bytes (the route adds Cache-Control and Vary, spa.ts). */
function answer(c: Context, kept: Kept): Response {
  for (const [name, value] of kept.headers) c.header(name, value);
  return c.body(kept.body, 200);
}
