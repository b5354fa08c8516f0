import type { ServerResponse } from "node:http";
import type { SSEStreamingApi } from "hono/streaming";
import type { EventViewer } from "#server/events/get-event.ts";

const encoder = new TextEncoder();

/**
 * One server-sent event, encoded once: the same snapshot goes to every stream of viewers without a
 * part of their own, so its bytes are made once, not once per stream (as writeSSE would).
 */
export class SseFrame {
  readonly bytes: Uint8Array;

  constructor(
    readonly data: string,
    options: { event?: string; id?: string } = {},
  ) {
    const lines = [options.event && `event: ${options.event}`, ...data.split(/\r\n|\r|\n/).map((line) => `data: ${line}`), options.id !== undefined && `id: ${options.id}`];
    this.bytes = encoder.encode(`${lines.filter(Boolean).join("\n")}\n\n`);
  }
}

/**
 * One open stream. Writes go out one at a time; while one is under way (a slow reader), newer
 * messages replace the waiting one with the same key, so a stream that cannot keep up gets the
 * latest snapshot rather than a queue of old ones, and its memory stays bounded.
 */
export class Subscriber {
  private writing = false;
  private readonly waiting = new Map<string, SseFrame>();
  /** The highest game version queued for this stream: an older snapshot never follows a newer one. */
  private version = -1;
  /** What was queued with it: the same snapshot again (a late notification, a reset) is not sent twice. */
  private versionData: string | undefined;
  private readonly endListeners: (() => void)[] = [];

  constructor(
    private readonly stream: SSEStreamingApi,
    readonly viewer: EventViewer | undefined,
    /** When the stream is closed so that its reconnect checks the session again. */
    readonly endsAt: number,
    /**
     * The Node response under @hono/node-server (absent under app.request() in tests). Once its
     * headers are out, frames are written to it directly: the same bytes, in the same chunked
     * response, without the two web streams in between (streamSSE's TransformStream and the
     * adapter's reader), which cost about as much as the socket write itself with 2,000 streams
     * (npm run bench:live). Until then, and without it, through the stream.
     */
    private readonly outgoing?: ServerResponse,
  ) {}

  /** Queues `message` under `key` (one per game), unless it is older than what was already queued. */
  push(key: string, message: SseFrame, version?: number): void {
    if (this.stream.closed || this.stream.aborted) return;
    if (version !== undefined) {
      if (version < this.version || (version === this.version && message.data === this.versionData)) return;
      this.version = version;
      this.versionData = message.data;
    }
    this.waiting.delete(key);
    this.waiting.set(key, message);
    if (!this.writing) void this.drain();
  }

  onEnd(listener: () => void): void {
    this.endListeners.push(listener);
  }

  /** Closes the stream from this side; the browser reconnects after its `retry`. */
  end(): void {
    void this.stream.close();
    for (const listener of this.endListeners.splice(0)) listener();
  }

  /** A comment line, so that proxies and browsers keep an idle connection open. */
  heartbeat(): void {
    if (this.writing || this.stream.closed || this.stream.aborted) return;
    this.writing = true;
    void this.write(KEEP_ALIVE).finally(() => {
      this.writing = false;
      if (this.waiting.size > 0) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      for (const [key, message] of this.waiting) {
        this.waiting.delete(key);
        await this.write(message.bytes);
        if (this.stream.closed || this.stream.aborted) {
          this.waiting.clear();
          return;
        }
      }
    } finally {
      this.writing = false;
    }
    if (this.waiting.size > 0) void this.drain();
  }

  /** Resolves once the bytes are taken (the socket's buffer has room again); a closed connection takes nothing. */
  private write(bytes: Uint8Array): Promise<unknown> {
    const out = this.outgoing;
    // stream.write() swallows a closed connection's error; it resolves once the adapter took the bytes.
    if (!out?.headersSent) return this.stream.write(bytes);
    if (out.destroyed || out.writableEnded) return Promise.resolve();
    if (out.write(bytes)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        out.off("drain", done);
        out.off("close", done);
        resolve();
      };
      out.once("drain", done);
      out.once("close", done);
    });
  }
}

const KEEP_ALIVE = encoder.encode(": keep-alive\n\n");
