// bench:cluster's own checks, beside the storm's invariants: what the proxy must do (files from disk
// with their precompressed copies and the app's headers, event streams unbuffered, the client's real
// address passed on) and what three instances must do together (one rate limit; 5xx only where an
// instance was killed), read from the answers and from nginx's access log.
import { request } from "node:http";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { LIVE_CHANNEL } from "#server/events/live-messages.ts";
import type { Kill } from "./cluster-app.ts";
import { answeredBy, type LogEntry, nginxAnswered } from "./cluster-nginx.ts";
import type { Check } from "./storm-checks.ts";
import { insertGame } from "./storm-seed.ts";

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request with the bytes as sent (no decompression), from a chosen local address. */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers, localAddress: options.localAddress, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(options.body);
  });
}

const header = (reply: RawReply, name: string) => {
  const value = reply.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
};

/**
 * A hashed asset through nginx: the .br bytes for `br`, the .gz bytes for `gzip`, the file itself
 * otherwise, each a year and immutable with Vary; the service worker revalidated each time; the page
 * from the app; and on every file the security headers the app sends for the same file.
 */
export async function checkStaticFiles(proxy: string, instance: string, webRoot: string): Promise<Check[]> {
  const assets = join(webRoot, "assets");
  const name = readdirSync(assets).find((file) => file.endsWith(".js") && readdirSync(assets).includes(`${file}.br`) && readdirSync(assets).includes(`${file}.gz`));
  if (!name) return [{ name: "nginx serves a precompressed asset", ok: false, detail: `no .js with .br and .gz copies in ${assets}` }];
  const path = `/assets/${name}`;
  const problems: string[] = [];
  const variants = [
    { accept: "br, gzip", encoding: "br", file: `${name}.br` },
    { accept: "gzip", encoding: "gzip", file: `${name}.gz` },
    { accept: "identity", encoding: undefined, file: name },
  ];
  for (const variant of variants) {
    const reply = await raw(`${proxy}${path}`, { headers: { "accept-encoding": variant.accept } });
    const expected = readFileSync(join(assets, variant.file));
    if (reply.status !== 200) problems.push(`${variant.accept}: ${reply.status}`);
    if (header(reply, "content-encoding") !== variant.encoding) problems.push(`${variant.accept}: Content-Encoding ${header(reply, "content-encoding") ?? "none"}`);
    if (!reply.body.equals(expected)) problems.push(`${variant.accept}: not the bytes of ${variant.file}`);
    if (header(reply, "cache-control") !== "public, max-age=31536000, immutable") problems.push(`${variant.accept}: Cache-Control ${header(reply, "cache-control")}`);
    if (!/accept-encoding/i.test(header(reply, "vary") ?? "")) problems.push(`${variant.accept}: no Vary: Accept-Encoding`);
  }
  const direct = await raw(`${instance}${path}`, { headers: { "accept-encoding": "br" } });
  const viaProxy = await raw(`${proxy}${path}`, { headers: { "accept-encoding": "br" } });
  problems.push(...sameSecurityHeaders(direct, viaProxy, path));

  const missing = await raw(`${proxy}/assets/gone-after-a-deploy-0000.js`);
  if (missing.status !== 404 || header(missing, "cache-control") !== "no-store") problems.push(`a missing asset: ${missing.status}, Cache-Control ${header(missing, "cache-control")}`);

  const worker = await raw(`${proxy}/sw.js`, { headers: { "accept-encoding": "br" } });
  if (worker.status !== 200 || header(worker, "cache-control") !== "no-cache") problems.push(`/sw.js: ${worker.status}, Cache-Control ${header(worker, "cache-control")}`);
  problems.push(...sameSecurityHeaders(await raw(`${instance}/sw.js`), worker, "/sw.js"));

  const page = await raw(`${proxy}/`);
  const pageDirect = await raw(`${instance}/`);
  if (page.status !== 200 || header(page, "cache-control") !== "no-cache" || !page.body.equals(pageDirect.body)) {
    problems.push(`/: ${page.status}, Cache-Control ${header(page, "cache-control")}, ${page.body.equals(pageDirect.body) ? "the app's page" : "not the app's page"}`);
  }
  problems.push(...sameSecurityHeaders(pageDirect, page, "/"));
  return [
    {
      name: "nginx serves the build: .br/.gz as asked, a year immutable for hashed files, no-cache for the service worker, the page from the app, the app's security headers",
      ok: problems.length === 0,
      detail: problems.length ? problems.join("; ") : `${path}: br ${readFileSync(join(assets, `${name}.br`)).length} B, gzip, identity; /sw.js no-cache; a missing chunk 404 no-store`,
    },
  ];
}

const SECURITY = /^(content-security-policy|cross-origin-.*|origin-agent-cluster|referrer-policy|strict-transport-security|x-.*)$/;

function sameSecurityHeaders(app: RawReply, proxy: RawReply, path: string): string[] {
  const names = new Set([...Object.keys(app.headers), ...Object.keys(proxy.headers)].filter((name) => SECURITY.test(name)));
  const differ = [...names].filter((name) => header(app, name) !== header(proxy, name));
  return differ.map((name) => `${path}: ${name} is "${header(proxy, name) ?? "absent"}" through nginx, "${header(app, name) ?? "absent"}" from the app`);
}

/**
 * The home stream through nginx: its first line at once, and a game's change (a NOTIFY on the app's
 * channel, as a commit sends it) delivered while the stream stays open, not when it ends.
 */
export async function checkEventStream(proxy: string, databaseUrl: string): Promise<Check> {
  const name = "an event stream through nginx delivers a change at once, the stream still open";
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const controller = new AbortController();
  try {
    const opened = performance.now();
    const response = await fetch(`${proxy}/api/events/stream`, { signal: controller.signal, headers: { accept: "text/event-stream" } });
    if (response.status !== 200 || !response.body) return { name, ok: false, detail: `GET /api/events/stream → ${response.status}` };
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const readUntil = async (pattern: RegExp, timeoutMs: number): Promise<number | undefined> => {
      const deadline = performance.now() + timeoutMs;
      while (!pattern.test(text)) {
        const left = deadline - performance.now();
        if (left <= 0) return undefined;
        const chunk = await Promise.race([reader.read(), new Promise<"late">((resolve) => setTimeout(() => resolve("late"), left))]);
        if (chunk === "late") return undefined;
        if (chunk.done) return undefined;
        text += chunk.value;
      }
      return performance.now();
    };
    const first = await readUntil(/retry: \d+/, 3_000);
    if (first === undefined) return { name, ok: false, detail: `no first line within 3 s (got ${JSON.stringify(text.slice(0, 80))})` };
    const eventId = await insertGame(pool, "Stream check");
    const notified = performance.now();
    await pool.query("select pg_notify($1, $2)", [LIVE_CHANNEL, JSON.stringify({ type: "event", eventId, version: 1 })]);
    const arrived = await readUntil(new RegExp(`event: game[\\s\\S]*${eventId}`), 5_000);
    if (arrived === undefined) return { name, ok: false, detail: `the game's change did not come through within 5 s (stream so far: ${JSON.stringify(text.slice(0, 120))})` };
    return {
      name,
      ok: arrived - notified < 2_000,
      detail: `first line ${Math.round(first - opened)} ms after opening; a game's change ${Math.round(arrived - notified)} ms after its NOTIFY, the stream still open`,
    };
  } catch (error) {
    return { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    controller.abort();
    await pool.end();
  }
}

export interface RateLimitFigures {
  attempts: number;
  allowed: number;
  firstRefused?: number;
  /** Refilled tokens the window allows during the attempts (100 per 15 minutes: one per 9 s). */
  refillAllowance: number;
  elapsedMs: number;
  spoofed?: number;
  otherClient?: number;
}

/**
 * Sign-ins with made-up addresses (each a 401, one per account so the per-account limit never bites)
 * from one client (127.0.0.2) through nginx, which spreads them over the instances: the deployment
 * must refuse the 101st, not the 301st. Then from the same client with a made-up X-Forwarded-For
 * (still refused: the proxy's entry counts), and from another client, 127.0.0.3 (its own bucket:
 * the app sees the real client, not nginx).
 */
export async function checkSignInLimit(proxy: string, limit: number, windowMinutes: number, instances: number): Promise<{ checks: Check[]; figures: RateLimitFigures }> {
  // Enough to empty every instance's own bucket too (each refills one token per window ÷ limit while
  // this runs), so a limit kept per instance shows as attempts let through past the limit.
  const attempts = instances * (limit + 10) + 10;
  const signIn = (index: number, localAddress: string, headers: Record<string, string> = {}) =>
    raw(`${proxy}/api/auth/sign-in/email`, {
      method: "POST",
      localAddress,
      headers: { "content-type": "application/json", origin: proxy, ...headers },
      body: JSON.stringify({ email: `limit-${index}-${localAddress}@bench.example`, password: "not-the-password-1" }),
    }).then((reply) => reply.status);
  const started = performance.now();
  const statuses: number[] = [];
  // In order, a few at a time: which attempt was first refused means something.
  const batch = 10;
  for (let index = 0; index < attempts; index += batch) {
    statuses.push(...(await Promise.all(Array.from({ length: Math.min(batch, attempts - index) }, (_, k) => signIn(index + k, "127.0.0.2")))));
  }
  const elapsedMs = performance.now() - started;
  const refillAllowance = Math.ceil(elapsedMs / ((windowMinutes * 60_000) / limit)) + 1;
  const allowed = statuses.filter((status) => status !== 429).length;
  const firstRefused = statuses.indexOf(429);
  const unexpected = statuses.filter((status) => status !== 401 && status !== 429);
  const spoofed = await signIn(attempts, "127.0.0.2", { "x-forwarded-for": "198.51.100.23" });
  const otherClient = await signIn(attempts + 1, "127.0.0.3");
  const figures: RateLimitFigures = { attempts, allowed, firstRefused: firstRefused >= 0 ? firstRefused + 1 : undefined, refillAllowance, elapsedMs, spoofed, otherClient };
  return {
    figures,
    checks: [
      {
        name: `sign-in limit (${limit} per ${windowMinutes} min per client) holds across the ${instances} instances`,
        ok: unexpected.length === 0 && allowed <= limit + refillAllowance,
        detail:
          `${allowed} of ${attempts} sign-ins from one client let through (at most ${limit} + ${refillAllowance} refilled in ${(elapsedMs / 1000).toFixed(1)} s allowed), ` +
          `first 429 at attempt ${figures.firstRefused ?? "never"}` +
          (unexpected.length ? `; unexpected answers: ${[...new Set(unexpected)].join(", ")}` : ""),
      },
      {
        name: "the app sees the client nginx saw: a made-up X-Forwarded-For is not a new client, another address is",
        ok: spoofed === 429 && otherClient === 401,
        detail: `127.0.0.2 spoofing 198.51.100.23 → ${spoofed} (429 wanted); 127.0.0.3 → ${otherClient} (401 wanted)`,
      },
    ],
  };
}

export interface InstanceRow {
  instance: string;
  killed: boolean;
  answered: number;
  ok2xx: number;
  client4xx: number;
  /** 5xx the instance itself sent. */
  app5xx: number;
  /** 5xx nginx sent because the instance never answered (killed with the request on it). */
  nginx5xx: number;
  /** Requests it could not take (refused while down) that nginx passed to another instance. */
  passedOn: number;
  /** Sign-in attempts it answered (the rate-limit check). */
  signIns: number;
}

/** Slack around a kill: the log's times are whole seconds. */
const KILL_SLACK_MS = 2_000;

/** The request was answered by nginx for an instance while that instance was killed and not yet back. */
function duringKill(entry: LogEntry, kills: Kill[]): boolean {
  const at = entry.at.getTime();
  return kills.some(
    (kill) => kill.instance === answeredBy(entry) && at >= kill.at.getTime() - KILL_SLACK_MS && at <= (kill.back ?? new Date()).getTime() + KILL_SLACK_MS,
  );
}

/** The access log by instance, and the check: no 5xx from any instance, and nginx's only for requests on the killed one. */
export function logByInstance(entries: LogEntry[], addresses: string[], kills: Kill[]): { rows: InstanceRow[]; check: Check; fromDisk: number } {
  const killedAddresses = new Set(kills.map((kill) => kill.instance));
  const rows: InstanceRow[] = addresses.map((instance) => ({
    instance,
    killed: killedAddresses.has(instance),
    answered: 0,
    ok2xx: 0,
    client4xx: 0,
    app5xx: 0,
    nginx5xx: 0,
    passedOn: 0,
    signIns: 0,
  }));
  const row = (address: string | undefined) => rows.find((r) => r.instance === address);
  const strays: string[] = [];
  let fromDisk = 0;
  for (const entry of entries) {
    if (entry.upstreams.length === 0) {
      fromDisk += 1;
      continue;
    }
    for (const failed of entry.upstreams.slice(0, -1)) {
      const r = row(failed);
      if (r) r.passedOn += 1;
    }
    const r = row(answeredBy(entry));
    if (!r) continue;
    r.answered += 1;
    if (entry.path === "/api/auth/sign-in/email") r.signIns += 1;
    if (entry.status >= 200 && entry.status < 300) r.ok2xx += 1;
    else if (entry.status >= 400 && entry.status < 500) r.client4xx += 1;
    else if (entry.status >= 500) {
      if (nginxAnswered(entry)) {
        r.nginx5xx += 1;
        if (!duringKill(entry, kills)) strays.push(`${entry.status} by nginx for ${entry.method} ${entry.path} on ${r.instance} at ${entry.at.toISOString().slice(11, 19)}, not while it was killed`);
      } else {
        r.app5xx += 1;
        strays.push(`${entry.status} from ${r.instance} for ${entry.method} ${entry.path}`);
      }
    }
  }
  const nginx5xx = rows.reduce((sum, r) => sum + r.nginx5xx, 0);
  return {
    rows,
    fromDisk,
    check: {
      name: "no 5xx from any instance; nginx's 502s only for requests cut off on the killed instance",
      ok: strays.length === 0,
      detail: strays.length
        ? `${strays.length}: ${strays.slice(0, 4).join("; ")}`
        : `0 from the instances; ${nginx5xx} by nginx for requests that were on the killed instance (${kills.length} kill${kills.length === 1 ? "" : "s"})`,
    },
  };
}
