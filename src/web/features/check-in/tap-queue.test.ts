import { describe, expect, it } from "vitest";
import { createTapQueue, type TapSender } from "./tap-queue.ts";

/** A sender whose answers the test releases one by one; every call is recorded. */
function fakeSender() {
  const calls: { registrationId: string; checkedIn: boolean; settle: (outcome: "ok" | "network" | { status: number; message: string }) => void }[] = [];
  const send: TapSender = (tap) =>
    new Promise((resolve, reject) => {
      calls.push({
        ...tap,
        settle: (outcome) => {
          if (outcome === "ok") resolve(undefined);
          else if (outcome === "network") reject(Object.assign(new Error("Cannot reach the server."), { status: 0 }));
          else reject(Object.assign(new Error(outcome.message), { status: outcome.status }));
        },
      });
    });
  return { calls, send };
}

/** Timers the test runs by hand. */
function manualTimers() {
  const pending: { at: number; run: () => void }[] = [];
  let now = 0;
  return {
    schedule: (run: () => void, ms: number) => {
      pending.push({ at: now + ms, run });
    },
    advance(ms: number) {
      now += ms;
      for (const timer of pending.filter((candidate) => candidate.at <= now)) {
        pending.splice(pending.indexOf(timer), 1);
        timer.run();
      }
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the check-in tap queue", () => {
  it("sends a tap at once and forgets it when saved", async () => {
    const sender = fakeSender();
    const saved: string[] = [];
    const queue = createTapQueue({ send: sender.send, isOnline: () => true, schedule: manualTimers().schedule, onSaved: (tap) => saved.push(tap.registrationId) });
    queue.tap("r1", true);
    expect(queue.pending()).toEqual([{ registrationId: "r1", checkedIn: true, sending: true, attempts: 0 }]);
    expect(sender.calls.map((call) => [call.registrationId, call.checkedIn])).toEqual([["r1", true]]);
    sender.calls[0]!.settle("ok");
    await flush();
    expect(queue.pending()).toEqual([]);
    expect(saved).toEqual(["r1"]);
  });

  it("keeps one request per person in flight and sends the last state wanted after it, never a stale one", async () => {
    const sender = fakeSender();
    const queue = createTapQueue({ send: sender.send, isOnline: () => true, schedule: manualTimers().schedule });
    queue.tap("r1", true);
    queue.tap("r1", false);
    queue.tap("r1", true);
    queue.tap("r1", false);
    expect(sender.calls).toHaveLength(1);
    sender.calls[0]!.settle("ok");
    await flush();
    expect(sender.calls.map((call) => call.checkedIn)).toEqual([true, false]);
    expect(queue.wanted("r1")).toBe(false);
    sender.calls[1]!.settle("ok");
    await flush();
    expect(queue.pending()).toEqual([]);
    expect(sender.calls).toHaveLength(2);
  });

  it("waits while offline and sends each tap once when the connection is back", async () => {
    const sender = fakeSender();
    let online = false;
    const queue = createTapQueue({ send: sender.send, isOnline: () => online, schedule: manualTimers().schedule });
    queue.tap("r1", true);
    queue.tap("r2", true);
    expect(sender.calls).toHaveLength(0);
    expect(queue.pending().map((tap) => [tap.registrationId, tap.sending])).toEqual([
      ["r1", false],
      ["r2", false],
    ]);
    online = true;
    queue.retryNow();
    queue.retryNow();
    expect(sender.calls.map((call) => call.registrationId)).toEqual(["r1", "r2"]);
  });

  it("retries a tap whose answer was lost, with growing waits, until it is saved", async () => {
    const sender = fakeSender();
    const timers = manualTimers();
    const queue = createTapQueue({ send: sender.send, isOnline: () => true, schedule: timers.schedule, random: () => 0.5 });
    queue.tap("r1", true);
    sender.calls[0]!.settle("network");
    await flush();
    expect(queue.pending()).toEqual([{ registrationId: "r1", checkedIn: true, sending: false, attempts: 1 }]);
    timers.advance(999);
    expect(sender.calls).toHaveLength(1);
    timers.advance(1);
    expect(sender.calls).toHaveLength(2);
    sender.calls[1]!.settle({ status: 503, message: "Service unavailable" });
    await flush();
    timers.advance(1_999);
    expect(sender.calls).toHaveLength(2);
    timers.advance(1);
    expect(sender.calls).toHaveLength(3);
    sender.calls[2]!.settle("ok");
    await flush();
    expect(queue.pending()).toEqual([]);
    // A timer left from before does not send it again.
    timers.advance(60_000);
    expect(sender.calls).toHaveLength(3);
  });

  it("gives up on a refusal (closed window, spot no longer confirmed) and says why", async () => {
    const sender = fakeSender();
    const refused: { registrationId: string; message: string }[] = [];
    const queue = createTapQueue({
      send: sender.send,
      isOnline: () => true,
      schedule: manualTimers().schedule,
      onRefused: (tap, message) => refused.push({ registrationId: tap.registrationId, message }),
    });
    queue.tap("r1", true);
    sender.calls[0]!.settle({ status: 422, message: "Check-in closed 6 hours after the game ended." });
    await flush();
    expect(queue.pending()).toEqual([]);
    expect(refused).toEqual([{ registrationId: "r1", message: "Check-in closed 6 hours after the game ended." }]);
  });

  it("tells its subscribers about every change", async () => {
    const sender = fakeSender();
    const queue = createTapQueue({ send: sender.send, isOnline: () => true, schedule: manualTimers().schedule });
    let changes = 0;
    const unsubscribe = queue.subscribe(() => changes++);
    queue.tap("r1", true);
    const afterTap = changes;
    expect(afterTap).toBeGreaterThan(0);
    sender.calls[0]!.settle("ok");
    await flush();
    expect(changes).toBeGreaterThan(afterTap);
    unsubscribe();
  });
});
