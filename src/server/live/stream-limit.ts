/**
 * Open streams per client address. A stream holds a connection for as long as a page is open, so
 * one address could otherwise hold thousands (docs/live-updates.md): past `max` the next one is
 * refused with 429 until one closes. Counts only open streams; the key goes with the last one.
 */
export class StreamLimit {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** A release function for the stream, or null when the address already has `max` open. */
  take(address: string | undefined): (() => void) | null {
    const key = address ?? "unknown";
    const count = this.open.get(key) ?? 0;
    if (count >= this.max) return null;
    this.open.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left <= 0) this.open.delete(key);
      else this.open.set(key, left);
    };
  }
}
