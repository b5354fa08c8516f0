import { describe, expect, it } from "vitest";
import { NotificationRouter } from "./pglite-notifications.ts";

/** A backend message: type, Int32 length (itself included), body. */
function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
const notification = (channel: string, payload: string) => message("A", Buffer.concat([Buffer.from([0, 0, 0, 42]), Buffer.from(`${channel}\0${payload}\0`)]));
const query = (text: string) => {
  const body = Buffer.from(`${text}\0`);
  return new Uint8Array(message("Q", body));
};
const commandComplete = message("C", Buffer.from("COMMIT\0"));
const readyForQuery = message("Z", Buffer.from("I"));

/** The router with connections 1 (LISTENs on kickoff_live), 2 (LISTENs on another) and what each received. */
function routerWithListeners() {
  const router = new NotificationRouter();
  const received = new Map<number, Buffer[]>([
    [1, []],
    [2, []],
    [3, []],
  ]);
  const sender = (id: number) => (data: Uint8Array) => received.get(id)!.push(Buffer.from(data));
  router.sent(1, query("LISTEN kickoff_live"), sender(1));
  router.sent(2, query('LISTEN "Other"'), sender(2));
  router.sent(3, query("select 1"), sender(3));
  return { router, received };
}

describe("NotificationRouter", () => {
  it("copies a notification in another connection's output to the connections that LISTEN on its channel, across any chunking", () => {
    const { router, received } = routerWithListeners();
    const note = notification("kickoff_live", '{"type":"event"}');
    const output = Buffer.concat([commandComplete, note, readyForQuery, message("D", Buffer.alloc(9000, 1)), notification("Other", "x")]);
    // Byte by byte, then in odd slices: the framing is followed across chunks.
    for (const size of [1, 7, 4096]) {
      received.forEach((list) => list.splice(0));
      for (let offset = 0; offset < output.length; offset += size) router.output(3, output.subarray(offset, offset + size));
      expect(received.get(1)).toEqual([note]);
      expect(received.get(2)).toEqual([notification("Other", "x")]);
      expect(received.get(3)).toEqual([]);
    }
  });

  it("leaves out the connection whose own output carries it, and stops after UNLISTEN or a disconnect", () => {
    const { router, received } = routerWithListeners();
    router.output(1, notification("kickoff_live", "own"));
    expect(received.get(1)).toEqual([]);
    router.sent(1, query("UNLISTEN *"), () => undefined);
    router.forget(2);
    router.output(3, Buffer.concat([notification("kickoff_live", "a"), notification("other", "b")]));
    expect(received.get(1)).toEqual([]);
    expect(received.get(2)).toEqual([]);
  });
});
