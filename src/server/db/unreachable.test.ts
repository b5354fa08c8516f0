import { readFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "./unreachable.ts";

/** The error a real failed operation gives, to classify it as the error handler would. */
async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the operation to fail");
}

const connectTo = (target: { path: string } | { port: number; host: string }) =>
  new Promise<void>((resolve, reject) => {
    const socket = connect(target);
    socket.once("connect", () => (socket.destroy(), resolve()));
    socket.once("error", reject);
  });

describe("isDatabaseUnreachable", () => {
  it("counts a refused connection and a missing database socket, also as the cause of a wrapping error", async () => {
    const refused = await errorOf(() => connectTo({ port: 1, host: "127.0.0.1" }));
    const noSocket = await errorOf(() => connectTo({ path: join(tmpdir(), "kickoff-no-such-dir", ".s.PGSQL.5432") }));
    expect(isDatabaseUnreachable(refused)).toBe(true);
    expect(isDatabaseUnreachable(noSocket)).toBe(true);
    expect(isDatabaseUnreachable(new Error("Failed query: select 1", { cause: noSocket }))).toBe(true);
  });

  it("does not count a missing file, or a query the database refused, as the database being away", async () => {
    const missingFile = await errorOf(() => readFile(join(tmpdir(), "kickoff-no-such-file.woff")));
    expect((missingFile as { code?: string }).code).toBe("ENOENT");
    expect(isDatabaseUnreachable(missingFile)).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
  });
});
