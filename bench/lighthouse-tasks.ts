// The long tasks of a Lighthouse run, from its own trace, and what each holds: what its total
// blocking time is made of (docs/server-rendering.md, "Hydration in the browser"). Lighthouse's
// simulation counts each task at four times what it took (its CPU slowdown for a phone), so a task
// of more than 12.5 ms here is one over 50 ms there.

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's own time in it (µs): below `dur` when the thread waited for a core. */
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

const SLOWDOWN = 4;
const LONG_MS = 50;
/** The events that say what a task did; the rest of a trace is their parts or the browser's own. */
const TOLD = new Set(["ParseHTML", "EvaluateScript", "v8.evaluateModule", "v8.compileModule", "FunctionCall", "TimerFire", "FireAnimationFrame", "RunMicrotasks", "EventDispatch", "UpdateLayoutTree", "Layout", "Paint", "PrePaint", "MinorGC", "MajorGC", "ParseAuthorStyleSheet"]);

export interface LongTask {
  /** From the page's navigation, ms. */
  startMs: number;
  /** As it took on this machine, ms. */
  durationMs: number;
  /** Of which the main thread computed (the rest it waited for one of the machine's cores), ms. */
  cpuMs: number;
  /** Its largest parts, e.g. "Layout 28.5", "FunctionCall /assets/common.js 19.7". */
  parts: string[];
}

/** The renderer's main thread: the busiest one. */
function mainThread(events: TraceEvent[]): TraceEvent | undefined {
  const threads = events.filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain");
  const busy = new Map<string, number>();
  for (const event of events) if (event.name === "RunTask" && event.dur) busy.set(`${event.pid}:${event.tid}`, (busy.get(`${event.pid}:${event.tid}`) ?? 0) + event.dur);
  return threads.sort((a, b) => (busy.get(`${b.pid}:${b.tid}`) ?? 0) - (busy.get(`${a.pid}:${a.tid}`) ?? 0))[0];
}

/**
 * The blocking time the main thread's tasks after the first paint would add up to had each taken only
 * the time it computed (trace `tdur`), not the time it also waited for a core: what the page's own
 * work costs a phone, apart from how busy this machine's two cores were (its server, the browser's
 * other processes). Lighthouse counts each task as it lasted here; where its TBT is far above this,
 * the difference is the waiting. Tasks to the trace's end, where Lighthouse stops at its simulated
 * time to interactive: an upper bound of the page's share.
 */
export function ownBlockingMs(events: TraceEvent[]): number {
  const main = mainThread(events);
  if (!main) return Number.NaN;
  const firstPaint = events.find((event) => event.name === "firstContentfulPaint" && event.pid === main.pid)?.ts ?? 0;
  return events
    .filter((event) => event.name === "RunTask" && event.pid === main.pid && event.tid === main.tid && event.ph === "X" && event.ts >= firstPaint)
    .reduce((sum, task) => sum + Math.max(0, ((task.tdur ?? task.dur ?? 0) / 1000) * SLOWDOWN - LONG_MS), 0);
}

/** The renderer's main thread and its tasks over 12.5 ms, in order. */
export function longTasks(events: TraceEvent[]): LongTask[] {
  const main = mainThread(events);
  if (!main) return [];
  const own = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === "X" && event.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const navigation = events.find((event) => event.name === "navigationStart")?.ts ?? own[0]?.ts ?? 0;
  return own
    .filter((event) => event.name === "RunTask" && event.dur! * SLOWDOWN > LONG_MS * 1000)
    .map((task) => {
      const end = task.ts + task.dur!;
      const parts = own
        .filter((event) => TOLD.has(event.name) && event.ts >= task.ts && event.ts + event.dur! <= end && event.dur! >= 1000)
        .sort((a, b) => b.dur! - a.dur!)
        .slice(0, 4)
        .map((event) => [event.name, shortUrl(event.args?.data?.url), event.args?.data?.functionName, (event.dur! / 1000).toFixed(1)].filter(Boolean).join(" "));
      return { startMs: (task.ts - navigation) / 1000, durationMs: task.dur! / 1000, cpuMs: (task.tdur ?? task.dur!) / 1000, parts };
    });
}

/** Lighthouse's way of adding them up, over every long task (it counts only those between FCP and TTI). */
export function blockingMs(tasks: LongTask[]): number {
  return tasks.reduce((sum, task) => sum + Math.max(0, task.durationMs * SLOWDOWN - LONG_MS), 0);
}

export function describeTasks(tasks: LongTask[]): string {
  return tasks.map((task) => `    at ${task.startMs.toFixed(0)} ms: ${task.durationMs.toFixed(1)} ms (×${SLOWDOWN}: ${(task.durationMs * SLOWDOWN).toFixed(0)}; computed ${task.cpuMs.toFixed(1)}) ${task.parts.join(", ")}`).join("\n");
}

function shortUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  return url.replace(/^https?:\/\/[^/]+/, "");
}
