import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, TEST_ORIGIN, type TestContext } from "#test/test-app.ts";

let context: TestContext;
let server: Server;
let port: number;
beforeAll(async () => {
  context = await createTestContext();
  server = serve({ fetch: context.app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await context?.close();
});

/** Sends the head of a request and part of its body, then goes away. */
async function dropMidUpload(method: string, path: string, framing: "content-length" | "chunked") {
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => undefined);
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const part = '{"email":"someone@example.com","pass';
  const length = framing === "content-length" ? "Content-Length: 5000\r\n" : "Transfer-Encoding: chunked\r\n";
  const body = framing === "content-length" ? part : `${part.length.toString(16)}\r\n${part}\r\n`;
  socket.write(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\n${length}\r\n${body}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
}

describe("a client that drops its request mid-upload", () => {
  it("is logged in one line as what it is, not as an unexpected error", async () => {
    const lines: string[] = [];
    const record = (...args: unknown[]) => {
      lines.push(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" "));
    };
    const spies = (["error", "warn", "info", "log"] as const).map((level) => vi.spyOn(console, level).mockImplementation(record));
    try {
      const drops: [string, string, "content-length" | "chunked"][] = [
        ["POST", "/api/auth/sign-in/email", "content-length"],
        ["PATCH", "/api/me/name", "content-length"],
        ["POST", "/api/events", "chunked"],
        ["POST", "/api/auth/sign-up/email", "chunked"],
      ];
      for (const [method, path, framing] of drops) await dropMidUpload(method, path, framing);
      await expect.poll(() => lines.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(drops.length);
      // Nothing else follows (a stack trace printed a moment later, say).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lines, lines.join("\n---\n")).toHaveLength(drops.length);
      drops.forEach(([method, path], index) => {
        expect(lines[index]).toMatch(/^\[[^\]]+\] the client closed the connection before sending all of /);
        expect(lines[index]).toContain(`${method} ${path}`);
        expect(lines[index]).not.toContain("\n");
      });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // The server goes on answering.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
