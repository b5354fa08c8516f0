// The baseline: a bare node:http server answering each benchmarked path with the exact bytes the
// app answered. Reads { path: { contentType, bodyBase64 } } from the JSON file named in argv[2];
// prints BENCH_READY { port } when ready.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const responses = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Record<string, { contentType: string; bodyBase64: string }>;
const bodies = new Map(Object.entries(responses).map(([path, { contentType, bodyBase64 }]) => [path, { contentType, body: Buffer.from(bodyBase64, "base64") }]));

const server = createServer((request, response) => {
  const found = bodies.get(request.url ?? "");
  if (!found) {
    response.statusCode = 404;
    response.end();
    return;
  }
  response.setHeader("content-type", found.contentType);
  response.setHeader("content-length", found.body.length);
  response.end(found.body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`BENCH_READY ${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});
