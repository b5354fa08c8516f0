import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "./when-idle.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("whenIdle", () => {
  it("asks the browser for an idle moment, at the latest after the limit, and can be called off", () => {
    const asked: { task: () => void; timeout: number | undefined }[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal("requestIdleCallback", (task: () => void, options?: { timeout?: number }) => asked.push({ task, timeout: options?.timeout }));
    vi.stubGlobal("cancelIdleCallback", (handle: number) => cancelled.push(handle));
    const ran: string[] = [];
    whenIdle(() => ran.push("device cookie"));
    const cancel = whenIdle(() => ran.push("watch"), 5_000);
    expect(asked.map((request) => request.timeout)).toEqual([2_000, 5_000]);
    expect(ran).toEqual([]);
    asked[0]!.task();
    expect(ran).toEqual(["device cookie"]);
    cancel();
    expect(cancelled).toEqual([2]);
  });

  it("runs the task in a task of its own where there are no idle callbacks, unless called off first", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", undefined);
    const ran: string[] = [];
    whenIdle(() => ran.push("kept"));
    const cancel = whenIdle(() => ran.push("called off"));
    expect(ran).toEqual([]);
    cancel();
    vi.runAllTimers();
    expect(ran).toEqual(["kept"]);
  });
});
