import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";

/** A 256×256 green PNG: every map tile the e2e browser asks for. */
const TILE = solidPng(256, [0x86, 0xc5, 0x7a]);

function solidPng(size: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** Places the fake Nominatim knows; any query matching part of a name returns it. */
export const FAKE_PLACES = [
  { display_name: "Riverside Park Pitch 3, 100 River Road, Springfield", lat: "40.7812", lon: "-73.9665" },
  { display_name: "Central Sports Ground, 5 Main Street, Springfield", lat: "40.7505", lon: "-73.9934" },
];

/**
 * Loopback stand-ins for the outside services the browser and server would reach on the internet
 * (none is reachable here): a Nominatim-compatible place search and a map tile server.
 */
export async function startFakeServices() {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname === "/search") {
      const query = (url.searchParams.get("q") ?? "").toLowerCase();
      const matches = FAKE_PLACES.filter((place) => place.display_name.toLowerCase().includes(query));
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(matches));
      return;
    }
    if (url.pathname.startsWith("/tiles/")) {
      response.setHeader("content-type", "image/png");
      response.setHeader("access-control-allow-origin", "*");
      response.end(TILE);
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    nominatimUrl: origin,
    tilesUrl: `${origin}/tiles`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
