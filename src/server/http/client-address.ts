import { isIP } from "node:net";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

/**
 * The address of the client a request comes from: the socket's peer, or, behind `trustProxy`
 * reverse proxies, the address the outermost of them saw. Each proxy appends the address it was
 * connected from to X-Forwarded-For, so only the last `trustProxy` entries are theirs; anything
 * to the left of those was sent by the client and may be made up.
 */
export function clientAddress(options: { socketAddress?: string; forwardedFor?: string; trustProxy: number }): string | undefined {
  const socket = options.socketAddress ? normalize(options.socketAddress) : undefined;
  if (options.trustProxy === 0 || !options.forwardedFor) return socket;
  const forwarded = options.forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (forwarded.length === 0) return socket;
  // The n-th from the right, or the furthest one known when fewer proxies were passed.
  const chosen = forwarded[Math.max(0, forwarded.length - options.trustProxy)]!;
  // A trusted proxy always writes an address; anything else means it is not configured as we think.
  return isIP(normalize(chosen)) ? normalize(chosen) : socket;
}

/** IPv4-mapped IPv6 (::ffff:203.0.113.9, what a dual-stack socket reports) as plain IPv4. */
function normalize(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** This machine: 127.0.0.0/8 and ::1 (IPv4-mapped forms included). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = normalize(address);
  if (isIP(plain) === 4) return plain.startsWith("127.");
  if (isIP(plain) === 6) return expandIpv6(plain) === "0000:0000:0000:0000:0000:0000:0000:0001";
  return false;
}

/**
 * The key a client address is counted under: IPv4 as is; IPv6 by its /64 network, since one
 * subscriber usually gets a whole /64 and could otherwise use a new address for every request.
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).split(":").slice(0, 4).join(":")}::/64`;
}

/** The full eight-group lowercase form of an IPv6 address (no zone, no embedded IPv4). */
function expandIpv6(address: string): string {
  const withoutZone = address.split("%")[0]!.toLowerCase();
  const [head = "", tail] = withoutZone.split("::") as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(":") : []);
  const missing = 8 - groups(head).length - groups(tail ?? "").length;
  const all = tail === undefined ? groups(head) : [...groups(head), ...Array<string>(missing).fill("0"), ...groups(tail)];
  return all.map((group) => group.padStart(4, "0")).join(":");
}

/**
 * Notes the client's address for the rest of the request (rate limits, the local mailbox).
 * `c.env.incoming` is @hono/node-server's IncomingMessage; app.request() in tests has none unless
 * the test passes one. Read now: once a client goes away its socket no longer has an address.
 */
export function clientAddressMiddleware(trustProxy: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
    c.set(
      "clientAddress",
      clientAddress({ socketAddress: env?.incoming?.socket?.remoteAddress, forwardedFor: c.req.header("x-forwarded-for"), trustProxy }),
    );
    await next();
  };
}
