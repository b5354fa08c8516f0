/** One server-sent event as a browser's EventSource would dispatch it. */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * Reads a text/event-stream answer as EventSource does (fields, blank line ends an event, comments
 * ignored but counted), so tests can wait for the event they expect.
 */
export class SseReader {
  readonly events: SseEvent[] = [];
  comments = 0;
  retry: number | undefined;
  ended = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private buffer = "";
  private waiters: (() => void)[] = [];

  constructor(readonly response: Response) {
    if (!response.body) throw new Error("the answer has no body");
    this.reader = response.body.getReader();
    void this.pump();
  }

  private async pump() {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        this.parse();
      }
    } catch {
      // Cancelled by close().
    }
    this.ended = true;
    this.wake();
  }

  private parse() {
    let end: number;
    while ((end = this.buffer.indexOf("\n\n")) !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = "message";
      let id: string | undefined;
      const data: string[] = [];
      let hasData = false;
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) {
          this.comments += 1;
          continue;
        }
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        else if (field === "id") id = value;
        else if (field === "retry") this.retry = Number(value);
        else if (field === "data") {
          hasData = true;
          data.push(value);
        }
      }
      if (hasData) this.events.push({ event, id, data: data.join("\n") });
    }
    this.wake();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** The first event (from `from` on) that matches, waiting up to `timeoutMs` for it. */
  async next(match: (event: SseEvent) => boolean = () => true, options: { from?: number; timeoutMs?: number } = {}): Promise<SseEvent> {
    const deadline = Date.now() + (options.timeoutMs ?? 5_000);
    let index = options.from ?? 0;
    for (;;) {
      for (; index < this.events.length; index++) if (match(this.events[index]!)) return this.events[index]!;
      if (this.ended) throw new Error(`the stream ended without the event (got ${JSON.stringify(this.events.map((e) => e.event + ":" + e.id))})`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such event within the time (got ${JSON.stringify(this.events.map((e) => e.event + ":" + e.id))})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Whether an event that matches arrives within `ms` (from `from` on). */
  async arrivesWithin(ms: number, match: (event: SseEvent) => boolean = () => true, from = this.events.length): Promise<boolean> {
    try {
      await this.next(match, { from, timeoutMs: ms });
      return true;
    } catch {
      return false;
    }
  }

  /** Closes the connection as a browser leaving the page would. */
  async close() {
    await this.reader.cancel().catch(() => undefined);
  }
}
