// HTTP for the join storm: many sockets on loopback, every answer counted by the phase of the run
// (so a 5xx can be told apart from the seconds the server was down), and clients that retry as a
// person would: a 5xx or a dropped connection is tried again after a moment, until a real answer.
import { Agent, request } from "node:http";

export const PHASES = ["cards", "storm", "second game", "cancels", "down", "checks"] as const;
export type Phase = (typeof PHASES)[number];

export interface PhaseCounts {
  requests: number;
  /** HTTP status → answers. */
  statuses: Map<number, number>;
  /** Refused, reset or timed out: no HTTP answer at all. */
  connectionErrors: number;
  /** The first few distinct 5xx answers ("502 POST /api/…: {body}"), for the report. */
  serverErrorSamples: string[];
}

export type Reply = { ok: true; status: number; body: unknown } | { ok: false; error: string };

/** A join may wait behind 999 others for the app's pool; a client gives up on an answer only after this. */
const REQUEST_TIMEOUT_MS = 120_000;
/** How long a person waits before pressing the button again. */
const RETRY_PAUSE_MS = { min: 250, max: 750 };

export interface Client {
  phase: Phase;
  readonly counts: Map<Phase, PhaseCounts>;
  send(method: string, path: string, options: { cookie?: string; body?: unknown }): Promise<Reply>;
  /** Sends until an answer in `definitive` (or any other 4xx, which retrying cannot change) arrives. */
  sendUntil(method: string, path: string, options: { cookie?: string; body?: unknown; definitive: readonly number[]; deadline: number }): Promise<Answer>;
  /** Every sendUntil returns after its current attempt (the app is not coming back). */
  abandon(): void;
  close(): void;
}

export interface Answer {
  reply: Reply;
  attempts: number;
  /** First send to final answer, ms. */
  latencyMs: number;
  /** When the request that got the final answer was sent (performance.now()). */
  sentAt: number;
}

export function createClient(origin: string): Client {
  // One socket per client in flight: the storm is 1,000 people at once, not a queue of 1,000.
  const agent = new Agent({ keepAlive: true, maxSockets: 2_000 });
  const counts = new Map<Phase, PhaseCounts>(PHASES.map((phase) => [phase, { requests: 0, statuses: new Map(), connectionErrors: 0, serverErrorSamples: [] }]));
  let abandoned = false;

  const client: Client = {
    phase: "cards",
    counts,
    async send(method, path, options) {
      const sentIn = client.phase;
      const reply = await exchange(agent, `${origin}${path}`, method, origin, options);
      // An answer belongs to the phase its request was sent in (one already on the wire when the app was
      // killed is the old app's); a dropped connection to the phase it dropped in ("down" after kill -9).
      const phase = counts.get(reply.ok ? sentIn : client.phase)!;
      phase.requests += 1;
      if (reply.ok) phase.statuses.set(reply.status, (phase.statuses.get(reply.status) ?? 0) + 1);
      else phase.connectionErrors += 1;
      if (reply.ok && reply.status >= 500 && phase.serverErrorSamples.length < 3) {
        const sample = `${reply.status} ${method} ${path.replace(/[0-9a-f-]{36}/g, ":id")}: ${JSON.stringify(reply.body).slice(0, 160)}`;
        if (!phase.serverErrorSamples.includes(sample)) phase.serverErrorSamples.push(sample);
      }
      return reply;
    },
    async sendUntil(method, path, options) {
      const started = performance.now();
      for (let attempts = 1; ; attempts++) {
        const sentAt = performance.now();
        const reply = await client.send(method, path, options);
        const settled = reply.ok && (options.definitive.includes(reply.status) || (reply.status >= 400 && reply.status < 500));
        if (settled || abandoned || Date.now() > options.deadline) return { reply, attempts, latencyMs: performance.now() - started, sentAt };
        await pause(RETRY_PAUSE_MS.min + Math.random() * (RETRY_PAUSE_MS.max - RETRY_PAUSE_MS.min));
      }
    },
    abandon: () => {
      abandoned = true;
    },
    close: () => agent.destroy(),
  };
  return client;
}

/** One request; JSON in and out; never throws. */
function exchange(agent: Agent, url: string, method: string, origin: string, options: { cookie?: string; body?: unknown }): Promise<Reply> {
  return new Promise((resolve) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { origin, accept: "application/json" };
    if (options.cookie) headers.cookie = options.cookie;
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(payload));
    }
    const req = request(url, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ ok: true, status: response.statusCode ?? 0, body: parseBody(Buffer.concat(chunks)) }));
      response.on("error", (error) => resolve({ ok: false, error: error.message }));
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error("timed out")));
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ ok: false, error: error.code ?? error.message }));
    req.end(payload);
  });
}

function parseBody(bytes: Buffer): unknown {
  if (bytes.length === 0) return null;
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    return bytes.toString("utf8").slice(0, 200);
  }
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items` with at most `limit` in flight. */
export async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
