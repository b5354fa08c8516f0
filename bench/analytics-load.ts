// Beacons at a steady rate for `npm run bench:analytics`, in a process of its own so that sending them
// does not slow the event-page loop of the main bench process (the two would share one event loop).
//   node --import tsx bench/analytics-load.ts <port> <per second> <seconds> <first sequence number>
// Prints BENCH_RESULT { sent, accepted, errors, perSecond, p50, p99 } when done.
import { Agent, request } from "node:http";

const [port, perSecond, seconds, first] = process.argv.slice(2).map(Number) as [number, number, number, number];
/** More in flight than this and the app is not keeping up: the rest are counted as not sent, rather than queued without end here. */
const MAX_IN_FLIGHT = 256;

export const AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
];

const agent = new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });

/**
 * One beacon as a browser sends it: text/plain with its length, one of a few devices, from one of
 * 50,000 client addresses (the trusted proxy's X-Forwarded-For), each well within its rate limit.
 */
export function sendBeacon(port: number, n: number, httpAgent: Agent = agent): Promise<number> {
  const path = n % 4 === 0 ? `/event/00000000-0000-4000-8000-${String(n % 100).padStart(12, "0")}` : n % 4 === 1 ? "/" : "/your-events";
  const body = JSON.stringify({ kind: "view", path, signedIn: n % 3 !== 0, ...(n % 5 === 0 ? { referrer: "wa.me" } : {}) });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/analytics/hits",
        method: "POST",
        agent: httpAgent,
        headers: {
          "content-type": "text/plain;charset=UTF-8",
          "content-length": Buffer.byteLength(body),
          "user-agent": AGENTS[n % AGENTS.length]!,
          "x-forwarded-for": `10.0.${(n >> 8) & 255}.${n & 255}`,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function main() {
  const latencies: number[] = [];
  let sent = 0;
  let accepted = 0;
  let errors = 0;
  let skipped = 0;
  let inFlight = 0;
  let sequence = first;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      if (now >= deadline) {
        clearInterval(timer);
        resolve();
        return;
      }
      const due = Math.floor(((now - started) / 1000) * perSecond) - sent - skipped;
      for (let i = 0; i < due; i++) {
        if (inFlight >= MAX_IN_FLIGHT) {
          skipped++;
          continue;
        }
        sent++;
        inFlight++;
        const at = performance.now();
        sendBeacon(port, sequence++ % 50_000)
          .then((status) => (status === 204 ? accepted++ : errors++))
          .catch(() => errors++)
          .finally(() => {
            inFlight--;
            latencies.push(performance.now() - at);
          });
      }
    }, 5);
  });
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const result = { sent, accepted, errors, skipped, perSecond: accepted / seconds, p50: at(0.5), p99: at(0.99) };
  process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
  agent.destroy();
}

if (process.argv[1]?.endsWith("analytics-load.ts")) void main();
